/**
 * What the admin screens compute in the browser: the API's shapes (types only, from
 * modules/admin/admin.schemas.ts), the filters a list keeps in the address, how old something
 * is, and the links in an e-mail's text.
 */
import type { z } from 'zod';
import type {
  adminDonation,
  adminFundraiser,
  adminFundraiserDetail,
  adminMail,
  adminMailDetail,
  adminUser,
  auditEventView,
  flagGroupView,
  overviewResponse,
  rebuildResponse,
  resolveFlagResponse,
  siteResponse,
} from '../../../modules/admin/admin.schemas.ts';
import { numberFormat } from './format.ts';

export type { Page } from './fundraiser.ts';
export type Overview = z.output<typeof overviewResponse>;
export type FlagGroup = z.output<typeof flagGroupView>;
export type FlagResolution = z.output<typeof resolveFlagResponse>;
export type AdminFundraiser = z.output<typeof adminFundraiser>;
export type AdminFundraiserDetail = z.output<typeof adminFundraiserDetail>;
export type AdminDonation = z.output<typeof adminDonation>;
export type AdminUser = z.output<typeof adminUser>;
export type AdminMail = z.output<typeof adminMail>;
export type AdminMailDetail = z.output<typeof adminMailDetail>;
export type SiteState = z.output<typeof siteResponse>;
export type SiteBuild = SiteState['builds'][number];
export type Rebuild = z.output<typeof rebuildResponse>;
export type AuditEvent = z.output<typeof auditEventView>;

export type FundraiserStatus = AdminFundraiser['status'];
export type DonationStatus = AdminDonation['status'];
export type MailStatus = AdminMail['status'];
export type FlagTargetType = FlagGroup['targetType'];
export type FlagReason = FlagGroup['latest'][number]['reason'];

export const fundraiserStatuses = ['ACTIVE', 'PAUSED', 'CLOSED', 'SUSPENDED'] as const satisfies readonly FundraiserStatus[];
export const donationStatuses = ['PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'SUCCEEDED', 'REFUNDED'] as const satisfies readonly DonationStatus[];
export const mailStatuses = ['QUEUED', 'PENDING', 'SENT', 'FAILED', 'LOGGED'] as const satisfies readonly MailStatus[];
export const flagReasons = ['SPAM', 'ABUSE', 'FRAUD', 'OTHER'] as const satisfies readonly FlagReason[];
export const auditTargetTypes = ['fundraiser', 'donation', 'user', 'flag', 'mail', 'site'] as const;
/** The actions the API writes to the audit log; one added later shows under its own name. */
export const auditActions = [
  'fundraiser.suspend',
  'fundraiser.reinstate',
  'fundraiser.close',
  'fundraiser.verify',
  'fundraiser.unverify',
  'fundraiser.refund_all',
  'donation.refund',
  'donation.receipt',
  'user.disable',
  'user.enable',
  'user.grant_admin',
  'user.revoke_admin',
  'flag.resolve',
  'mail.retry',
  'site.rebuild',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** As the API checks them (modules/admin/admin.schemas.ts): a reason of at least 10 characters, a verification note of 5 to 200. */
export const reasonLength = { min: 10, max: 1000 } as const;
export const verifyNoteLength = { min: 5, max: 200 } as const;
export const adminPageSize = 20;

export function isKnown<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Checks of the values a hand-edited address may hold: a wrong one is left out rather than sent. */
export const filterChecks = {
  id: (value: string) => /^\d{1,10}$/.test(value),
  text: (value: string) => value.length <= 254,
  action: (value: string) => /^[a-z_]+(\.[a-z_]+)?$/.test(value) && value.length <= 60,
  oneOf:
    (list: readonly string[]) =>
    (value: string): boolean =>
      list.includes(value),
};

export type Filters<K extends string> = Record<K, string> & { page: number };

export function filtersFrom<K extends string>(search: string, checks: Record<K, (value: string) => boolean>): Filters<K> {
  const params = new URLSearchParams(search);
  const filters = {} as Record<K, string>;
  for (const key of Object.keys(checks) as K[]) {
    const value = params.get(key)?.trim() ?? '';
    filters[key] = value && checks[key](value) ? value : '';
  }
  const page = params.get('page') ?? '';
  return { ...filters, page: /^\d{1,6}$/.test(page) ? Number(page) : 0 };
}

/** The filters as a query: the address's (no page 0, nothing empty), or the API's with `size`. */
export function filterQuery(filters: Record<string, string | number>, size?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && !(key === 'page' && value === 0 && size === undefined)) params.set(key, String(value));
  }
  if (size !== undefined) params.set('size', String(size));
  return params.toString();
}

const ageUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago `iso` was, in words ("5 minutes ago", "yesterday"), in the page's language. */
export function formatAge(lang: 'en' | 'am', iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang === 'am' ? 'am-ET' : 'en-US', { numeric: 'auto' });
  for (const [unit, size] of ageUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A build's duration: "3.2 s". */
export function formatSeconds(lang: 'en' | 'am', ms: number): string {
  return numberFormat(lang, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }).format(ms / 1000);
}

export type TextPart = { text: string } | { href: string };

/**
 * An e-mail's text cut into words and web addresses, so that the addresses can be links: a
 * newcomer without SMTP opens the verification link of a logged mail from here. Only http(s)
 * addresses; the full stop or bracket that ends a sentence is not part of one.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const href = match[0].replace(/[.,;:!?)\]'’”]+$/, '');
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ href });
    last = match.index + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * How far "refund all" has gone: the donations it dealt with (refunded, or refused by the
 * provider), out of all it has to deal with, and those still to try. A refused donation stays
 * paid, so it is among the API's `paid` until a person looks at it.
 */
export function refundProgress(detail: Pick<AdminFundraiserDetail, 'refundRun' | 'donations'>): { done: number; total: number; left: number } | null {
  const run = detail.refundRun;
  if (!run) return null;
  const done = run.refunded + run.failed;
  const left = run.status === 'RUNNING' ? Math.max(0, detail.donations.paid - run.failed) : 0;
  return { done, total: done + left, left };
}
