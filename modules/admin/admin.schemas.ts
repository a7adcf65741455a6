import { z } from 'zod';
import { blankToUndefined, oneLine, plainText } from '../../kernel/http/index.ts';
import { fundraiserStatuses, pageResponse } from '../fundraisers/index.ts';
import { mailStatuses } from '../mail/index.ts';
import { currencies } from '../money/index.ts';
import { donationStatuses, paymentMethods } from '../donations/index.ts';
import { flagReasons, flagTargetTypes } from '../flags/index.ts';
import { siteBuildResults, siteBuildTriggers } from '../site-builds/index.ts';

export const minReason = 10;

/** Why an admin changes money or people: kept in the audit log, at least 10 characters. */
export const reason = z
  .string()
  .transform(plainText)
  .pipe(z.string().trim().min(minReason).max(1000));

export const reasonRequest = z.strictObject({ reason });

/** A refund's reason, and whether the platform covers what it would overdraw (money already paid out). */
export const refundRequest = z.strictObject({ reason, coveredByPlatform: z.boolean().default(false) });

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const paging = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const searchText = z.preprocess(blankToUndefined, z.string().max(254).optional());

export const fundraiserSearchQuery = z.strictObject({
  query: searchText,
  status: z.preprocess(blankToUndefined, z.enum(fundraiserStatuses).optional()),
  verified: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  ...paging,
});

export const userSearchQuery = z.strictObject({
  query: searchText,
  status: z.preprocess(blankToUndefined, z.enum(['ADMIN', 'DISABLED']).optional()),
  ...paging,
});

export const donationSearchQuery = z.strictObject({
  query: searchText,
  fundraiserId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  ...paging,
});

export const mailSearchQuery = z.strictObject({
  query: searchText,
  status: z.preprocess(blankToUndefined, z.enum(mailStatuses).optional()),
  ...paging,
});

export const flagQuery = z.strictObject({ status: z.enum(['OPEN']).default('OPEN'), ...paging });

export const auditQuery = z.strictObject({
  actorId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  action: z.preprocess(blankToUndefined, z.string().regex(/^[a-z_]+(\.[a-z_]+)?$/).max(60).optional()),
  targetType: z.preprocess(blankToUndefined, z.enum(['fundraiser', 'donation', 'user', 'flag', 'mail', 'site', 'payout']).optional()),
  targetId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  from: z.preprocess(blankToUndefined, z.iso.date().optional()),
  to: z.preprocess(blankToUndefined, z.iso.date().optional()),
  ...paging,
});

export const resolveFlagRequest = z.strictObject({
  action: z.enum(['DISMISS', 'HIDE_COMMENT', 'SUSPEND_FUNDRAISER']),
  note: z.preprocess(blankToUndefined, reason.optional()),
});

export const verifyRequest = z.strictObject({
  /** What was checked, shown with the badge: "Hospital letter checked". */
  note: z.string().transform(oneLine).pipe(z.string().min(5).max(200)),
});

export const adminGrantRequest = z.strictObject({ admin: z.boolean(), reason });

const person = z.object({ id: z.number(), email: z.string(), name: z.string(), disabled: z.boolean() });
const money = z.object({ currency: z.enum(currencies), amount: z.string() });

export const adminFundraiser = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(fundraiserStatuses),
  currency: z.enum(currencies),
  raisedAmount: z.string(),
  goalAmount: z.string(),
  donationCount: z.number(),
  verified: z.object({ at: z.string(), note: z.string() }).nullable(),
  organiser: person,
  createdAt: z.string(),
});
export type AdminFundraiserView = z.output<typeof adminFundraiser>;

