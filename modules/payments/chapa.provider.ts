import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { chapaClient, chapaSignatureValid, isChapaError } from './chapa.client.ts';
import { fromMinor, toMinor, type Currency } from '../money/index.ts';
import { ChapaCurrencyUnsupported } from './chapa.errors.ts';
import { InvalidWebhook, ProviderFailed } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, ProviderState, TransferNews, WebhookEvent } from './payment.provider.ts';
import { sharedCalls } from './shared-calls.ts';

export interface ChapaOptions {
  secretKey: string;
  /** The secret hash set beside the webhook URL in Chapa's dashboard; without it no delivery is believed. */
  webhookSecret: string | undefined;
  /** Another address for Chapa's API (with its /v1): tests point it at a local stand-in. */
  apiBase?: string | undefined;
}

/** Of our currencies, those Chapa's wallets and banks move: the donate page offers cards and PayPal for dollars. */
const chapaCurrencies: readonly Currency[] = ['ETB'];

/**
 * Verify is one read, and whoever asks waits for it (the donor's success page, Chapa's webhook
 * and callback): past this, Chapa is taken as not answering, to be asked again shortly.
 */
const verifyTimeoutMs = 8_000;
/**
 * A verify that failed is the answer for this long to whoever asks about the same payment
 * (every caller joins a verify already under way): a Chapa in trouble is not asked once per
 * request. A verify's answer is not kept past its call here, since a donor who has just paid
 * must not be told what Chapa said a moment before.
 */
const verifyFailureKeptMs = 5_000;

/** Chapa's own checkout, over https: its address goes straight into a redirect. */
const initialized = z.object({ checkout_url: z.url({ protocol: /^https$/, hostname: /(^|\.)chapa\.co$/ }) });

const verified = z.object({
  status: z.string(),
  amount: z.union([z.number(), z.string()]).nullish(),
  currency: z.string().nullish(),
  /** telebirr, cbebirr, mpesa, a bank, test… */
  method: z.string().nullish(),
  /** Chapa's own reference for the money movement, as on its dashboard and the donor's SMS. */
  reference: z.string().nullish(),
});

/** `ref` is Chapa's id of the refund; `merchant_reference` echoes ours. */
const refunded = z.object({ ref: z.string().nullish(), id: z.union([z.number(), z.string()]).nullish() }).nullish();

const txRefField = z.string().min(1).max(255).optional();
/** A webhook about a transaction: flat JSON, the event's name beside the transaction's fields (some of Chapa's examples nest them under `data`). */
const webhookBody = z.object({ event: z.string().min(1).max(60), tx_ref: txRefField, reference: txRefField, data: z.object({ tx_ref: txRefField, reference: txRefField }).nullish() });

/** The events about a donor's payment; each only says when to ask Chapa (see `webhook`). */
const chargeEvents = new Set(['charge.success', 'charge.failed', 'charge.cancelled', 'charge.refunded', 'charge.reversed']);

/** The events about a transfer out (a payout), in Chapa's newer and older names; they carry our transfer's `reference`. */
const transferEvents = new Set(['payout.success', 'payout.failed', 'payout.reversed', 'transfer.success', 'transfer.failed', 'transfer.reversed']);

const pending: ProviderOutcome = { state: 'pending', transactionId: null };

const stateOf: Record<string, ProviderState> = {
  success: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  pending: 'pending',
  refunded: 'refunded',
  reversed: 'refunded',
};

/**
 * Birr through Chapa's hosted checkout: the donor pays there with telebirr, CBE Birr, M-Pesa or
 * a bank app. A small client over fetch: the published ones are thin, and one re-serialises a
 * webhook's body before checking its signature, which fails on any byte Chapa wrote differently.
 */
