import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { fromMinor, toMinor, type Currency } from '../money/index.ts';
import { ChapaCurrencyUnsupported } from './chapa.errors.ts';
import { InvalidWebhook } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, ProviderState, WebhookEvent } from './payment.provider.ts';

export interface ChapaOptions {
  secretKey: string;
  /** The secret hash set beside the webhook URL in Chapa's dashboard; without it no delivery is believed. */
  webhookSecret: string | undefined;
  /** Another address for Chapa's API (with its /v1): tests point it at a local stand-in. */
  apiBase?: string | undefined;
}

const defaultApiBase = 'https://api.chapa.co/v1';

/** Of our currencies, those Chapa's wallets and banks move: the donate page offers cards and PayPal for dollars. */
const chapaCurrencies: readonly Currency[] = ['ETB'];

/** Give up rather than hold a donor's request; the reconciliation asks again later. */
const timeoutMs = 20_000;

/** Every answer of Chapa's API has this envelope; `data` is what the call returns. */
const envelope = z.object({ message: z.unknown().optional(), status: z.string().optional(), data: z.unknown().optional() });

const initialized = z.object({ checkout_url: z.url() });

const verified = z.object({
  status: z.string(),
  tx_ref: z.string().optional(),
  amount: z.union([z.number(), z.string()]).nullish(),
  currency: z.string().nullish(),
  /** telebirr, cbebirr, mpesa, a bank, test… */
  method: z.string().nullish(),
  /** Chapa's own reference for the money movement, as on its dashboard and the donor's SMS. */
  reference: z.string().nullish(),
});

const refunded = z.object({ reference: z.string().nullish(), refund_reference: z.string().nullish() }).nullish();

/** A webhook about a transaction: flat JSON, the event's name beside the transaction's fields. */
const webhookBody = z.object({ event: z.string().min(1).max(60), tx_ref: z.string().min(1).max(255).optional() });

/** The events about a donor's payment; each only says when to ask Chapa (see `webhook`). */
const chargeEvents = new Set(['charge.success', 'charge.failed', 'charge.cancelled', 'charge.refunded', 'charge.reversed']);

const stateOf: Record<string, ProviderState> = {
  success: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  pending: 'pending',
  refunded: 'refunded',
  reversed: 'refunded',
};

/** Chapa's refusal, with its HTTP status: a 404 from verify means "not paid yet". */
type ChapaError = Error & { chapaStatus: number };

const chapaError = (status: number, message: string): ChapaError => Object.assign(new Error(`Chapa answered ${status}: ${message}`), { chapaStatus: status });
const isChapaError = (error: unknown): error is ChapaError => error instanceof Error && typeof (error as Partial<ChapaError>).chapaStatus === 'number';

/**
 * Birr through Chapa's hosted checkout: the donor pays there with telebirr, CBE Birr, M-Pesa or
 * a bank app. A small client over fetch: the published ones are thin, and one re-serialises a
 * webhook's body before checking its signature, which fails on any byte Chapa wrote differently.
 */
export function chapaProvider(options: ChapaOptions): PaymentProvider {
  const apiBase = (options.apiBase ?? defaultApiBase).replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: unknown; message: string }> {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's HTML error page, say: the status speaks for it.
    }
    const parsed = envelope.safeParse(json);
    const message = parsed.success ? (typeof parsed.data.message === 'string' ? parsed.data.message : JSON.stringify(parsed.data.message ?? '')) : text.slice(0, 200);
    if (!response.ok || (parsed.success && parsed.data.status === 'failed')) throw chapaError(response.status, message);
    return { status: response.status, data: parsed.success ? parsed.data.data : null, message };
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

    async outcome(payment) {
      let data: unknown;
      try {
        ({ data } = await call('GET', `/transaction/verify/${encodeURIComponent(payment.providerRef)}`));
      } catch (error) {
        // "Payment not paid yet": the donor is still on Chapa's page, or left it.
        if (isChapaError(error) && error.chapaStatus === 404) return { state: 'pending', transactionId: null };
        throw error;
      }
      const transaction = verified.safeParse(data);
      if (!transaction.success) throw new Error('Chapa verified a transaction without a status');
      const { status, amount, currency, method, reference } = transaction.data;
      const state = stateOf[status.toLowerCase()];
      if (!state) throw new Error(`Chapa verified a transaction in a state we do not know: ${status}`);
      const outcome: ProviderOutcome = { state, transactionId: reference ?? null, channel: method ? method.slice(0, 40) : null };
      const amountMinor = amount === null || amount === undefined ? null : toMinor(String(amount), 'ETB');
      if (amountMinor !== null && currency) outcome.paid = { amountMinor, currency: currency.toUpperCase() };
      return outcome;
    },

    async refund(request) {
      const { data } = await call('POST', `/refund/${encodeURIComponent(request.providerRef)}`, {
        reason: 'Refunded by the platform',
        ...(request.amountMinor === undefined ? {} : { amount: fromMinor(request.amountMinor, request.currency) }),
        // Our key as the refund's reference: Chapa refuses a reference it has seen, so a retry never refunds twice.
        reference: request.idempotencyKey.slice(0, 100),
      });
      const answer = refunded.safeParse(data);
      const refundId = (answer.success && (answer.data?.refund_reference ?? answer.data?.reference)) || request.idempotencyKey;
      return { refundId };
    },

    async webhook(request): Promise<WebhookEvent | null> {
      const secret = options.webhookSecret;
      const signature = request.headers['x-chapa-signature'];
      // Only the signature over the body counts: `Chapa-Signature` (the secret signed with
      // itself) is the same on every delivery, so it would vouch for any body.
      if (!secret || typeof signature !== 'string' || !sameHex(signature, createHmac('sha256', secret).update(request.rawBody).digest('hex'))) throw new InvalidWebhook();
      let json: unknown;
      try {
        json = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw new InvalidWebhook();
      }
      const body = webhookBody.safeParse(json);
      if (!body.success) throw new InvalidWebhook();
      const { event, tx_ref: txRef } = body.data;
      if (!chargeEvents.has(event) || !txRef) return null;
      // A signed event still does not count money by itself: the payments service asks Chapa's
      // verify, whose answer decides (so a replayed or mistaken event moves nothing).
      return { eventId: `${event}:${txRef}`, type: event, providerRef: txRef, outcome: { state: 'pending', transactionId: null } };
    },
  };
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
