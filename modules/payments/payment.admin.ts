import type { EntityManager } from '@mikro-orm/core';
import { PaymentSchema, type Payment } from './payment.entity.ts';

/** The donations a provider's id names: a payment (PaymentIntent, order), its money movement, or its refund. */
export async function donationIdsByReference(em: EntityManager, reference: string): Promise<number[]> {
  const ref = reference.trim();
  if (!ref || ref.length > 255) return [];
  const payments = await em.find(PaymentSchema, { $or: [{ providerRef: ref }, { transactionId: ref }, { refundId: ref }] }, { fields: ['donation'], limit: 20 });
  return [...new Set(payments.map((p) => p.donation.id))];
}

/** How a donation was paid, for the admin's view of it: its payments, newest first. */
export function paymentsOf(em: EntityManager, donationId: number): Promise<Payment[]> {
  return em.find(PaymentSchema, { donation: donationId }, { orderBy: { id: 'desc' } });
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