export function chapaProvider(options: ChapaOptions): PaymentProvider {
  const call = chapaClient(options);

  const verifications = sharedCalls<ProviderOutcome>({ answersFor: 0, failuresFor: verifyFailureKeptMs });

  async function verify(txRef: string): Promise<ProviderOutcome> {
    let data: unknown;
    try {
      ({ data } = await call('GET', `/transaction/verify/${encodeURIComponent(txRef)}`, undefined, verifyTimeoutMs));
    } catch (error) {
      // "Payment not paid yet": the donor is still on Chapa's page, or left it.
      if (isChapaError(error) && error.fromChapa && error.chapaStatus === 404) return pending;
      // No answer (a timeout, a connection refused) or Chapa's own fault is worth asking again shortly; a refusal is not.
      if (!isChapaError(error)) throw new ProviderFailed(`Chapa's verify did not answer: ${error instanceof Error ? error.message : String(error)}`, { transient: true, cause: error });
      throw new ProviderFailed(error.message, { transient: error.chapaStatus >= 500, cause: error });
    }
    // Chapa has also answered "not paid yet" as a success without data.
    if (data === null) return pending;
    const transaction = verified.safeParse(data);
    if (!transaction.success) throw new ProviderFailed('Chapa verified a transaction without a status', { transient: false });
    const { status, amount, currency, method, reference } = transaction.data;
    const state = stateOf[status.toLowerCase()];
    if (!state) throw new ProviderFailed(`Chapa verified a transaction in a state we do not know: ${status}`, { transient: false });
    // The receipt needs a reference; the tx_ref is Chapa's key for the transaction too.
    const outcome: ProviderOutcome = { state, transactionId: reference || txRef, channel: method ? method.slice(0, 40) : null };
    if (state === 'succeeded') {
      const amountMinor = amount === null || amount === undefined ? null : toMinor(String(amount), 'ETB');
      // A success whose amount cannot be read is not counted blind: nothing is recorded, the reconciliation asks again.
      if (amountMinor === null || !currency) throw new ProviderFailed(`Chapa verified a success without a readable amount: ${String(amount)} ${String(currency)}`, { transient: false });
      outcome.paid = { amountMinor, currency: currency.toUpperCase() };
    }
    return outcome;
  }

  return {
    method: 'CHAPA',
    sandbox: false,
    publishableKey: null,

    async start(request) {
      if (!chapaCurrencies.includes(request.currency)) throw new ChapaCurrencyUnsupported();
      // One reference per attempt, never reused: Chapa takes a tx_ref once. The donation's id
      // in it lets a person match Chapa's dashboard to ours.
      const txRef = `dn${request.donationId}-${randomBytes(12).toString('base64url')}`;
      const [firstName, ...rest] = (request.donor.name ?? '').trim().split(/\s+/).filter(Boolean);
      const returnUrl = new URL(request.returnUrl);
      returnUrl.searchParams.set('payment_intent', txRef);
      const { data } = await call('POST', '/transaction/initialize', {
        amount: fromMinor(request.amountMinor, request.currency),
        currency: request.currency,
        tx_ref: txRef,
        email: request.donor.email,
        ...(firstName ? { first_name: firstName } : {}),
        ...(rest.length ? { last_name: rest.join(' ') } : {}),
        ...(request.donor.phoneNumber ? { phone_number: request.donor.phoneNumber } : {}),
        return_url: returnUrl.href,
        callback_url: request.callbackUrl,
        // Chapa refuses a title over 16 characters, and other than letters, digits, spaces, dots, hyphens and underscores.
        customization: { title: 'Donation', description: `Donation ${request.donationId}` },
        meta: { donationId: request.donationId },
      });
      const checkout = initialized.safeParse(data);
      if (!checkout.success) throw new Error('Chapa answered without a checkout_url');
      return { providerRef: txRef, clientSecret: null, redirectUrl: checkout.data.checkout_url };
    },

    outcome(payment) {
      return verifications.ask(payment.providerRef, () => verify(payment.providerRef));
    },

    async refund(request) {
      // Chapa refuses a reference it has seen, so one reference per payment for a whole refund
      // makes every retry (a lost answer, a retried duplicate refund) the same single refund.
      const reference = request.amountMinor === undefined ? `whole-${request.providerRef}` : request.idempotencyKey;
      let data: unknown;
      try {
        // Addressed by Chapa's own reference of the payment, which its refund API takes.
        ({ data } = await call('POST', `/refund/${encodeURIComponent(request.transactionId ?? request.providerRef)}`, {
          reason: 'Refunded by the platform',
          ...(request.amountMinor === undefined ? {} : { amount: fromMinor(request.amountMinor, request.currency) }),
          reference: reference.slice(0, 100),
        }));
      } catch (error) {
        // Made before, its answer lost: that refund stands.
        if (isChapaError(error) && error.fromChapa && error.chapaStatus === 400 && /reference.*(used|exist)/i.test(error.chapaMessage)) return { refundId: reference };
        throw error;
      } finally {
        // What verify said before the refund (a failure kept a moment) is not how the payment stands after it.
        verifications.forget(request.providerRef);
      }
      const answer = refunded.safeParse(data);
      const refundId = answer.success && answer.data ? (answer.data.ref ?? (answer.data.id === null || answer.data.id === undefined ? null : String(answer.data.id))) : null;
      return { refundId: refundId || reference };
    },

    async webhook(request): Promise<WebhookEvent | TransferNews | null> {
      const secret = options.webhookSecret;
      const signature = request.headers['x-chapa-signature'];
      // Only the signature over the body counts: `Chapa-Signature` (the secret signed with
      // itself) is the same on every delivery, so it would vouch for any body.
      if (!chapaSignatureValid(request.rawBody, secret, signature)) throw new InvalidWebhook();
      let json: unknown;
      try {
        json = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw new InvalidWebhook();
      }
      const body = webhookBody.safeParse(json);
      if (!body.success) throw new InvalidWebhook();
      const { event } = body.data;
      if (transferEvents.has(event)) {
        const reference = body.data.reference ?? body.data.data?.reference;
        return reference ? { transferReference: reference, type: event } : null;
      }
      const txRef = body.data.tx_ref ?? body.data.data?.tx_ref;
      if (!chargeEvents.has(event) || !txRef) return null;
      // A signed event still does not count money by itself: the payments service asks Chapa's
      // verify, whose answer decides (so a replayed or mistaken event moves nothing).
      return { eventId: `${event}:${txRef}`, type: event, providerRef: txRef, outcome: pending, repeatable: true };
    },
  };
}
