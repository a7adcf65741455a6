import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { AppError } from '../../api/http/index.ts';
import { DonationSchema, DonationSettled, findDonation, settleDonation, type DonationStatus, type PaymentMethod } from '../donations/index.ts';
import { PaymentEventSchema, PaymentSchema, paymentStatuses, type Payment, type PaymentStatus, type SandboxOutcome } from './payment.entity.ts';
import { PaymentNotFound, ProviderUnavailable, SandboxOutcomeChosen } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, ProviderState, StartRequest } from './payment.provider.ts';

/** Donations a payment may still be started (or restarted) for: a declined card may try again. */
const payable: readonly DonationStatus[] = ['PENDING', 'FAILED'];

const donationStateFor: Record<Exclude<ProviderState, 'pending'>, Exclude<DonationStatus, 'PENDING'>> = {
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
  refunded: 'REFUNDED',
};
const paymentStateFor: Record<Exclude<ProviderState, 'pending'>, PaymentStatus> = {
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
  refunded: 'REFUNDED',
};
/** Payment rows move forward like donations: a failed attempt may still succeed, a success may be refunded. */
const paymentRank: Record<PaymentStatus, number> = { STARTED: 0, FAILED: 1, CANCELLED: 1, SUCCEEDED: 2, REFUNDED: 3 };

export interface PaymentStartView {
  donationId: number;
  paymentMethod: PaymentMethod;
  paymentIntentId: string;
  sandbox: boolean;
  clientSecret: string | null;
  publishableKey: string | null;
  approvalUrl: string | null;
  checkoutUrl: string | null;
}

export interface PaymentResultView {
  donationId: number;
  paymentIntentId: string;
  paymentMethod: PaymentMethod;
  status: DonationStatus;
  transactionId: string | null;
}

export interface PaymentService {
  providers: Record<PaymentMethod, PaymentProvider>;
  start(em: EntityManager, donationId: number, method: PaymentMethod): Promise<PaymentStartView>;
  confirm(em: EntityManager, providerRef: string): Promise<PaymentResultView>;
  completeSandbox(em: EntityManager, providerRef: string, outcome: SandboxOutcome): Promise<void>;
  /**
   * A verified provider event about a payment: recorded once by its id, in the same
   * transaction as the change it makes. False for an event seen before.
   */
  applyEvent(em: EntityManager, event: { method: PaymentMethod; eventId: string; type: string; providerRef: string; outcome: ProviderOutcome }): Promise<boolean>;
  /**
   * Asks the providers about payments started between `from` and `to` and still unsettled: a
   * donor who paid but closed the tab before the success page, or a webhook that never came.
   * Answers how many were asked and how many of those the answer settled.
   */
  reconcile(em: EntityManager, window: { from: Date; to: Date; limit?: number }): Promise<{ asked: number; settled: number }>;
}

