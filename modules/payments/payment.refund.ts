import type { EntityManager } from '@mikro-orm/core';
import { donationForPayments, donationForPaymentsOrFail, findDonation, type DonationStatus } from '../donations/index.ts';
import type { Currency } from '../money/index.ts';
import { PaymentSchema, type Payment, type RefundReason } from './payment.entity.ts';
import { NotRefundable, PaymentMethodUnavailable, RefundAmountInvalid, RefundInProgress, RefundRefused } from './payment.errors.ts';
import type { PaymentService } from './payment.service.ts';
import { paidByAnother, type PaymentDependencies, type RecordOutcome } from './payment.shared.ts';

/** What a refund did: the donation's state after it, and the provider's refund id (null when only the provider's later word showed it). */
export interface RefundOutcome {
  donationId: number;
  /** REFUNDED after a whole refund; SUCCEEDED (still counted) after part of it. */
  status: DonationStatus;
  refundId: string | null;
  /** Minor units given back by a part refund; null for a whole one (all that was left). */
  partMinor: number | null;
}

/** A decision taken in the transaction that claims a whole refund, which it refuses by throwing. */
export type BeforeRefundClaim = (tx: EntityManager, donation: { id: number; fundraiserId: number; amountMinor: number; currency: Currency }) => Promise<void>;

/** The provider's idempotency key of our own refund of a payment that could not count. */
const giveBackKey: Record<Exclude<RefundReason, 'REQUESTED'>, string> = { DUPLICATE: 'duplicate-payment', NOT_COUNTED: 'not-counted-payment' };

function refundOf(payment: Payment, currency: Currency) {
  return { providerRef: payment.providerRef, transactionId: payment.transactionId ?? null, currency };
}

/**
 * Giving back money no donation counts: a duplicate payment, or one for a gift that can no
 * longer count. Settling a payment calls it; the reconciliation tries it again.
 */
export function createGiveBack(deps: PaymentDependencies) {
  const { providers } = deps;

  /**
   * A payment that succeeded for a donation another payment had already paid (card and
   * PayPal both went through) is given back to the donor through its provider. The claim on
   * `refundReason` comes first, so that concurrent confirmations refund it once; a refund the
   * provider refused stays claimed and the reconciliation tries it again.
   */
  async function refundIfDuplicate(em: EntityManager, payment: Payment, transactionId: string | null): Promise<void> {
    const fresh = em.fork();
    const donation = await donationForPayments(fresh, payment.donation.id);
    if (!donation) return;
    // Paid by another payment: a duplicate. Or given back already while this one was being
    // recorded (a decision taken on an old snapshot): its money belongs to no counted gift.
    const reason = paidByAnother(donation, payment) ? 'DUPLICATE' : donation.status === 'REFUNDED' ? 'NOT_COUNTED' : null;
    if (!reason) return;
    const claimed = await fresh.nativeUpdate(PaymentSchema, { id: payment.id, refundReason: null, status: 'SUCCEEDED' }, { refundReason: reason });
    if (claimed !== 1) return;
    deps.logger.warn({ donationId: donation.id, paymentId: payment.id, method: payment.method, reason }, 'a payment no donation counts; giving it back');
    await giveBack(fresh, { ...payment, transactionId: transactionId ?? payment.transactionId ?? null }, reason, 'first');
  }

  /**
   * Gives back a payment claimed for it (`refundReason` DUPLICATE or NOT_COUNTED), whose money
   * no donation counts; a refusal leaves it claimed for the reconciliation to try again.
   */
  async function giveBack(em: EntityManager, payment: Payment, reason: Exclude<RefundReason, 'REQUESTED'>, attempt: 'first' | 'retry'): Promise<boolean> {
    const provider = providers[payment.method];
    if (!provider) return false;
    try {
      // An earlier attempt may have gone through with its answer lost: ask before giving back again.
      const refundedEarlier = attempt === 'retry' && (await provider.outcome(payment)).state === 'refunded';
      let refundId: string | null = null;
      if (!refundedEarlier) {
        const { currency } = await donationForPaymentsOrFail(em, payment.donation.id);
        ({ refundId } = await provider.refund({
          providerRef: payment.providerRef,
          transactionId: payment.transactionId ?? null,
          currency,
          // Providers keep the answer to a key, a refusal too; a retry is a request of its own
          // (the provider refuses to refund more than was paid, so none gives back twice).
          idempotencyKey: attempt === 'first' ? `${giveBackKey[reason]}-${payment.id}` : `${giveBackKey[reason]}-${payment.id}-${Date.now()}`,
        }));
      }
      await em.nativeUpdate(PaymentSchema, { id: payment.id, status: { $ne: 'REFUNDED' } }, { status: 'REFUNDED', refundId, updatedAt: new Date() });
      return true;
    } catch (error) {
      deps.logger.error({ err: error, paymentId: payment.id, reason }, 'refund of a payment no donation counts failed; the reconciliation will try again');
      return false;
    }
  }

  return { giveBack, refundIfDuplicate };
}

