import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { AppError } from '../../kernel/http/index.ts';
import { assertDonor, DonationSchema, DonationSettled, findDonation, FundraiserNotAccepting, giveUpUncounted, mayCount, pastLifetime, settleDonation, type DonationStatus, type DonorActor, type PaymentMethod } from '../donations/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { PaymentEventSchema, PaymentSchema, paymentStatuses, type Payment, type PaymentStatus, type RefundReason, type SandboxChannel, type SandboxOutcome } from './payment.entity.ts';
import { NotRefundable, PaymentCheckFailed, PaymentMethodUnavailable, PaymentNotFound, ProviderFailed, ProviderUnavailable, ProviderUnreachable, RefundAmountInvalid, RefundInProgress, RefundRefused, SandboxOutcomeChosen } from './payment.errors.ts';
import type { Currency } from '../money/index.ts';
import type { PaymentProvider, ProviderOutcome, ProviderState, StartRequest, WebhookEvent } from './payment.provider.ts';
import type { PaymentMethodView, PaymentResultView, PaymentStartView } from './payment.schemas.ts';

/** Where Chapa calls once a donor has paid (payment.routes.ts). */
export const chapaCallbackPath = '/api/payments/callbacks/chapa';

const localePrefix = (language: 'en' | 'am') => (language === 'en' ? '' : `/${language}`);

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
const paymentMethodsInOrder: readonly PaymentMethod[] = ['STRIPE', 'PAYPAL', 'CHAPA'];

/**
 * The donation was paid, by a payment of another method than this one: a donation has one
 * payment per method, and `paymentMethod` is set to the paying one when it succeeds.
 */
function paidByAnother(donation: { status: DonationStatus; paymentMethod?: PaymentMethod | null }, payment: Payment): boolean {
  return (donation.status === 'SUCCEEDED' || donation.status === 'REFUNDED') && donation.paymentMethod !== payment.method;
}

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

/**
 * What follows a donation's success in the same transaction: its receipt e-mail, queued there
 * (so it exists exactly when the success was committed) and sent right after the commit.
 */
export interface ReceiptMail {
  queue(tx: EntityManager, donationId: number): Promise<number>;
  send(em: EntityManager, queuedId: number): Promise<void>;
}

/** What a refund did: the donation's state after it, and the provider's refund id (null when only the provider's later word showed it). */
export interface RefundOutcome {
  donationId: number;
  /** REFUNDED after a whole refund; SUCCEEDED (still counted) after part of it. */
  status: DonationStatus;
  refundId: string | null;
  /** Minor units given back by a part refund; null for a whole one (all that was left). */
  partMinor: number | null;
}

export interface PaymentService {
  /** The live rails only: a method without keys has no provider in production. */
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  /** The methods donors are offered, in order. */
  methods(): PaymentMethodView[];
  /** `phoneNumber` (Chapa) prefills the donor's wallet number on the provider's page; it is not kept. */
  start(em: EntityManager, donationId: number, method: PaymentMethod, actor: DonorActor, options?: { phoneNumber?: string | undefined }): Promise<PaymentStartView>;
  confirm(em: EntityManager, providerRef: string, actor: DonorActor): Promise<PaymentResultView>;
  /**
   * A provider's word that a payment moved, from anybody (Chapa's callback): the provider is
   * asked and its answer recorded, as a confirmation would; a payment already settled is left be.
   */
  recheck(em: EntityManager, providerRef: string, method: PaymentMethod): Promise<void>;
  completeSandbox(em: EntityManager, providerRef: string, outcome: SandboxOutcome, actor: DonorActor, channel?: SandboxChannel): Promise<void>;
  /**
   * A verified provider event about a payment: recorded once by its id, in the same
   * transaction as the change it makes. False for an event seen before.
   */
  applyEvent(em: EntityManager, event: WebhookEvent & { method: PaymentMethod }): Promise<boolean>;
  /**
   * Asks the providers about payments started between `from` and `to` and still unsettled: a
   * donor who paid but closed the tab before the success page, or a webhook that never came.
   * The sandbox's payments too, whose outcome was chosen but never confirmed (a crash between
   * the two). Duplicate payments whose refund did not go through are tried again. Answers how
   * many were asked and how many of those the answer settled.
   */
  reconcile(em: EntityManager, window: { from: Date; to: Date; limit?: number }): Promise<{ asked: number; settled: number }>;
  /**
   * Gives a paid donation's money back through the provider that took it. Whole (no `part`):
   * the payment is claimed first (`refundReason` REQUESTED), so one request refunds it and the
   * others get 409; the provider's answer is recorded as its refund webhook would be, so the
   * donation becomes REFUNDED and leaves the total once, whichever comes first; a crash between
   * the provider and the record is finished by the reconciliation. Part: the gift stays counted
   * (a donation is refunded whole or not at all); `requestKey` (the caller's id of the request)
   * makes a repeated request one refund at the provider.
   */
  refund(em: EntityManager, donationId: number, part?: { amountMinor: number; requestKey: string }): Promise<RefundOutcome>;
}

