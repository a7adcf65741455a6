import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { currencies } from '../money/index.ts';

/**
 * Where a fundraiser's money goes: a bank account or wallet Chapa transfers birr to. One per
 * fundraiser; the full number is kept for the transfer and never answered (only its last
 * four). Every change starts a fresh hold (`heldUntil`), since a stolen account's first move
 * is to change where the money goes.
 */
export const PayoutMethodSchema = defineEntity({
  name: 'PayoutMethod',
  tableName: 'payout_method',
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).unique().deleteRule('restrict'),
    /** Chapa's id of the bank or wallet (its `GET /banks` answer's `id`). */
    bankCode: p.string().length(40),
    /** The bank's name as Chapa gave it when the account was set: shown as "CBE ··6789". */
    bankName: p.string().length(120),
    accountNumber: p.string().length(40),
    accountName: p.string().length(120),
    setBy: p.manyToOne(UserSchema).deleteRule('restrict'),
    setAt: p.datetime(),
    /** No payout is requested or sent before this: 48 hours after each change. */
    heldUntil: p.datetime(),
  },
});
export type PayoutMethod = InferEntity<typeof PayoutMethodSchema>;

/** The last four digits, as every answer, page and mail shows an account number. */
export const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** An account as people are shown it: "Commercial Bank of Ethiopia ··6789", never the full number. */
export const accountShown = (a: { bankName: string; accountNumber: string }) => `${a.bankName} ··${lastFour(a.accountNumber)}`;

/**
 * REQUESTED by the organiser; APPROVED once someone else (an admin, above the threshold) says
 * yes; PROCESSING from the moment the transfer is asked of Chapa; then PAID, FAILED or (money
 * sent back by the bank after it arrived) REVERSED. REJECTED by an approver, CANCELLED by the
 * organiser before approval. Only REQUESTED, APPROVED and PROCESSING hold money back
 * (`inFlight`), and only PAID is paid out: a failed, reversed, rejected or cancelled payout
 * returns to the balance.
 */
export const payoutStatuses = ['REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED', 'REJECTED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const inFlightStatuses: readonly PayoutStatus[] = ['REQUESTED', 'APPROVED', 'PROCESSING'];
/** The payouts the public ledger lists: approved, and what became of them (requests, rejections and cancellations stay private). */
export const publicPayoutStatuses = ['APPROVED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED'] as const;
export type PublicPayoutStatus = (typeof publicPayoutStatuses)[number];
/** What the admins' queue lists. */
export const queueStatuses = ['REQUESTED', 'APPROVED', 'PROCESSING', 'FAILED'] as const;
export type QueueStatus = (typeof queueStatuses)[number];

export const PayoutSchema = defineEntity({
  name: 'Payout',
  tableName: 'payout',
  indexes: [{ properties: ['fundraiser', 'status'] }, { properties: ['status', 'updatedAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('restrict'),
    currency: p.enum(currencies),
    amountMinor: p.bigint('number'),
    status: p.enum(payoutStatuses).default('REQUESTED'),
    requestedBy: p.manyToOne(UserSchema).deleteRule('restrict'),
    /**
     * Our reference of the transfer, made once with the payout and sent with every attempt:
     * Chapa takes a reference once, so a retry after a lost answer can never send the money twice.
     */
    reference: p.string().length(60).unique(),
    /** The account as it was when the payout was requested: what Chapa is asked to pay, and its server approval is checked against. */
    bankCode: p.string().length(40),
    bankName: p.string().length(120),
    accountNumber: p.string().length(40),
    accountName: p.string().length(120),
    /** Why it was rejected (the approver's words) or failed (Chapa's). */
    reason: p.string().length(500).nullable(),
    /** Chapa's own reference of the transfer, once it gave one. */
    chapaReference: p.string().length(120).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    approvedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** When it was paid, failed, reversed, rejected or cancelled. */
    settledAt: p.datetime().nullable(),
  },
});
export type Payout = InferEntity<typeof PayoutSchema>;

/** One person's yes to a payout; one per person, so nobody approves twice. */
export const PayoutApprovalSchema = defineEntity({
  name: 'PayoutApproval',
  tableName: 'payout_approval',
  uniques: [{ properties: ['payout', 'approver'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    payout: p.manyToOne(PayoutSchema).deleteRule('cascade'),
    approver: p.manyToOne(UserSchema).deleteRule('restrict'),
    /** The approver was an admin then: above the threshold, one of them must be. */
    asAdmin: p.boolean(),
    at: p.datetime().onCreate(() => new Date()),
  },
});
export type PayoutApproval = InferEntity<typeof PayoutApprovalSchema>;

/**
 * A refund an admin let through although the fundraiser's money had already been paid out:
 * the platform covers the shortfall (what was paid out or is on its way beyond what the
 * fundraiser kept after the refund). One per donation, so a retried refund covers once.
 */
export const PlatformCoverSchema = defineEntity({
  name: 'PlatformCover',
  tableName: 'platform_cover',
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('restrict'),
    donationId: p.integer().unique(),
    currency: p.enum(currencies),
    amountMinor: p.bigint('number'),
    coveredBy: p.manyToOne(UserSchema).deleteRule('restrict'),
    at: p.datetime(),
  },
});
export type PlatformCover = InferEntity<typeof PlatformCoverSchema>;
