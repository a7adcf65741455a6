import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { assertDonor, donationForPaymentsOrFail, giveUpUncounted, mayCount, settleDonation, type DonationStatus, type DonorActor } from '../donations/index.ts';
import type { Currency } from '../money/index.ts';
import { PaymentEventSchema, PaymentSchema, paymentStatuses, type Payment, type PaymentStatus } from './payment.entity.ts';
import { PaymentNotFound, SandboxOutcomeChosen } from './payment.errors.ts';
import type { ProviderOutcome, ProviderState, WebhookEvent } from './payment.provider.ts';
import type { GiveBack } from './payment.refund.ts';
import type { PaymentService } from './payment.service.ts';
import { atProvider, paidByAnother, providerFor, type PaymentDependencies, type ReceiptMail, type RecordOutcome } from './payment.shared.ts';

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

/**
 * Whether a provider's success is for the gift the donor chose: its own amount and currency,
 * as the provider says them. A success that does not say is not counted either; the sandbox,
 * where no money moves, is the one rail without an amount to check.
 */
function paidAsChosen(outcome: ProviderOutcome, payment: Payment, donation: { amountMinor: number; currency: Currency }): boolean {
  if (payment.sandbox) return true;
  return !!outcome.paid && outcome.paid.amountMinor === donation.amountMinor && outcome.paid.currency === donation.currency;
}

/** Payment rows move forward like donations: a failed attempt may still succeed, a success may be refunded. */
const paymentRank: Record<PaymentStatus, number> = { STARTED: 0, FAILED: 1, CANCELLED: 1, SUCCEEDED: 2, REFUNDED: 3 };

/** Only whoever started the donation acts on its payments (donations' assertDonor). */
async function assertDonorOfPayment(em: EntityManager, payment: Payment, actor: DonorActor): Promise<void> {
  assertDonor(await donationForPaymentsOrFail(em, payment.donation.id), actor);
}

async function findByRef(em: EntityManager, providerRef: string): Promise<Payment> {
  const payment = await em.findOne(PaymentSchema, { providerRef }, { disableIdentityMap: true });
  if (!payment) throw new PaymentNotFound();
  return payment;
}

/**
 * Settling a payment: what its provider says, asked by the donor's confirmation, the provider's
 * word (a webhook, Chapa's callback) or the sandbox's chosen outcome, recorded once; money that
 * can count for no gift is given back (`giveBack`).
 */
