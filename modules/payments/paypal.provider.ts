import { createHash } from 'node:crypto';
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  CustomError,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type CapturedPayment,
  type LinkDescription,
  type OAuthToken,
  type Order,
} from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import { currencies, fromMinor, toMinor, type Currency } from '../money/index.ts';
import { InvalidWebhook } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, WebhookEvent } from './payment.provider.ts';
import { PaypalCurrencyUnsupported } from './paypal.errors.ts';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription; without it no delivery can be verified. */
  webhookId: string | undefined;
  environment: 'sandbox' | 'live';
  /** Another address for PayPal's REST API: tests point it at a local stand-in. */
  apiBase?: string | undefined;
}

const hosts = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** Of our currencies, those PayPal settles: it has no Ethiopian birr. */
const paypalCurrencies: readonly Currency[] = ['USD'];

/** Both the SDK's calls and our own give up after this long rather than hold a donor's request. */
const timeoutMs = 20_000;

const pending: ProviderOutcome = { state: 'pending', transactionId: null };

const transmissionHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const link = z.object({ href: z.string(), rel: z.string() });
/** The parts of a webhook event (an order, capture or refund as its resource) that say which order it is about. */
const webhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.object({
    id: z.string().optional(),
    amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
    links: z.array(link).optional(),
  }),
});
type PaypalEvent = z.output<typeof webhookEvent>;

/**
 * What a capture took, as PayPal says: counted only when it is the donation's own amount and
 * currency. An amount in a currency we do not keep cannot be read in its minor units, and
 * needs not be (the currency alone refuses it).
 */
function paidOf(amount: { currencyCode?: string | undefined; value?: string | undefined } | undefined): ProviderOutcome['paid'] {
  if (!amount?.currencyCode || amount.value === undefined) return undefined;
  const currency = amount.currencyCode.toUpperCase();
  const ours = currencies.find((c) => c === currency);
  return { amountMinor: (ours && toMinor(amount.value, ours)) ?? -1, currency };
}

/**
 * PayPal through its server SDK and Orders v2: an order per donation, approved by the donor on
 * PayPal's page and captured by us once PayPal says it is approved.
 */
