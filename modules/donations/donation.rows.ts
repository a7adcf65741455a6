import type { EntityManager } from '@mikro-orm/core';
import type { Currency } from '../money/index.ts';
import { DonationChannelDaySchema, DonationSchema, type Donation, type PaymentMethod } from './donation.entity.ts';
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
