import Stripe from 'stripe';
import { InvalidWebhook } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, WebhookEvent } from './payment.provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** Unset, every webhook delivery is refused: an unsigned event could mark a donation paid. */
  webhookSecret: string | undefined;
  /** Scheme, host and port standing in for https://api.stripe.com (tests' local fake). */
  apiBase?: string | undefined;
}

const pending: ProviderOutcome = { state: 'pending', transactionId: null };

function chargeId(charge: string | Stripe.Charge | null): string | null {
  return typeof charge === 'string' ? charge : (charge?.id ?? null);
}

/** What the donor paid, as Stripe says: the donation's amount is ours, the intent's could be anything. */
function paidOn(intent: Pick<Stripe.PaymentIntent, 'amount_received' | 'currency'>): ProviderOutcome['paid'] {
  return { amountMinor: intent.amount_received, currency: intent.currency.toUpperCase() };
}

/** How a PaymentIntent stands, its latest charge expanded so that a refund shows. */
function outcomeOf(intent: Stripe.PaymentIntent): ProviderOutcome {
  const charge = intent.latest_charge;
  switch (intent.status) {
    case 'succeeded':
      // A refunded PaymentIntent stays `succeeded`; only its charge tells. A partial refund
      // leaves the donation counted in full: a donation is refunded whole or not at all.
      if (typeof charge === 'object' && charge?.refunded) return { state: 'refunded', transactionId: charge.id };
      return { state: 'succeeded', transactionId: chargeId(charge), paid: paidOn(intent) };
    case 'canceled':
      return { state: 'cancelled', transactionId: null };
    case 'requires_payment_method':
      // The state of a fresh intent too; only a declined attempt leaves an error behind.
      // The donor may still try another card on the same intent and succeed.
      return intent.last_payment_error ? { state: 'failed', transactionId: null } : pending;
    default:
      return pending;
  }
}

function webhookEvent(event: Stripe.Event): WebhookEvent | null {
  const about = (providerRef: string, outcome: ProviderOutcome): WebhookEvent => ({ eventId: event.id, type: event.type, providerRef, outcome });
  switch (event.type) {
    case 'payment_intent.succeeded':
      return about(event.data.object.id, { state: 'succeeded', transactionId: chargeId(event.data.object.latest_charge), paid: paidOn(event.data.object) });
    case 'payment_intent.payment_failed':
      return about(event.data.object.id, { state: 'failed', transactionId: null });
    case 'payment_intent.canceled':
      return about(event.data.object.id, { state: 'cancelled', transactionId: null });
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
      if (!intent) return null;
      // A lost dispute took the money back: the gift no longer counts, as after a refund.
      const outcome: ProviderOutcome = dispute.status === 'lost' ? { state: 'refunded', transactionId: chargeId(dispute.charge) } : { state: 'pending', transactionId: null };
      return { ...about(intent, outcome), dispute: { status: dispute.status } };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      if (!charge.refunded || !intent) return null;
      return about(intent, { state: 'refunded', transactionId: charge.id });
    }
    default:
      return null;
  }
}

function endpoint(apiBase: string): Stripe.StripeConfig {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443) };
}

/** Card payments through Stripe: a PaymentIntent per donation, paid in the Payment Element on our page. */
export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, options.apiBase ? endpoint(options.apiBase) : {});
  return {
    method: 'STRIPE',
    sandbox: false,
    publishableKey: options.publishableKey,

    async start(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          description: request.description,
          automatic_payment_methods: { enabled: true },
          metadata: { donationId: String(request.donationId) },
        },
        // Concurrent or repeated starts of one donation (two tabs, a lost answer) get the same intent back, never a second.
        { idempotencyKey: `donation-${request.donationId}` },
      );
      return { providerRef: intent.id, clientSecret: intent.client_secret, redirectUrl: null };
    },

    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.providerRef, ...(request.amountMinor === undefined ? {} : { amount: request.amountMinor }) },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async outcome(payment) {
      return outcomeOf(await stripe.paymentIntents.retrieve(payment.providerRef, { expand: ['latest_charge'] }));
    },

    async webhook(request) {
      const signature = request.headers['stripe-signature'];
      if (!options.webhookSecret || typeof signature !== 'string') throw new InvalidWebhook();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.rawBody, signature, options.webhookSecret);
      } catch {
        throw new InvalidWebhook();
      }
      return webhookEvent(event);
    },
  };
}
