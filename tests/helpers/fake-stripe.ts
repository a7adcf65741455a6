import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A PaymentIntent as the fake keeps it; `latest_charge` is a charge id, expanded on request. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** What was charged: 0 until the intent succeeds, then its amount. */
  amount_received: number;
  currency: string;
  description: string | null;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  automatic_payment_methods: { enabled: boolean } | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  cancellation_reason: string | null;
  livemode: false;
  created: number;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  refunded: boolean;
  livemode: false;
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: URLSearchParams;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * The `Stripe-Signature` header for a payload, as Stripe computes it: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>`. Written from Stripe's
 * documented scheme rather than with the SDK, so the SDK's check is tested against it.
 */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Stands in for https://api.stripe.com on loopback, for the calls the official SDK makes here:
 * create a PaymentIntent (honouring Idempotency-Key as Stripe does: same key and parameters, the
 * same intent; other parameters, an idempotency error) and retrieve one (expanding latest_charge).
 * Test controls move an intent as a donor's card and Stripe's dashboard would, and `event`
 * snapshots an intent or its charge as the webhook event Stripe would send at that moment.
 */
export async function startFakeStripe(options: { secretKey: string; webhookSecret: string }) {
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const requests: FakeRequest[] = [];
  /** Refunds made through the API (POST /v1/refunds), in order. */
  const refundsMade: { id: string; amount: number; charge: string; payment_intent: string }[] = [];

  function answer(res: ServerResponse, status: number, body: unknown) {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Request-Id', id('req'));
    res.end(JSON.stringify(body));
  }
  const error = (type: string, message: string, extra: Record<string, string> = {}) => ({ error: { type, message, ...extra } });

  function create(params: URLSearchParams): [number, unknown] {
    const amount = Number(params.get('amount'));
    const currency = params.get('currency');
    if (!Number.isSafeInteger(amount) || amount < 1 || !currency) return [400, error('invalid_request_error', 'Missing or invalid amount or currency.')];
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const intent: FakeIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      description: params.get('description'),
      status: 'requires_payment_method',
      client_secret: '',
      automatic_payment_methods: params.has('automatic_payment_methods[enabled]') ? { enabled: params.get('automatic_payment_methods[enabled]') === 'true' } : null,
      metadata,
      latest_charge: null,
      last_payment_error: null,
      cancellation_reason: null,
      livemode: false,
      created: now(),
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    intents.set(intent.id, intent);
    return [200, intent];
  }

  function retrieve(intentId: string, params: URLSearchParams): [number, unknown] {
    const intent = intents.get(intentId);
    if (!intent) return [404, error('invalid_request_error', `No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'intent' })];
    const expand = [...params].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    return [200, expand.includes('latest_charge') && charge ? { ...intent, latest_charge: charge } : intent];
  }

  /** POST /v1/refunds {payment_intent, amount?}: refunds the intent's charge, all of it unless told. */
  function createRefund(params: URLSearchParams): [number, unknown] {
    const pi = intents.get(params.get('payment_intent') ?? '');
    const refunded = pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (!pi || !refunded || refunded.status !== 'succeeded') return [400, error('invalid_request_error', 'This PaymentIntent has no successful charge to refund.')];
    const left = refunded.amount - refunded.amount_refunded;
    const amount = params.has('amount') ? Number(params.get('amount')) : left;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) return [400, error('invalid_request_error', 'Refund amount is greater than the unrefunded amount.', { code: 'amount_too_large' })];
    refunded.amount_refunded += amount;
    refunded.refunded = refunded.amount_refunded === refunded.amount;
    const refund = { id: id('re'), object: 'refund', amount, charge: refunded.id, payment_intent: pi.id, currency: refunded.currency, status: 'succeeded', created: now() };
    refundsMade.push(refund);
    return [200, refund];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : null;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, params });
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        answer(res, 401, error('invalid_request_error', 'Invalid API Key provided.'));
        return;
      }
      const retrieveMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (earlier && earlier.body !== body) {
          answer(res, 400, error('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'));
          return;
        }
        if (earlier) {
          res.setHeader('Idempotent-Replayed', 'true');
          answer(res, earlier.status, earlier.answer);
          return;
        }
        const [status, created] = create(params);
        if (idempotencyKey) idempotent.set(idempotencyKey, { body, status, answer: created });
        answer(res, status, created);
      } else if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (earlier) {
          res.setHeader('Idempotent-Replayed', 'true');
          answer(res, earlier.status, earlier.answer);
          return;
        }
        const [status, made] = createRefund(params);
        if (idempotencyKey) idempotent.set(idempotencyKey, { body, status, answer: made });
        answer(res, status, made);
      } else if (req.method === 'GET' && retrieveMatch) {
        const [status, found] = retrieve(decodeURIComponent(retrieveMatch[1]!), params);
        answer(res, status, found);
      } else {
        answer(res, 404, error('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function intent(intentId: string): FakeIntent {
    const found = intents.get(intentId);
    if (!found) throw new Error(`fake Stripe has no intent ${intentId}`);
    return found;
  }
  function charge(intentId: string, status: FakeCharge['status']): FakeCharge {
    const pi = intent(intentId);
    const made: FakeCharge = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      currency: pi.currency,
      payment_intent: pi.id,
      status,
      paid: status === 'succeeded',
      refunded: false,
      livemode: false,
      created: now(),
    };
    charges.set(made.id, made);
    pi.latest_charge = made.id;
    return made;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refundsMade,
    /** What the donor was charged on an intent, net of refunds. */
    netCharged(intentId: string): number {
      const found = intent(intentId).latest_charge;
      const paid = found ? charges.get(found) : undefined;
      return paid?.status === 'succeeded' ? paid.amount - paid.amount_refunded : 0;
    },
    intent,
    /** The donor's card was charged. */
    succeed(intentId: string) {
      charge(intentId, 'succeeded');
      const pi = intent(intentId);
      Object.assign(pi, { status: 'succeeded', last_payment_error: null, amount_received: pi.amount });
    },
    /** The card was declined: the intent waits for another payment method. */
    fail(intentId: string) {
      charge(intentId, 'failed');
      Object.assign(intent(intentId), {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
    },
    /** The bank is still deciding (a debit, a 3-D Secure redirect under way). */
    process(intentId: string) {
      intent(intentId).status = 'processing';
    },
    cancel(intentId: string) {
      Object.assign(intent(intentId), { status: 'canceled', cancellation_reason: 'requested_by_customer' });
    },
    /** A refund of `amount` (all of it unless given) of the intent's charge. */
    refund(intentId: string, amount?: number) {
      const chargeId = intent(intentId).latest_charge;
      const refunded = chargeId ? charges.get(chargeId) : undefined;
      if (!refunded || refunded.status !== 'succeeded') throw new Error(`intent ${intentId} has no charge to refund`);
      refunded.amount_refunded = Math.min(refunded.amount, refunded.amount_refunded + (amount ?? refunded.amount));
      refunded.refunded = refunded.amount_refunded === refunded.amount;
    },
    /**
     * The event Stripe would send now about the intent (payment_intent.*) or its latest charge
     * (charge.*), as its JSON body: a snapshot, so a copy delivered later arrives out of date.
     */
    event(type: string, intentId: string): string {
      const pi = intent(intentId);
      const object = type.startsWith('charge.') ? charges.get(pi.latest_charge ?? '') : pi;
      if (!object) throw new Error(`intent ${intentId} has no charge for ${type}`);
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      return JSON.stringify(event, null, 2);
    },
    /** A chargeback's news (charge.dispute.created, .updated, .closed) about an intent's charge, as Stripe would send it. */
    disputeEvent(type: string, intentId: string, status: string): string {
      const pi = intent(intentId);
      const charge = charges.get(pi.latest_charge ?? '');
      if (!charge) throw new Error(`intent ${intentId} has no charge to dispute`);
      const dispute = { id: `dp_${charge.id}`, object: 'dispute', amount: charge.amount, currency: charge.currency, charge: charge.id, payment_intent: pi.id, reason: 'fraudulent', status, created: now() };
      const event = { id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), data: { object: dispute }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
      return JSON.stringify(event, null, 2);
    },
    signature: (payload: string, timestamp?: number) => stripeSignature(payload, options.webhookSecret, timestamp),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