export function createPaymentService(deps: {
  providers: Record<PaymentMethod, PaymentProvider>;
  publicUrl: string;
  logger: Logger;
  /** After a donation succeeded (once per donation), outside the transaction: the receipt e-mail. */
  onSucceeded?: (em: EntityManager, donationId: number) => Promise<void>;
}): PaymentService {
  const { providers } = deps;

  function startView(payment: Payment): PaymentStartView {
    const provider = providers[payment.method];
    const redirect = payment.redirectUrl ?? null;
    return {
      donationId: payment.donation.id,
      paymentMethod: payment.method,
      paymentIntentId: payment.providerRef,
      sandbox: payment.sandbox,
      clientSecret: payment.clientSecret ?? null,
      publishableKey: payment.method === 'STRIPE' && !payment.sandbox ? provider.publishableKey : null,
      approvalUrl: !payment.sandbox && payment.method === 'PAYPAL' ? redirect : null,
      checkoutUrl: payment.sandbox ? redirect : null,
    };
  }

  /**
   * Records what the provider says, in one transaction with the event's id when it came by
   * webhook. Null for an event seen before; otherwise whether the donation moved.
   */
  async function record(em: EntityManager, payment: Payment, outcome: ProviderOutcome, event?: { eventId: string; type: string }): Promise<boolean | null> {
    if (outcome.state === 'pending' && !event) return false;
    const changed = await em.transactional(async (tx) => {
      if (event) {
        try {
          await tx.insert(PaymentEventSchema, { provider: payment.method, eventId: event.eventId, type: event.type, receivedAt: new Date() });
        } catch (error) {
          if (error instanceof UniqueConstraintViolationException) return null;
          throw error;
        }
      }
      if (outcome.state === 'pending') return false;
      const to = donationStateFor[outcome.state];
      const moved = await settleDonation(tx, payment.donation.id, to);
      const status = paymentStateFor[outcome.state];
      const lower = paymentStatuses.filter((s) => paymentRank[s] < paymentRank[status]);
      await tx.nativeUpdate(
        PaymentSchema,
        { id: payment.id, status: { $in: lower } },
        { status, updatedAt: new Date(), ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}) },
      );
      if (moved && to === 'SUCCEEDED') await tx.nativeUpdate(DonationSchema, { id: payment.donation.id }, { paymentMethod: payment.method });
      return moved;
    });
    if (changed && outcome.state === 'succeeded' && deps.onSucceeded) await deps.onSucceeded(em, payment.donation.id);
    return changed;
  }

  /** A provider that refuses or cannot be reached gives the donor a clear 502, not a 500. */
  async function startAt(provider: PaymentProvider, request: StartRequest) {
    try {
      return await provider.start(request);
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.error({ err: error, method: provider.method, donationId: request.donationId }, 'payment provider refused to start a payment');
      throw new ProviderUnavailable();
    }
  }

  async function findByRef(em: EntityManager, providerRef: string): Promise<Payment> {
    const payment = await em.findOne(PaymentSchema, { providerRef }, { disableIdentityMap: true });
    if (!payment) throw new PaymentNotFound();
    return payment;
  }

  return {
    providers,

    async start(em, donationId, method) {
      const donation = await findDonation(em, donationId);
      // Asking again returns the same payment, also once paid (a reload of the page); one
      // that ended unpaid takes no more attempts: the donor starts a new donation.
      if (donation.status === 'CANCELLED' || donation.status === 'EXPIRED') throw new DonationSettled();
      const existing = await em.findOne(PaymentSchema, { donation: donationId, method });
      if (existing) return startView(existing);
      if (!payable.includes(donation.status)) throw new DonationSettled();
      const provider = providers[method];
      const started = await startAt(provider, {
        donationId,
        amountMinor: donation.amountMinor,
        currency: donation.currency,
        description: `Donation #${donation.id}`,
        returnUrl: `${deps.publicUrl}/donation/success`,
        cancelUrl: `${deps.publicUrl}/donation/cancel`,
      });
      try {
        const payment = em.create(PaymentSchema, {
          donation,
          method,
          sandbox: provider.sandbox,
          providerRef: started.providerRef,
          status: 'STARTED',
          clientSecret: started.clientSecret,
          redirectUrl: started.redirectUrl,
          transactionId: null,
          sandboxOutcome: null,
        });
        donation.paymentMethod = method;
        await em.flush();
        return startView(payment);
      } catch (error) {
        // Two tabs asked at once: the provider answered both with the same payment (the
        // donation is its idempotency key) and the first row written stands.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const fork = em.fork();
        return startView(await fork.findOneOrFail(PaymentSchema, { donation: donationId, method }));
      }
    },

    async confirm(em, providerRef) {
      const payment = await findByRef(em, providerRef);
      const outcome = await providers[payment.method].outcome(payment);
      await record(em, payment, outcome);
      // Read after the commit, so that a concurrent confirmation that won shows as it is.
      const fresh = em.fork();
      const after = await findByRef(fresh, providerRef);
      const donation = await fresh.findOneOrFail(DonationSchema, { id: payment.donation.id }, { fields: ['status'] });
      return {
        donationId: payment.donation.id,
        paymentIntentId: providerRef,
        paymentMethod: payment.method,
        status: donation.status,
        transactionId: after.transactionId ?? null,
      };
    },

    async completeSandbox(em, providerRef, outcome) {
      const payment = await em.findOne(PaymentSchema, { providerRef, sandbox: true });
      // Only while that provider has no keys: a real provider's payments are never settled here.
      if (!payment || !providers[payment.method].sandbox) throw new PaymentNotFound();
      if (payment.sandboxOutcome === outcome) return;
      const chosen = await em.nativeUpdate(PaymentSchema, { id: payment.id, sandboxOutcome: null }, { sandboxOutcome: outcome });
      if (chosen === 0) throw new SandboxOutcomeChosen();
    },

    async reconcile(em, window) {
      const open = await em.find(
        PaymentSchema,
        { status: 'STARTED', sandbox: false, createdAt: { $gte: window.from, $lt: window.to } },
        { limit: window.limit ?? 200, orderBy: { id: 'asc' }, disableIdentityMap: true },
      );
      let settled = 0;
      for (const payment of open) {
        if (!providers[payment.method].sandbox && (await record(em.fork(), payment, await providers[payment.method].outcome(payment)))) settled += 1;
      }
      return { asked: open.length, settled };
    },

    async applyEvent(em, event) {
      const payment = await em.findOne(PaymentSchema, { providerRef: event.providerRef, method: event.method }, { disableIdentityMap: true });
      if (!payment) return false;
      // An event that settles nothing by itself (PayPal's "order approved") is the moment to
      // ask the provider, which captures it: the donor may never come back to confirm.
      const outcome = event.outcome.state === 'pending' ? await providers[payment.method].outcome(payment) : event.outcome;
      return (await record(em, payment, outcome, { eventId: event.eventId, type: event.type })) !== null;
    },
  };
}
