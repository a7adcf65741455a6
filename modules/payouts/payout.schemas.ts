import { z } from 'zod';
import { oneLine, visibleOrEmpty } from '../../kernel/http/index.ts';
import { currencies, decimalAmount } from '../money/index.ts';
import { payoutStatuses, publicPayoutStatuses, queueStatuses } from './payout.entity.ts';

const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const fundraiserParams = z.object({ id });
export const payoutParams = z.object({ id });

/** The form of an amount only: what is available decides how much may be asked for. */
export const payoutRequest = z.strictObject({ amount: decimalAmount({ max: 1_000_000_000 }) });

export const payoutMethodRequest = z.strictObject({
  bankCode: z.string().trim().min(1).max(40),
  /** Digits only: spaces and dashes people type between groups are dropped first. */
  accountNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{4,40}$/.test(v), { params: { message: 'field.payout_account_digits' } }),
  /** As the bank has it: Chapa pays only when it matches the account. */
  accountName: z.string().transform(oneLine).transform(visibleOrEmpty).pipe(z.string().min(2).max(120)),
});

/** Why an approver says no: the organiser is told it. */
export const rejectRequest = z.strictObject({ reason: z.string().transform(oneLine).pipe(z.string().min(10).max(500)) });

const money = z.string().meta({ description: 'A decimal amount such as "1500.00"' });

export const balanceResponse = z.object({
  currency: z.enum(currencies),
  raised: money,
  refunded: money,
  paidOut: money,
  inFlight: money,
  held: money,
  /** Refunds let through beyond what the fundraiser kept, which the platform covers. */
  coveredByPlatform: money,
  available: money,
});

export const bankResponse = z.object({ banks: z.array(z.object({ code: z.string(), name: z.string(), accountLength: z.number().int(), mobileMoney: z.boolean() })) });

export const payoutMethodResponse = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  /** The last four digits only: the full number is never answered. */
  accountLast4: z.string(),
  accountName: z.string(),
  setAt: z.string(),
  /** No withdrawal starts before this (48 hours after each change). */
  heldUntil: z.string(),
});

export const payoutMethodAnswer = z.object({ method: payoutMethodResponse.nullable() });

export const payoutResponse = z.object({
  id: z.number().int(),
  fundraiserId: z.number().int(),
  amount: money,
  currency: z.enum(currencies),
  status: z.enum(payoutStatuses),
  /** "Commercial Bank of Ethiopia ··6789" */
  account: z.string(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});

export const payoutListResponse = z.object({ payouts: z.array(payoutResponse) });

/** What Chapa posts before it releases a transfer (its server approval). */
export const chapaApprovalBody = z.object({
  reference: z.string().min(1).max(120),
  amount: z.union([z.string(), z.number()]),
  bank: z.union([z.string(), z.number()]).transform(String),
  account_name: z.string().max(200),
  account_number: z.union([z.string(), z.number()]).transform(String),
});

export const chapaApprovalResponse = z.object({ approved: z.literal(true) });

const ledgerDay = z.object({ day: z.iso.date().meta({ description: 'An Addis Ababa day' }), count: z.number().int(), amount: money });

export const ledgerResponse = z.object({
  currency: z.enum(currencies),
  raised: money,
  refunded: money,
  /** Paid to the beneficiary's account. */
  withdrawn: money,
  /** Approved and being sent. */
  onItsWay: money,
  gifts: z.array(ledgerDay),
  refunds: z.array(ledgerDay),
  payouts: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      amount: money,
      status: z.enum(publicPayoutStatuses),
      /** "Commercial Bank of Ethiopia ··6789": never the full number. */
      account: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});

export const queueQuery = z.strictObject({ status: z.enum(queueStatuses).default('REQUESTED') });

export const queueResponse = z.object({
  payouts: z.array(
    payoutResponse.extend({
      fundraiser: z.object({ id: z.number().int(), title: z.string(), status: z.string() }),
      requestedBy: z.object({ id: z.number().int(), email: z.string() }),
      /** Why an approver should look twice: the fundraiser is suspended, the account changed since the request, or it is above the threshold (an admin must approve). */
      holds: z.array(z.enum(['fundraiser_suspended', 'account_changed_since_request', 'above_threshold'])),
    }),
  ),
});

export const payoutTotalsResponse = z.object({
  totals: z.array(z.object({ currency: z.enum(currencies), owed: money, inFlight: money, paidThisMonth: money, coveredByPlatform: money })),
});

export type LedgerView = z.infer<typeof ledgerResponse>;
