import type { EntityManager } from '@mikro-orm/core';
import { addisDay } from '../../kernel/calendar/index.ts';
import type { Currency } from '../money/index.ts';
import { DonationChannelDaySchema, DonationDaySchema, DonationSchema, type Donation, type PaymentMethod } from './donation.entity.ts';
import { DonationNotFound } from './donation.errors.ts';

/** What other modules read and change of donations' rows, so that none of them reaches into the tables. */

const asPaymentsSee = ['id', 'status', 'paymentMethod', 'amountMinor', 'currency', 'fundraiser', 'creatorSession', 'donor'] as const;
/** A donation as the payments module decides by it. */
export type DonationForPayments = Pick<Donation, (typeof asPaymentsSee)[number]>;

/**
 * A donation as it stands in the database now, never as an earlier read in the same unit of
 * work left it: settling and refunding decide by the newest row. Null when there is none.
 */
export async function donationForPayments(em: EntityManager, id: number): Promise<DonationForPayments | null> {
  return em.findOne(DonationSchema, { id }, { fields: asPaymentsSee, disableIdentityMap: true });
}

/** As donationForPayments, for a donation that must exist (a payment's own). */
export async function donationForPaymentsOrFail(em: EntityManager, id: number): Promise<DonationForPayments> {
  const donation = await donationForPayments(em, id);
  if (!donation) throw new DonationNotFound();
  return donation;
}

/** Notes the way the donor chose to pay, in the caller's transaction (the payment row is made beside it). */
export async function choosePaymentMethod(tx: EntityManager, donationId: number, method: PaymentMethod): Promise<void> {
  await tx.nativeUpdate(DonationSchema, { id: donationId }, { paymentMethod: method });
}

/** A fundraiser's succeeded donations, oldest first: what the demo teams are credited with. */
export async function succeededGifts(em: EntityManager, fundraiserId: number): Promise<Array<{ id: number; amountMinor: number; currency: Currency; succeededAt: Date }>> {
  const rows = await em.find(DonationSchema, { fundraiser: fundraiserId, status: 'SUCCEEDED' }, { orderBy: { id: 'asc' } });
  return rows.map((d) => ({ id: d.id, amountMinor: d.amountMinor, currency: d.currency, succeededAt: d.succeededAt ?? d.createdAt }));
}

/** How many gifts came through each channel on each day, all currencies together, keyed `<Addis Ababa date>|<channel>`. */
export async function giftsByDayAndChannel(em: EntityManager, fundraiserId: number): Promise<Map<string, number>> {
  const rows = await em.find(DonationChannelDaySchema, { fundraiser: fundraiserId }, { disableIdentityMap: true });
  const given = new Map<string, number>();
  for (const row of rows) given.set(`${row.day}|${row.channel}`, (given.get(`${row.day}|${row.channel}`) ?? 0) + row.donations);
  return given;
}

/** What came into a fundraiser, in minor units of its currency: every gift that succeeded, those refunded since, and those still within their hold. */
export interface MoneyIn {
  raisedMinor: number;
  refundedMinor: number;
  heldMinor: number;
}

/**
 * Sums a fundraiser's succeeded gifts (refunded or not) with `em` (inside the caller's
 * transaction, after its lock, when it decides by them). A gift is held while it succeeded at
 * or after `heldSince` for its rail: Chapa's, or the cards' and PayPal's (whose chargebacks
 * come late, and which demo gifts without a rail are counted with).
 */
export async function moneyIn(em: EntityManager, fundraiserId: number, heldSince: { chapa: Date; others: Date }): Promise<MoneyIn> {
  const at = (date: Date) => em.getPlatform().processDateProperty(date);
  const [row] = (await em.getConnection().execute(
    "select coalesce(sum(`amount_minor`), 0) as `raised`, coalesce(sum(case when `status` = 'REFUNDED' then `amount_minor` else 0 end), 0) as `refunded`, " +
      "coalesce(sum(case when `status` = 'SUCCEEDED' and `succeeded_at` >= (case when `payment_method` = 'CHAPA' then ? else ? end) then `amount_minor` else 0 end), 0) as `held` " +
      "from `donation` where `fundraiser_id` = ? and `status` in ('SUCCEEDED', 'REFUNDED') and `succeeded_at` is not null",
    [at(heldSince.chapa), at(heldSince.others), fundraiserId],
    'all',
    em.getTransactionContext(),
  )) as { raised: number | string; refunded: number | string; held: number | string }[];
  return { raisedMinor: Number(row?.raised ?? 0), refundedMinor: Number(row?.refunded ?? 0), heldMinor: Number(row?.held ?? 0) };
}

/** One Addis Ababa day of a fundraiser's public ledger: gifts that arrived (refunded since or not), or refunds made. */
export interface LedgerDay {
  day: string;
  count: number;
  amountMinor: number;
}

/**
 * Money in by the day it arrived, whole (the kept sums less refunds, with the refunded gifts
 * of each day added back), and refunds by the day they were made: what the public ledger lists.
 * No donor is named.
 */
export async function moneyInByDay(em: EntityManager, fundraiserId: number): Promise<{ gifts: LedgerDay[]; refunds: LedgerDay[] }> {
  const kept = await em.find(DonationDaySchema, { fundraiser: fundraiserId }, { disableIdentityMap: true });
  const refunded = await em.find(DonationSchema, { fundraiser: fundraiserId, status: 'REFUNDED', succeededAt: { $ne: null } }, { fields: ['amountMinor', 'succeededAt', 'updatedAt'], disableIdentityMap: true });
  const gifts = new Map<string, LedgerDay>();
  const add = (into: Map<string, LedgerDay>, day: string, count: number, amountMinor: number) => {
    const row = into.get(day) ?? { day, count: 0, amountMinor: 0 };
    row.count += count;
    row.amountMinor += amountMinor;
    into.set(day, row);
  };
  for (const row of kept) add(gifts, row.day, row.donations, row.amountMinor);
  const refunds = new Map<string, LedgerDay>();
  for (const d of refunded) {
    add(gifts, addisDay(d.succeededAt!), 1, d.amountMinor);
    add(refunds, addisDay(d.updatedAt), 1, d.amountMinor);
  }
  const newestFirst = (rows: Map<string, LedgerDay>) => [...rows.values()].filter((r) => r.count > 0).sort((a, b) => b.day.localeCompare(a.day));
  return { gifts: newestFirst(gifts), refunds: newestFirst(refunds) };
}
