import type { EntityManager } from '@mikro-orm/core';
import { moneyIn } from '../donations/index.ts';
import { refundsUnderWayMinor } from '../payments/index.ts';
import type { Currency } from '../money/index.ts';
import { inFlightStatuses, type PayoutStatus } from './payout.entity.ts';

/** How long gifts stay held before they can be paid out, by rail, in days. */
export interface PayoutHolds {
  /** Cards and PayPal: a chargeback can come weeks later. */
  cardDays: number;
  /** Chapa: wallets and banks settle within a day or two, and a reversal comes within them. */
  chapaDays: number;
}

/**
 * A fundraiser's money, in minor units of its currency, derived from the gifts and payouts
 * themselves (docs/adr/0021): what came in, what went back to donors, what was paid out or is
 * on its way, what is still held, and what may be asked for now.
 */
export interface Balance {
  currency: Currency;
  raisedMinor: number;
  refundedMinor: number;
  paidOutMinor: number;
  inFlightMinor: number;
  heldMinor: number;
  /** Refunds an admin let through beyond what the fundraiser kept: the platform's own loss. */
  coveredMinor: number;
  availableMinor: number;
}

const dayMs = 24 * 60 * 60_000;

/** What payouts of a fundraiser add up to, by status, with `em` (inside the caller's transaction when it decides by them). */
async function payoutSums(em: EntityManager, fundraiserId: number): Promise<{ paidOutMinor: number; inFlightMinor: number }> {
  const rows = (await em
    .getConnection()
    .execute('select `status`, coalesce(sum(`amount_minor`), 0) as `amount` from `payout` where `fundraiser_id` = ? group by `status`', [fundraiserId], 'all', em.getTransactionContext())) as {
    status: PayoutStatus;
    amount: number | string;
  }[];
  let paidOutMinor = 0;
  let inFlightMinor = 0;
  for (const row of rows) {
    if (row.status === 'PAID') paidOutMinor += Number(row.amount);
    else if (inFlightStatuses.includes(row.status)) inFlightMinor += Number(row.amount);
  }
  return { paidOutMinor, inFlightMinor };
}

export async function balanceOf(em: EntityManager, fundraiser: { id: number; currency: Currency }, holds: PayoutHolds, now = new Date()): Promise<Balance> {
  // One after the other: inside a transaction both run on its one connection.
  const gifts = await moneyIn(em, fundraiser.id, { chapa: new Date(now.getTime() - holds.chapaDays * dayMs), others: new Date(now.getTime() - holds.cardDays * dayMs) });
  const payouts = await payoutSums(em, fundraiser.id);
  // A refund claimed but not yet confirmed by its provider is already money going back.
  const refundedMinor = gifts.refundedMinor + (await refundsUnderWayMinor(em, fundraiser.id));
  const coveredMinor = await coveredSum(em, fundraiser.id);
  const left = gifts.raisedMinor - refundedMinor + coveredMinor - payouts.paidOutMinor - payouts.inFlightMinor - gifts.heldMinor;
  return {
    currency: fundraiser.currency,
    raisedMinor: gifts.raisedMinor,
    refundedMinor,
    paidOutMinor: payouts.paidOutMinor,
    inFlightMinor: payouts.inFlightMinor,
    heldMinor: gifts.heldMinor,
    coveredMinor,
    availableMinor: Math.max(0, left),
  };
}

/** What the fundraiser still holds of what it raised: less what went back, plus what the platform covered. */
export const keptMinor = (b: Balance): number => b.raisedMinor - b.refundedMinor + b.coveredMinor;

/** Whether what was paid out and is on its way stays within what was kept: the one rule a payout never breaks. */
export const withinKept = (b: Balance): boolean => b.paidOutMinor + b.inFlightMinor <= keptMinor(b);

async function coveredSum(em: EntityManager, fundraiserId: number): Promise<number> {
  const [row] = (await em
    .getConnection()
    .execute('select coalesce(sum(`amount_minor`), 0) as `amount` from `platform_cover` where `fundraiser_id` = ?', [fundraiserId], 'all', em.getTransactionContext())) as { amount: number | string }[];
  return Number(row?.amount ?? 0);
}
