import { z } from 'zod';
import { currencies } from '../money/index.ts';
import { shareChannels, visitChannels } from './report.entity.ts';

export const fundraiserParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The `?s=` a shared address carried: a channel's name; one the platform does not know counts as direct. */
const channel = z.string().regex(/^[a-z]{1,20}$/);
const referrer = z.string().max(2000);

/**
 * A view, as the page's script sends it: the `?s=` its address carried and the page it came
 * from. Nothing about the visitor: their address and browser are read from the request.
 */
export const viewRequest = z.strictObject({ channel: channel.optional(), referrer: referrer.optional() });
export const viewQuery = z.object({ s: channel.optional(), r: referrer.optional() });

export const shareRequest = z.strictObject({ channel: z.enum(shareChannels) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** An IANA zone, by its canonical name (any spelling of one zone is that one zone, so nothing keyed by zone grows with spellings). */
const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone, like Africa/Addis_Ababa')
  .transform((tz) => new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone);

/**
 * The days a report covers, both included, cut in `tz`. Left out: the 30 days up to today.
 * At most 366 days, so that a report's cost has a ceiling.
 */
export const reportQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  tz: z.preprocess((v) => (v === '' ? undefined : v), timeZone.default('Africa/Addis_Ababa')),
});
export type ReportQuery = z.output<typeof reportQuery>;

const amount = z.string();
const currency = z.enum(currencies);
const methodOf = z.string();

const currencyTotals = z.object({
  currency,
  raised: amount,
  donations: z.number().int(),
  /** Donors whose first gift (still counted) falls in the period: summed over days, nobody twice. */
  donors: z.number().int(),
  average: amount,
  largest: amount,
});

/** A donation as an organiser (or admin) sees it in reports: the donor's e-mail only when they allowed it. */
export const reportDonation = z.object({
  id: z.number().int(),
  fundraiserId: z.number().int(),
  fundraiserTitle: z.string(),
  /** The donor's name as they gave it, or Anonymous. */
  name: z.string(),
  amount,
  currency,
  paymentMethod: methodOf.nullable(),
  status: z.enum(['SUCCEEDED', 'REFUNDED']),
  message: z.string().nullable(),
  channel: z.enum(visitChannels),
  /** The team member whose link it came through. */
  teamMember: z.string().nullable(),
  /** Only when the donor ticked 'the organiser may contact me'; never to an admin's screen otherwise either. */
  email: z.string().nullable(),
  /** When it succeeded. */
  date: z.string(),
});
export type ReportDonation = z.output<typeof reportDonation>;

export const reportResponse = z.object({
  range: z.object({ from: day, to: day, tz: z.string() }),
  donationStats: z.object({
    /** One entry per currency: dollars are never added to birr. */
    byCurrency: z.array(currencyTotals),
    /** The fundraiser's whole life, not the period; only in a fundraiser's report. */
    progress: z
      .object({ goal: amount, raised: amount, currency, percent: z.number(), donations: z.number().int() })
      .nullable(),
  }),
  shareStats: z.object({
    shares: z.number().int(),
    /** Per channel, `direct` last: clicks on its share button, visits through its links, the donations and money they brought. */
    channels: z.array(
      z.object({
        channel: z.enum(visitChannels),
        shares: z.number().int(),
        visits: z.number().int(),
        donations: z.number().int(),
        amounts: z.array(z.object({ currency, amount })),
      }),
    ),
    daily: z.array(z.object({ date: day, shares: z.number().int() })),
  }),
  visitorStats: z.object({
    views: z.number().int(),
    visitors: z.number().int(),
    donations: z.number().int(),
    /** Donations per visitor in the period, rounded to 4 places (above 1 when donations outnumber counted visitors); null without visitors. */
    conversionRate: z.number().nullable(),
    topReferrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
    daily: z.array(z.object({ date: day, views: z.number().int(), visitors: z.number().int() })),
  }),
  /** The last 20 donations of the period, newest first: never an e-mail address. */
  recentDonations: z.array(reportDonation),
  /** Per currency, every day of the period (empty ones as zeros); `cumulative` starts from what was raised before it. */
  donationTimeline: z.array(
    z.object({
      currency,
      days: z.array(z.object({ date: day, amount, donations: z.number().int(), cumulative: amount })),
    }),
  ),
  /** Only in a fundraiser's report: what its progress page needs beside the figures. */
  fundraiser: z
    .object({ id: z.number().int(), title: z.string(), status: z.string(), lastUpdateAt: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  /** Only in the admin's report: platform-wide counts of the period. */
  platform: z
    .object({
      newUsers: z.number().int(),
      newFundraisers: z.number().int(),
      byMethod: z.array(z.object({ method: methodOf, currency, donations: z.number().int(), amount })),
      byCategory: z.array(z.object({ categoryId: z.number().int().nullable(), category: z.string(), currency, donations: z.number().int(), amount })),
    })
    .nullable(),
});
export type ReportView = z.output<typeof reportResponse>;

/** The donations table of the report screens: filters, then paging. */
export const reportDonationsQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  tz: z.preprocess((v) => (v === '' ? undefined : v), timeZone.default('Africa/Addis_Ababa')),
  fundraiserId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  method: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[A-Z_]{1,20}$/).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['SUCCEEDED', 'REFUNDED']).optional()),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReportDonationsQuery = z.output<typeof reportDonationsQuery>;

/** A CSV download: the list's filters without paging, and the language of its headings (a link cannot send Accept-Language). */
export const reportCsvQuery = reportDonationsQuery.omit({ page: true, size: true }).extend({
  lang: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['en', 'am']).optional()),
});
export type ReportCsvQuery = z.output<typeof reportCsvQuery>;