export function paypalProvider(options: PaypalOptions): PaymentProvider {
  const apiBase = (options.apiBase ?? hosts[options.environment]).replace(/\/+$/, '');
  let token: OAuthToken | undefined;
  const client: Client = new Client({
    environment: options.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: timeoutMs,
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      oAuthClockSkew: 60,
      // One token for the SDK's calls and ours: the SDK has no call to verify a webhook.
      oAuthTokenProvider: () => accessToken(),
    },
    // The SDK knows only PayPal's two hosts. Its HTTP client (axios) can be handed the fetch
    // it sends with, so another base is reached by readdressing each request there.
    ...(options.apiBase ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: readdressed(apiBase) } } } : {}),
  });
  const orders = new OrdersController(client);
  const captures = new PaymentsController(client);

  async function accessToken(): Promise<OAuthToken> {
    token = await client.clientCredentialsAuthManager.updateToken(token);
    return token;
  }

  /** Null when PayPal has no such order: it forgets orders that were never approved. */
  async function readOrder(id: string): Promise<Order | null> {
    try {
      return (await orders.getOrder({ id })).result;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async function capture(order: Order & { id: string }): Promise<ProviderOutcome> {
    try {
      const { result } = await orders.captureOrder({
        id: order.id,
        // PayPal answers a repeated key with the first answer, so concurrent confirmations
        // capture once. The approval time is part of it: after a declined card the donor may
        // approve again with another, and that capture must not get the old decline back.
        paypalRequestId: `capture-${order.id}-${order.updateTime ?? ''}`,
        prefer: 'return=representation',
      });
      return fromOrder(result);
    } catch (error) {
      if (error instanceof CustomError && error.statusCode === 422 && error.result?.details?.some((d) => d.issue === 'INSTRUMENT_DECLINED')) {
        return { state: 'failed', transactionId: null };
      }
      throw error;
    }
  }

  async function verify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<PaypalEvent> {
    if (!options.webhookId) throw new InvalidWebhook();
    const transmission: Record<string, string> = {};
    for (const [field, header] of Object.entries(transmissionHeaders)) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') throw new InvalidWebhook();
      transmission[field] = value;
    }
    const text = rawBody.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidWebhook();
    }
    const parsed = webhookEvent.safeParse(json);
    if (!parsed.success) throw new InvalidWebhook();
    // The event goes back exactly as it came: PayPal checks the signature against the bytes it sent.
    const head = JSON.stringify({ ...transmission, webhook_id: options.webhookId });
    const response = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await accessToken()).accessToken}`, 'Content-Type': 'application/json' },
      body: `${head.slice(0, -1)},"webhook_event":${text}}`,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 400 || response.status === 422) throw new InvalidWebhook();
    // Anything else is on our side or PayPal's, not the delivery's: a 500 makes PayPal send it again.
    if (!response.ok) throw new Error(`PayPal's webhook verification answered ${response.status}`);
    const answer = (await response.json()) as { verification_status?: unknown };
    if (answer.verification_status !== 'SUCCESS') throw new InvalidWebhook();
    return parsed.data;
  }

  /** A refund event is about a capture; the capture knows its order, and whether all of it went back. */
  async function refundEvent(event: PaypalEvent): Promise<WebhookEvent | null> {
    const captureId = idIn(event.resource.links, 'up', /\/v2\/payments\/captures\/([^/?]+)/);
    if (!captureId) return null;
    let refunded: CapturedPayment;
    try {
      refunded = (await captures.getCapturedPayment({ captureId })).result;
    } catch (error) {
      // Not a capture this account can see: nothing of ours.
      if (error instanceof ApiError && error.statusCode === 404) return null;
      throw error;
    }
    const orderId = refunded.supplementaryData?.relatedIds?.orderId ?? idIn(refunded.links, 'up', /\/v2\/checkout\/orders\/([^/?]+)/);
    if (!orderId) return null;
    // Part of a gift given back leaves it counted: a donation is refunded only whole.
    const whole = event.event_type === 'PAYMENT.CAPTURE.REVERSED' || refunded.status !== CaptureStatus.PartiallyRefunded;
    return { eventId: event.id, type: event.event_type, providerRef: orderId, outcome: whole ? { state: 'refunded', transactionId: captureId } : { state: 'succeeded', transactionId: captureId, paid: paidOf(refunded.amount) } };
  }

  return {
    method: 'PAYPAL',
    sandbox: false,
    publishableKey: null,

    async start(request) {
      if (!paypalCurrencies.includes(request.currency)) throw new PaypalCurrencyUnsupported();
      const { result: order } = await orders.createOrder({
        paypalRequestId: orderRequestId(request),
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              customId: String(request.donationId),
              description: request.description.slice(0, 127),
              amount: { currencyCode: request.currency, value: fromMinor(request.amountMinor, request.currency) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                userAction: PaypalExperienceUserAction.PayNow,
                returnUrl: request.returnUrl,
                cancelUrl: request.cancelUrl,
              },
            },
          },
        },
      });
      const approval = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!order.id || !approval) throw new Error('PayPal answered an order without an id or an approval link');
      return { providerRef: order.id, clientSecret: null, redirectUrl: approval.href };
    },

    async refund(request) {
      // PayPal refunds a capture, not an order: the capture is the payment's transaction.
      if (!request.transactionId) throw new Error(`PayPal order ${request.providerRef} has no capture to refund`);
      const { result } = await captures.refundCapturedPayment({
        captureId: request.transactionId,
        paypalRequestId: request.idempotencyKey,
        prefer: 'return=minimal',
        body: request.amountMinor === undefined ? {} : { amount: { currencyCode: request.currency, value: fromMinor(request.amountMinor, request.currency) } },
      });
      if (!result.id) throw new Error(`PayPal answered a refund of capture ${request.transactionId} without an id`);
      return { refundId: result.id };
    },

    async outcome(payment) {
      const order = await readOrder(payment.providerRef);
      if (!order) return { state: 'cancelled', transactionId: null };
      if (order.status === OrderStatus.Approved) return capture({ ...order, id: payment.providerRef });
      return fromOrder(order);
    },

    async webhook({ headers, rawBody }) {
      const event = await verify(headers, rawBody);
      const about = (providerRef: string | undefined, outcome: ProviderOutcome): WebhookEvent | null =>
        providerRef ? { eventId: event.id, type: event.event_type, providerRef, outcome } : null;
      const resource = event.resource;
      const orderOfCapture = () => resource.supplementary_data?.related_ids?.order_id ?? idIn(resource.links, 'up', /\/v2\/checkout\/orders\/([^/?]+)/);
      switch (event.event_type) {
        // The capture follows when the donor is back on our page and it is confirmed.
        case 'CHECKOUT.ORDER.APPROVED':
          return about(resource.id, pending);
        case 'CHECKOUT.ORDER.VOIDED':
          return about(resource.id, { state: 'cancelled', transactionId: null });
        case 'PAYMENT.CAPTURE.COMPLETED':
          return about(orderOfCapture(), { state: 'succeeded', transactionId: resource.id ?? null, paid: paidOf(resource.amount && { currencyCode: resource.amount.currency_code, value: resource.amount.value }) });
        case 'PAYMENT.CAPTURE.PENDING':
          return about(orderOfCapture(), pending);
        case 'PAYMENT.CAPTURE.DENIED':
        case 'PAYMENT.CAPTURE.DECLINED':
          return about(orderOfCapture(), { state: 'failed', transactionId: null });
        case 'PAYMENT.CAPTURE.REFUNDED':
        case 'PAYMENT.CAPTURE.REVERSED':
          return refundEvent(event);
        default:
          return null;
      }
    },
  };
}