export type GiveBack = ReturnType<typeof createGiveBack>;

export interface PaymentRefunds extends Pick<PaymentService, 'refund'> {
  finishRequestedRefund(em: EntityManager, payment: Payment): Promise<void>;
}

/** Refunds the admin tools ask for, recorded through `record` as the provider's refund webhook would be. */
export function createPaymentRefunds(deps: PaymentDependencies, record: RecordOutcome): PaymentRefunds {
  const { providers } = deps;

  /** A requested refund the provider made: the donation leaves the total, as by its webhook. */
  async function settleRequestedRefund(em: EntityManager, payment: Payment, refundId: string | null): Promise<void> {
    await record(em, payment, { state: 'refunded', transactionId: payment.transactionId ?? null });
    if (refundId) await em.nativeUpdate(PaymentSchema, { id: payment.id }, { refundId });
  }

  /**
   * A requested refund left claimed (the process stopped between the claim and the record):
   * if the provider gave the money back, it is recorded; if not, the claim is let go, and the
   * refund may be asked for again.
   */
  async function finishRequestedRefund(em: EntityManager, payment: Payment): Promise<void> {
    const provider = providers[payment.method];
    if (!provider || provider.sandbox !== payment.sandbox) return;
    try {
      if ((await provider.outcome(payment)).state === 'refunded') {
        await settleRequestedRefund(em, payment, null);
        deps.logger.warn({ paymentId: payment.id }, 'a requested refund was made but not recorded; recorded now');
      } else {
        await em.nativeUpdate(PaymentSchema, { id: payment.id, refundReason: 'REQUESTED', status: 'SUCCEEDED' }, { refundReason: null });
        deps.logger.warn({ paymentId: payment.id }, 'a requested refund never reached the provider; it may be asked for again');
      }
    } catch (error) {
      deps.logger.error({ err: error, paymentId: payment.id }, 'could not finish a requested refund; will try again');
    }
  }

  return {
    finishRequestedRefund,

    async refund(em, donationId, part, beforeClaim) {
      const donation = await findDonation(em, donationId);
      if (donation.status !== 'SUCCEEDED' || !donation.paymentMethod) throw new NotRefundable();
      if (part && !(Number.isSafeInteger(part.amountMinor) && part.amountMinor >= 1 && part.amountMinor < donation.amountMinor)) throw new RefundAmountInvalid();
      const payment = await em.findOne(PaymentSchema, { donation: donationId, method: donation.paymentMethod, status: 'SUCCEEDED' }, { disableIdentityMap: true });
      if (!payment) throw new NotRefundable();
      const provider = providers[payment.method];
      // A payment is given back on the rail it was made on, never on the sandbox standing in for it.
      if (!provider || provider.sandbox !== payment.sandbox) throw new PaymentMethodUnavailable();
      if (part) {
        let refundId: string;
        try {
          ({ refundId } = await provider.refund({ ...refundOf(payment, donation.currency), amountMinor: part.amountMinor, idempotencyKey: `refund-payment-${payment.id}-${part.requestKey}` }));
        } catch (error) {
          deps.logger.error({ err: error, donationId, paymentId: payment.id }, 'the provider refused to refund part of a donation');
          throw new RefundRefused();
        }
        deps.logger.info({ donationId, paymentId: payment.id, amountMinor: part.amountMinor, refundId }, 'part of a donation refunded; it stays counted');
        return { donationId, status: 'SUCCEEDED', refundId, partMinor: part.amountMinor };
      }
      const claimed = await em.transactional(async (tx) => {
        await beforeClaim?.(tx, { id: donationId, fundraiserId: donation.fundraiser.id, amountMinor: donation.amountMinor, currency: donation.currency });
        return tx.nativeUpdate(PaymentSchema, { id: payment.id, status: 'SUCCEEDED', refundReason: null }, { refundReason: 'REQUESTED', updatedAt: new Date() });
      });
      if (claimed !== 1) throw new RefundInProgress();
      let refundId: string | null = null;
      try {
        ({ refundId } = await provider.refund({ ...refundOf(payment, donation.currency), idempotencyKey: `refund-payment-${payment.id}` }));
      } catch (error) {
        // The refund may have gone through with its answer lost: the provider's own word decides.
        const state = await provider.outcome(payment).then((o) => o.state, () => null);
        if (state !== 'refunded') {
          await em.nativeUpdate(PaymentSchema, { id: payment.id, refundReason: 'REQUESTED', status: 'SUCCEEDED' }, { refundReason: null });
          deps.logger.error({ err: error, donationId, paymentId: payment.id }, 'the provider refused a refund; nothing was given back');
          throw new RefundRefused();
        }
      }
      await settleRequestedRefund(em, payment, refundId);
      const after = await donationForPaymentsOrFail(em.fork(), donationId);
      return { donationId, status: after.status, refundId, partMinor: null };
    },
  };
}
