import type { EntityManager } from '@mikro-orm/core';
import { PaymentSchema, type Payment } from './payment.entity.ts';

/** The donations a provider's id names: a payment (PaymentIntent, order), its money movement, or its refund. */
export async function donationIdsByReference(em: EntityManager, reference: string): Promise<number[]> {
  const ref = reference.trim();
  if (!ref || ref.length > 255) return [];
  const payments = await em.find(PaymentSchema, { $or: [{ providerRef: ref }, { transactionId: ref }, { refundId: ref }] }, { fields: ['donation'], limit: 20 });
  return [...new Set(payments.map((p) => p.donation.id))];
}

/** How donations were paid, for the admin's view of them: each one's payments, newest first, in one query. */
export async function paymentsByDonation(em: EntityManager, donationIds: readonly number[]): Promise<Map<number, Payment[]>> {
  const byDonation = new Map<number, Payment[]>();
  if (!donationIds.length) return byDonation;
  for (const payment of await em.find(PaymentSchema, { donation: { $in: [...donationIds] } }, { orderBy: { id: 'desc' } })) {
    const list = byDonation.get(payment.donation.id);
    if (list) list.push(payment);
    else byDonation.set(payment.donation.id, [payment]);
  }
  return byDonation;
}

/** Payments a person should look at: money we gave back unasked, and refunds that did not go through. */
export interface PaymentsNeedingAttention {
  /** Second payments of a paid donation, refunded by us in the last 30 days (the donor paid twice). */
  duplicatesRefunded: number;
  /** Refunds we asked for (duplicates or on request) that the provider has not made yet. */
  refundsPending: number;
  /** Chargebacks not settled yet: they need evidence sent to the provider before its deadline. */
  disputesOpen: number;
}

/** A dispute's statuses once it is over, whichever way. */
const disputeClosed = ['won', 'lost', 'warning_closed', 'prevented'];

const stuckRefundMs = 10 * 60_000;

export async function paymentsNeedingAttention(em: EntityManager, now = new Date()): Promise<PaymentsNeedingAttention> {
  const [duplicatesRefunded, refundsPending, disputesOpen] = await Promise.all([
    em.count(PaymentSchema, { refundReason: 'DUPLICATE', status: 'REFUNDED', updatedAt: { $gte: new Date(now.getTime() - 30 * 24 * 60 * 60_000) } }),
    em.count(PaymentSchema, { refundReason: { $ne: null }, status: 'SUCCEEDED', updatedAt: { $lt: new Date(now.getTime() - stuckRefundMs) } }),
    em.count(PaymentSchema, { disputeStatus: { $ne: null, $nin: disputeClosed } }),
  ]);
  return { duplicatesRefunded, refundsPending, disputesOpen };
}