/** How an order stands, by its latest capture once there is one. */
function fromOrder(order: Order): ProviderOutcome {
  if (order.status === OrderStatus.Voided) return { state: 'cancelled', transactionId: null };
  if (order.status !== OrderStatus.Completed) return pending;
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.at(-1);
  switch (capture?.status) {
    case CaptureStatus.Completed:
    case CaptureStatus.PartiallyRefunded:
      return { state: 'succeeded', transactionId: capture.id ?? null, paid: paidOf(capture.amount) };
    case CaptureStatus.Refunded:
      return { state: 'refunded', transactionId: capture.id ?? null };
    case CaptureStatus.Declined:
    case CaptureStatus.Failed:
      return { state: 'failed', transactionId: null };
    default:
      // PENDING (an e-cheque, a review): PAYMENT.CAPTURE.COMPLETED follows, or the next confirmation sees it.
      return pending;
  }
}

/**
 * PayPal's idempotency key for creating a donation's order: a second request with it gets
 * the same order back. It holds the amount and currency, so that a key reused by another
 * installation sharing the PayPal account (its donation ids start at 1 too) can never
 * return an order for a different sum, and the return address, so that it normally is not.
 */
function orderRequestId(request: { donationId: number; amountMinor: number; currency: Currency; returnUrl: string }): string {
  const digest = createHash('sha256').update(JSON.stringify([request.returnUrl, request.donationId, request.amountMinor, request.currency])).digest('base64url');
  return `donation-${request.donationId}-${digest.slice(0, 24)}`;
}

function idIn(links: readonly LinkDescription[] | undefined, rel: string, pattern: RegExp): string | undefined {
  for (const l of links ?? []) {
    const id = l.rel === rel ? pattern.exec(l.href)?.[1] : undefined;
    if (id) return id;
  }
  return undefined;
}

/** A fetch that sends each request, whatever host it names, to `base` with the same path. */
function readdressed(base: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return fetch(new Request(base + url.pathname + url.search, request));
  };
}