export const refundRunView = z.object({
  id: z.number(),
  status: z.enum(['RUNNING', 'DONE']),
  refunded: z.number(),
  failed: z.number(),
  lastError: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const adminFundraiserDetail = adminFundraiser.extend({
  /** Paid donations still counted, and refunded ones. */
  donations: z.object({ paid: z.number(), refunded: z.number() }),
  refundRun: refundRunView.nullable(),
  openFlags: z.number(),
});

export const adminDonation = z.object({
  id: z.number(),
  fundraiser: z.object({ id: z.number(), title: z.string(), status: z.enum(fundraiserStatuses) }),
  donorName: z.string().nullable(),
  donorEmail: z.string(),
  amount: z.string(),
  currency: z.enum(currencies),
  status: z.enum(donationStatuses),
  paymentMethod: z.enum(paymentMethods).nullable(),
  payments: z.array(
    z.object({
      method: z.enum(paymentMethods),
      status: z.string(),
      sandbox: z.boolean(),
      providerRef: z.string(),
      transactionId: z.string().nullable(),
      disputeStatus: z.string().nullable(),
      refundReason: z.string().nullable(),
      refundId: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type AdminDonationView = z.output<typeof adminDonation>;

export const adminUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admin: z.boolean(),
  emailVerified: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserView = z.output<typeof adminUser>;

export const adminMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  kind: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const adminMailDetail = adminMail.extend({
  /** The text as sent; null when it held a single-use link and has been delivered, or will be by SMTP. */
  text: z.string().nullable(),
});

export const flagGroupView = z.object({
  id: z.number(),
  targetType: z.enum(flagTargetTypes),
  targetId: z.number(),
  target: z.object({
    /** A fundraiser's title, or the start of a comment or a donor's words. */
    label: z.string(),
    /** The fundraiser the target is, or is on; null when it is gone. */
    fundraiserId: z.number().nullable(),
    fundraiserStatus: z.enum(fundraiserStatuses).nullable(),
    /** Already hidden, deleted or suspended, or gone altogether. */
    gone: z.boolean(),
  }),
  count: z.number(),
  reasons: z.object(Object.fromEntries(flagReasons.map((r) => [r, z.number()])) as Record<(typeof flagReasons)[number], z.ZodNumber>),
  firstAt: z.string(),
  lastAt: z.string(),
  latest: z.array(z.object({ id: z.number(), reason: z.enum(flagReasons), details: z.string().nullable(), signedIn: z.boolean(), createdAt: z.string() })),
});

export const resolveFlagResponse = z.object({ resolved: z.number(), action: z.enum(['DISMISS', 'HIDE_COMMENT', 'SUSPEND_FUNDRAISER']) });

export const auditEventView = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  targetLabel: z.string(),
  reason: z.string().nullable(),
  ip: z.string(),
  outcome: z.string(),
});

export const siteBuildView = z.object({
  id: z.number(),
  startedAt: z.string(),
  durationMs: z.number(),
  trigger: z.enum(siteBuildTriggers),
  result: z.enum(siteBuildResults),
  buildId: z.string().nullable(),
  error: z.string().nullable(),
  host: z.string(),
});

export const siteResponse = z.object({
  /** The build this instance serves, and when it was made. */
  serving: z.object({ id: z.string(), builtAt: z.string() }).nullable(),
  builds: z.array(siteBuildView),
});

export const rebuildResponse = z.object({ built: z.boolean(), serving: z.object({ id: z.string(), builtAt: z.string() }).nullable() });

export const overviewResponse = z.object({
  raised: z.object({ today: z.array(money.extend({ donations: z.number() })), days7: z.array(money.extend({ donations: z.number() })), days30: z.array(money.extend({ donations: z.number() })) }),
  newFundraisers: z.object({ today: z.number(), days7: z.number(), days30: z.number() }),
  newUsers: z.object({ today: z.number(), days7: z.number(), days30: z.number() }),
  openFlags: z.number(),
  payments: z.object({
    duplicatesRefunded: z.number(),
    refundsPending: z.number(),
    disputesOpen: z.number(),
    reconciliation: z.object({ at: z.string(), outcome: z.string(), failed: z.boolean() }).nullable(),
  }),
  mail: z.object({ failed: z.number(), queued: z.number() }),
  site: z.object({ lastBuild: siteBuildView.nullable(), serving: z.object({ id: z.string(), builtAt: z.string() }).nullable() }),
  audit: z.array(auditEventView),
});

export { pageResponse };
