import type { EntityManager, Loaded } from '@mikro-orm/core';
import type { PaymentMethod } from '../donations/index.ts';
import { PaymentSchema, type Payment } from './payment.entity.ts';

/** What other modules read of payments' rows, so that none of them reaches into the table. */

/** The succeeded payment a provider's transaction id names, with its donation. */
export function succeededPaymentByTransaction(em: EntityManager, transactionId: string, method: PaymentMethod): Promise<Loaded<Payment, 'donation'> | null> {
  return em.findOne(PaymentSchema, { transactionId, method, status: 'SUCCEEDED' }, { populate: ['donation'] });
}

/** The payment that paid a donation, if one did and it has not been given back. */
export function succeededPaymentOf(em: EntityManager, donationId: number): Promise<Payment | null> {
  return em.findOne(PaymentSchema, { donation: donationId, status: 'SUCCEEDED' });
}

/**
 * What a fundraiser's whole refunds under way add up to: gifts whose payment is claimed for a
 * refund the provider has not yet confirmed. Counted as refunded by whoever decides by the
 * fundraiser's money meanwhile (a payout), so that no birr is both given back and paid out.
 */
export async function refundsUnderWayMinor(em: EntityManager, fundraiserId: number): Promise<number> {
  const claimed = await em.find(
    PaymentSchema,
    { refundReason: 'REQUESTED', status: 'SUCCEEDED', donation: { fundraiser: fundraiserId, status: 'SUCCEEDED' } },
    { populate: ['donation'], disableIdentityMap: true },
  );
  return claimed.reduce((sum, p) => sum + p.donation.amountMinor, 0);
}