export function createPaymentSettlement(
  deps: PaymentDependencies,
  { giveBack, refundIfDuplicate }: GiveBack,
): Pick<PaymentService, 'confirm' | 'recheck' | 'completeSandbox' | 'applyEvent'> & { record: RecordOutcome } {
  const { providers } = deps;

  /**
   * Records what the provider says, in one transaction with the event's id when it came by
   * webhook. Null for an event seen before; otherwise whether the donation moved.
   */
  async function record(em: EntityManager, payment: Payment, outcome: ProviderOutcome, event?: Pick<WebhookEvent, 'eventId' | 'type' | 'repeatable'>): Promise<boolean | null> {
    if (outcome.state === 'pending' && (!event || event.repeatable)) return false;
    let queuedMail: number | null = null;
    let mail: ReceiptMail | undefined;
    let notCounted = false;
    const changed = await em.transactional(async (tx) => {
      const donation = await donationForPaymentsOrFail(tx, payment.donation.id);
      if (outcome.state === 'succeeded' && !paidAsChosen(outcome, payment, donation)) {
        // Not the gift the donor chose: a person looks at it, nothing is counted or spent.
        deps.logger.error({ paymentId: payment.id, donationId: donation.id, paid: outcome.paid ?? null, expected: { amountMinor: donation.amountMinor, currency: donation.currency } }, 'a provider reports a payment of another amount than the donation, or none; not counted');
        return false;
      }
      if (event) {
        try {
          await tx.insert(PaymentEventSchema, { provider: payment.method, eventId: event.eventId, type: event.type, receivedAt: new Date() });
        } catch (error) {
          if (error instanceof UniqueConstraintViolationException) return null;
          throw error;
        }
      }
      // News that settles nothing by itself (a dispute opened): its id is kept, so that a late copy changes nothing.
      const state = outcome.state;
      if (state === 'pending') return false;
      if (state === 'succeeded' && donation.status !== 'SUCCEEDED' && !paidByAnother(donation, payment) && (donation.status === 'REFUNDED' || !(await mayCount(tx, donation.fundraiser.id)))) {
        // Money for a gift that can no longer count: its fundraiser was closed or suspended
        // since the payment started, or the donation was given back already. It is claimed
        // for a refund here, given back after the commit, and never counted. Decided on a
        // snapshot that may be old (MySQL): the claim and the donation's move each read the
        // newest row, so a payment already settled is not claimed, and a donation counted
        // meanwhile keeps its total (this payment, if it is another, is given back alone).
        notCounted = (await tx.nativeUpdate(
          PaymentSchema,
          { id: payment.id, refundReason: null, status: { $in: paymentStatuses.filter((s) => paymentRank[s] < paymentRank.SUCCEEDED) } },
          { status: 'SUCCEEDED', refundReason: 'NOT_COUNTED', updatedAt: new Date(), ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}), ...(outcome.channel ? { channel: outcome.channel } : {}) },
        )) === 1;
        const moved = notCounted && (await giveUpUncounted(tx, payment.donation.id));
        if (event?.repeatable && !moved && !notCounted) await tx.nativeDelete(PaymentEventSchema, { provider: payment.method, eventId: event.eventId });
        mail = moved ? deps.refundMail : undefined;
        if (mail) queuedMail = await mail.queue(tx, payment.donation.id);
        return moved;
      }
      const to = donationStateFor[state];
      // Once another payment has paid the donation, this one's news (its refund, its
      // failure, its own success) is about that payment alone, never about the donation.
      const moved = paidByAnother(donation, payment) ? false : await settleDonation(tx, payment.donation.id, to, { paidWith: payment.method });
      const status = paymentStateFor[state];
      const lower = paymentStatuses.filter((s) => paymentRank[s] < paymentRank[status]);
      const updated = await tx.nativeUpdate(
        PaymentSchema,
        { id: payment.id, status: { $in: lower } },
        { status, updatedAt: new Date(), ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}), ...(outcome.channel ? { channel: outcome.channel } : {}) },
      );
      if (event?.repeatable && !moved && updated === 0) {
        // An id that may come again about a later change (Chapa's) is spent only by a change.
        await tx.nativeDelete(PaymentEventSchema, { provider: payment.method, eventId: event.eventId });
      }
      mail = moved ? (to === 'SUCCEEDED' ? deps.receiptMail : to === 'REFUNDED' ? deps.refundMail : undefined) : undefined;
      if (mail) queuedMail = await mail.queue(tx, payment.donation.id);
      return moved;
    });
    if (queuedMail !== null && mail) {
      // Committed already: a failure here leaves the mail queued for the mail job, never lost.
      await mail.send(em.fork(), queuedMail).catch((error: unknown) => deps.logger.error({ err: error, donationId: payment.donation.id }, 'donor e-mail not sent yet; queued for retry'));
    }
    if (notCounted) {
      deps.logger.warn({ donationId: payment.donation.id, paymentId: payment.id, method: payment.method }, 'a payment for a gift that can no longer count (its fundraiser closed or suspended); giving it back');
      await giveBack(em.fork(), { ...payment, transactionId: outcome.transactionId ?? payment.transactionId ?? null }, 'NOT_COUNTED', 'first');
    } else if (changed === false && outcome.state === 'succeeded') await refundIfDuplicate(em, payment, outcome.transactionId);
    return changed;
  }

  return {
    record,

    async confirm(em, providerRef, actor) {
      const payment = await findByRef(em, providerRef);
      await assertDonorOfPayment(em, payment, actor);
      const provider = providerFor(deps, payment.method);
      const outcome = await atProvider(deps, provider, () => provider.outcome(payment), { message: 'payment provider could not say how a payment stands', paymentId: payment.id });
      await record(em, payment, outcome);
      // Read after the commit, so that a concurrent confirmation that won shows as it is.
      const fresh = em.fork();
      const after = await findByRef(fresh, providerRef);
      const donation = await donationForPaymentsOrFail(fresh, payment.donation.id);
      return {
        donationId: payment.donation.id,
        paymentIntentId: providerRef,
        paymentMethod: payment.method,
        status: donation.status,
        transactionId: after.transactionId ?? null,
        channel: after.channel ?? null,
      };
    },

    async recheck(em, providerRef, method) {
      // A failed attempt may still succeed (the donor tried again on the provider's page).
      const payment = await em.findOne(PaymentSchema, { providerRef, method, status: { $in: ['STARTED', 'FAILED'] } }, { disableIdentityMap: true });
      const provider = providers[method];
      if (!payment || !provider || provider.sandbox !== payment.sandbox) return;
      await record(em, payment, await provider.outcome(payment));
    },

    async completeSandbox(em, providerRef, outcome, actor, channel) {
      const payment = await em.findOne(PaymentSchema, { providerRef, sandbox: true });
      // Only while that provider has no keys: a real provider's payments are never settled here.
      if (!payment || !providers[payment.method]?.sandbox) throw new PaymentNotFound();
      await assertDonorOfPayment(em, payment, actor);
      if (payment.sandboxOutcome === outcome) return;
      // Which wallet or bank the test donor paid with, as Chapa's page would tell; the other rails have no such choice.
      const paidWith = payment.method === 'CHAPA' && outcome === 'succeeded' ? (channel ?? 'telebirr') : null;
      const chosen = await em.nativeUpdate(PaymentSchema, { id: payment.id, sandboxOutcome: null }, { sandboxOutcome: outcome, ...(paidWith ? { channel: paidWith } : {}) });
      if (chosen === 0) throw new SandboxOutcomeChosen();
    },

    async applyEvent(em, event) {
      const payment = await em.findOne(PaymentSchema, { providerRef: event.providerRef, method: event.method }, { disableIdentityMap: true });
      if (!payment) return false;
      // An event that settles nothing by itself (PayPal's "order approved") is the moment to
      // ask the provider, which captures it: the donor may never come back to confirm.
      const outcome = event.outcome.state === 'pending' && !event.dispute ? await providerFor(deps, payment.method).outcome(payment) : event.outcome;
      const recorded = await record(em, payment, outcome, event);
      if (recorded !== null && event.dispute) {
        await em.nativeUpdate(PaymentSchema, { id: payment.id }, { disputeStatus: event.dispute.status.slice(0, 30), disputedAt: payment.disputedAt ?? new Date() });
        deps.logger.warn({ paymentId: payment.id, dispute: event.dispute.status }, 'a payment is disputed by the donor’s bank');
      }
      return recorded !== null;
    },
  };
}