export function createPaymentService(deps: {
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  publicUrl: string;
  logger: Logger;
  receiptMail?: ReceiptMail;
  /** The donor's notice that their gift was given back, queued as the receipt is, when a donation becomes REFUNDED (by our request or the provider's word). */
  refundMail?: ReceiptMail;
}): PaymentService {
  const { providers } = deps;

  function providerFor(method: PaymentMethod): PaymentProvider {
    const provider = providers[method];
    if (!provider) throw new PaymentMethodUnavailable();
    return provider;
  }

  /** Only whoever started the donation acts on its payments (donations' assertDonor). */
  async function assertDonorOfPayment(em: EntityManager, payment: Payment, actor: DonorActor): Promise<void> {
    const donation = await em.findOneOrFail(DonationSchema, { id: payment.donation.id }, { fields: ['id', 'creatorSession', 'donor'], disableIdentityMap: true });
    assertDonor(donation, actor);
  }

  /**
   * A payment that succeeded for a donation another payment had already paid (card and
   * PayPal both went through) is given back to the donor through its provider. The claim on
   * `refundReason` comes first, so that concurrent confirmations refund it once; a refund the
   * provider refused stays claimed and the reconciliation tries it again.
   */
  async function refundIfDuplicate(em: EntityManager, payment: Payment, transactionId: string | null): Promise<void> {
    const fresh = em.fork();
    const donation = await fresh.findOne(DonationSchema, { id: payment.donation.id }, { fields: ['id', 'status', 'paymentMethod'], disableIdentityMap: true });
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

  /** The provider's idempotency key of our own refund of a payment that could not count. */
  const giveBackKey: Record<Exclude<RefundReason, 'REQUESTED'>, string> = { DUPLICATE: 'duplicate-payment', NOT_COUNTED: 'not-counted-payment' };

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
        const { currency } = await em.findOneOrFail(DonationSchema, { id: payment.donation.id }, { fields: ['id', 'currency'], disableIdentityMap: true });
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

  function refundOf(payment: Payment, currency: Currency) {
    return { providerRef: payment.providerRef, transactionId: payment.transactionId ?? null, currency };
  }

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

  function startView(payment: Payment): PaymentStartView {
    const provider = providers[payment.method];
    const redirect = payment.redirectUrl ?? null;
    return {
      donationId: payment.donation.id,
      paymentMethod: payment.method,
      paymentIntentId: payment.providerRef,
      sandbox: payment.sandbox,
      clientSecret: payment.clientSecret ?? null,
      publishableKey: payment.method === 'STRIPE' && !payment.sandbox ? (provider?.publishableKey ?? null) : null,
      approvalUrl: !payment.sandbox && payment.method === 'PAYPAL' ? redirect : null,
      checkoutUrl: payment.sandbox || payment.method === 'CHAPA' ? redirect : null,
    };
  }

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
      const donation = await tx.findOneOrFail(DonationSchema, { id: payment.donation.id }, { fields: ['id', 'status', 'paymentMethod', 'amountMinor', 'currency', 'fundraiser'], disableIdentityMap: true });
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

  /**
   * A provider that refuses or cannot be reached gives the donor a clear 502, not a 500 (the
   * reconciliation asks again about a payment it could not say how stands).
   */
  async function atProvider<T>(provider: PaymentProvider, call: () => Promise<T>, failure: { message: string; donationId?: number; paymentId?: number }): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const { message, ...about } = failure;
      deps.logger.error({ err: error, method: provider.method, ...about }, message);
      // A provider that could not say how a payment stands: the donor is told so, not that it could not start.
      if (error instanceof ProviderFailed) throw error.transient ? new ProviderUnreachable() : new PaymentCheckFailed();
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

    methods() {
      return paymentMethodsInOrder.flatMap((method) => {
        const provider = providers[method];
        return provider ? [{ method, sandbox: provider.sandbox }] : [];
      });
    },

    async start(em, donationId, method, actor, options = {}) {
      const donation = await findDonation(em, donationId);
      assertDonor(donation, actor);
      const provider = providerFor(method);
      // Asking again returns the same payment, also once paid (a reload of the page); one
      // that ended unpaid takes no more attempts: the donor starts a new donation.
      // Past its lifetime a donation is left to expire (and, never paid, to be deleted): no new payment.
      if (donation.status === 'CANCELLED' || donation.status === 'EXPIRED' || (donation.status === 'PENDING' && pastLifetime(donation))) throw new DonationSettled();
      const existing = await em.findOne(PaymentSchema, { donation: donationId, method });
      if (existing && donation.status !== 'PENDING' && donation.status !== 'FAILED') return startView(existing);
      // Nothing more is paid to a fundraiser that has closed, paused or been suspended since
      // the donation began; the same holds for a payment started before, which could still be paid.
      const fundraiser = await em.findOneOrFail(FundraiserSchema, { id: donation.fundraiser.id }, { fields: ['id', 'status'], disableIdentityMap: true });
      if (fundraiser.status !== 'ACTIVE') throw new FundraiserNotAccepting();
      if (existing) return startView(existing);
      if (!payable.includes(donation.status)) throw new DonationSettled();
      const request: StartRequest = {
        donationId,
        amountMinor: donation.amountMinor,
        currency: donation.currency,
        description: `Donation #${donation.id}`,
        // Back to the donor's own language: the provider's page is where they left ours.
        returnUrl: `${deps.publicUrl}${localePrefix(donation.language)}/donation/success`,
        cancelUrl: `${deps.publicUrl}${localePrefix(donation.language)}/donation/cancel`,
        callbackUrl: `${deps.publicUrl}${chapaCallbackPath}`,
        donor: { email: donation.donorEmail, name: donation.donorName ?? null, phoneNumber: options.phoneNumber || null },
      };
      const started = await atProvider(provider, () => provider.start(request), { message: 'payment provider refused to start a payment', donationId });
      try {
        // The donation's row is taken first: the payment's insert would otherwise share a lock
        // on it (its foreign key) with a racing start's, and both then wait on the other (a MySQL deadlock).
        const payment = await em.transactional(async (tx) => {
          await tx.nativeUpdate(DonationSchema, { id: donationId }, { paymentMethod: method });
          const row = tx.create(PaymentSchema, {
            donation: donationId,
            method,
            sandbox: provider.sandbox,
            providerRef: started.providerRef,
            status: 'STARTED',
            clientSecret: started.clientSecret,
            redirectUrl: started.redirectUrl,
            transactionId: null,
            channel: null,
            sandboxOutcome: null,
          });
          await tx.flush();
          return row;
        });
        return startView(payment);
      } catch (error) {
        // Two tabs asked at once: the provider answered both with the same payment (the
        // donation is its idempotency key) and the first row written stands.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const fork = em.fork();
        return startView(await fork.findOneOrFail(PaymentSchema, { donation: donationId, method }));
      }
    },

    async confirm(em, providerRef, actor) {
      const payment = await findByRef(em, providerRef);
      await assertDonorOfPayment(em, payment, actor);
      const provider = providerFor(payment.method);
      const outcome = await atProvider(provider, () => provider.outcome(payment), { message: 'payment provider could not say how a payment stands', paymentId: payment.id });
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

    async reconcile(em, window) {
      const open = await em.find(
        PaymentSchema,
        { status: 'STARTED', createdAt: { $gte: window.from, $lt: window.to } },
        { limit: window.limit ?? 200, orderBy: { id: 'asc' }, disableIdentityMap: true },
      );
      let settled = 0;
      for (const payment of open) {
        const provider = providers[payment.method];
        // A payment keeps the rail it was made on: a sandbox one is asked of the sandbox only while that rail is still the sandbox.
        if (!provider || provider.sandbox !== payment.sandbox) continue;
        try {
          if (await record(em.fork(), payment, await provider.outcome(payment))) settled += 1;
        } catch (error) {
          deps.logger.error({ err: error, paymentId: payment.id }, 'reconciliation could not settle a payment; will try again');
        }
      }
      // Claimed before the window's end, so that a giving back under way right now is left to its request.
      const unrefunded = await em.find(PaymentSchema, { refundReason: { $in: ['DUPLICATE', 'NOT_COUNTED'] }, status: 'SUCCEEDED', updatedAt: { $lt: window.to } }, { limit: 50, orderBy: { id: 'asc' }, disableIdentityMap: true });
      for (const payment of unrefunded) if (payment.refundReason && payment.refundReason !== 'REQUESTED') await giveBack(em.fork(), payment, payment.refundReason, 'retry');
      // Claimed before the window's end, so that a refund under way right now is left to its request.
      const requested = await em.find(PaymentSchema, { refundReason: 'REQUESTED', status: 'SUCCEEDED', updatedAt: { $lt: window.to } }, { limit: 50, orderBy: { id: 'asc' }, disableIdentityMap: true });
      for (const payment of requested) await finishRequestedRefund(em.fork(), payment);
      return { asked: open.length, settled };
    },

    async refund(em, donationId, part) {
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
      const claimed = await em.nativeUpdate(PaymentSchema, { id: payment.id, status: 'SUCCEEDED', refundReason: null }, { refundReason: 'REQUESTED', updatedAt: new Date() });
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
      const after = await em.fork().findOneOrFail(DonationSchema, { id: donationId }, { fields: ['status'] });
      return { donationId, status: after.status, refundId, partMinor: null };
    },

    async applyEvent(em, event) {
      const payment = await em.findOne(PaymentSchema, { providerRef: event.providerRef, method: event.method }, { disableIdentityMap: true });
      if (!payment) return false;
      // An event that settles nothing by itself (PayPal's "order approved") is the moment to
      // ask the provider, which captures it: the donor may never come back to confirm.
      const outcome = event.outcome.state === 'pending' && !event.dispute ? await providerFor(payment.method).outcome(payment) : event.outcome;
      const recorded = await record(em, payment, outcome, event);
      if (recorded !== null && event.dispute) {
        await em.nativeUpdate(PaymentSchema, { id: payment.id }, { disputeStatus: event.dispute.status.slice(0, 30), disputedAt: payment.disputedAt ?? new Date() });
        deps.logger.warn({ paymentId: payment.id, dispute: event.dispute.status }, 'a payment is disputed by the donor’s bank');
      }
      return recorded !== null;
    },
  };
}
