import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

type Json = Record<string, unknown>;
type OrderStatus = 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  orderId: string;
  status: CaptureStatus;
  amount: Money;
  customId: string | undefined;
  createTime: string;
  updateTime: string;
}

export interface FakeRefund {
  id: string;
  captureId: string;
  amount: Money;
  createTime: string;
}

export interface FakeOrder {
  id: string;
  status: OrderStatus;
  /** The request body it was created with, as PayPal received it. */
  request: Json;
  amount: Money;
  customId: string | undefined;
  captureIds: string[];
  /** What the next capture meets: a hard decline (a DECLINED capture) or a card that asks for another (422 INSTRUMENT_DECLINED). */
  decline: 'hard' | 'instrument' | null;
  createTime: string;
  updateTime: string;
}

export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Currencies PayPal settles, of those worth telling apart here: no Ethiopian birr. */
const currencies = new Set(['USD', 'EUR', 'GBP', 'CAD']);

/**
 * Stands in for PayPal's REST API (api-m.paypal.com) on loopback, for the calls the PayPal
 * provider makes through the official SDK: OAuth client credentials, Orders v2 create, get
 * and capture (each honouring PayPal-Request-Id as PayPal does: a repeated key gets the first
 * answer), captures by id, and webhook signature verification, which answers SUCCESS only for
 * deliveries this fake signed for the configured webhook id. Test controls stand in for what
 * the donor and PayPal do outside our app: approve, void, decline, capture, refund.
 */
export async function startFakePaypal(options: { clientId: string; clientSecret: string; webhookId: string }) {
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const refunds = new Map<string, FakeRefund>();
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];
  const signingKey = randomBytes(32);
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let url = '';

  const now = () => new Date((clock += 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const newId = (length = 17) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);
  const link = (href: string, rel: string, method = 'GET') => ({ href, rel, method });

  function orderJson(order: FakeOrder): Json {
    const unit: Json = { reference_id: 'default', amount: order.amount, payee: { merchant_id: 'FAKEMERCHANT1' } };
    const request = (order.request.purchase_units as Json[] | undefined)?.[0] ?? {};
    if (request.custom_id !== undefined) unit.custom_id = request.custom_id;
    if (request.description !== undefined) unit.description = request.description;
    if (order.captureIds.length) unit.payments = { captures: order.captureIds.map((id) => captureJson(captures.get(id)!)) };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(order.status === 'PAYER_ACTION_REQUIRED' ? {} : { payer: { payer_id: 'FAKEPAYER01', email_address: 'donor@example.com' } }),
      purchase_units: [unit],
      create_time: order.createTime,
      update_time: order.updateTime,
      links: [
        link(`${url}/v2/checkout/orders/${order.id}`, 'self'),
        ...(order.status === 'PAYER_ACTION_REQUIRED' ? [link(approvalUrl(order.id), 'payer-action')] : []),
        ...(order.status === 'APPROVED' ? [link(`${url}/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST')] : []),
      ],
    };
  }

  function captureJson(capture: FakeCapture): Json {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      ...(capture.customId === undefined ? {} : { custom_id: capture.customId }),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
      create_time: capture.createTime,
      update_time: capture.updateTime,
      links: [
        link(`${url}/v2/payments/captures/${capture.id}`, 'self'),
        link(`${url}/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
        link(`${url}/v2/checkout/orders/${capture.orderId}`, 'up'),
      ],
    };
  }

  function refundJson(refund: FakeRefund): Json {
    return {
      id: refund.id,
      status: 'COMPLETED',
      amount: refund.amount,
      create_time: refund.createTime,
      update_time: refund.createTime,
      links: [link(`${url}/v2/payments/refunds/${refund.id}`, 'self'), link(`${url}/v2/payments/captures/${refund.captureId}`, 'up')],
    };
  }

  const approvalUrl = (orderId: string) => `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}`;
  const error = (status: number, name: string, issue?: string): { status: number; body: Json } => ({
    status,
    body: { name, message: name, debug_id: newId(13).toLowerCase(), ...(issue ? { details: [{ issue, description: issue }] } : {}) },
  });

  function orderOrFail(id: string): FakeOrder {
    const order = orders.get(id);
    if (!order) throw new Error(`fake PayPal has no order ${id}`);
    return order;
  }

  function newCapture(order: FakeOrder, status: CaptureStatus): FakeCapture {
    const time = now();
    const capture: FakeCapture = { id: newId(), orderId: order.id, status, amount: order.amount, customId: order.customId, createTime: time, updateTime: time };
    captures.set(capture.id, capture);
    order.captureIds.push(capture.id);
    order.status = 'COMPLETED';
    order.updateTime = time;
    return capture;
  }

  /** Cents of a capture not refunded yet (amounts here are decimal strings with two places). */
  const cents = (value: string) => Math.round(Number(value) * 100);
  function unrefundedCents(capture: FakeCapture): number {
    const back = [...refunds.values()].filter((r) => r.captureId === capture.id).reduce((sum, r) => sum + cents(r.amount.value), 0);
    return cents(capture.amount.value) - back;
  }

  /** Gives back `value`, or all that is left of the capture, as PayPal does. */
  function refundCapture(capture: FakeCapture, value?: string): FakeRefund {
    const time = now();
    const left = unrefundedCents(capture);
    const amount = value ?? (left / 100).toFixed(2);
    const refund: FakeRefund = { id: newId(), captureId: capture.id, amount: { currency_code: capture.amount.currency_code, value: amount }, createTime: time };
    refunds.set(refund.id, refund);
    capture.status = cents(amount) >= left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = time;
    return refund;
  }

  /** POST /v2/payments/captures/{id}/refund, as the merchant's server asks for one. */
  function refundByApi(captureId: string, body: Json): { status: number; body: Json } {
    const capture = captures.get(captureId);
    if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (capture.status === 'REFUNDED') return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return error(422, 'UNPROCESSABLE_ENTITY', 'INVALID_RESOURCE_ID');
    const value = (body.amount as Money | undefined)?.value;
    if (value !== undefined && cents(String(value)) > unrefundedCents(capture)) return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    return { status: 201, body: refundJson(refundCapture(capture, value === undefined ? undefined : String(value))) };
  }

  function createOrder(body: Json, prefer: string | undefined): { status: number; body: Json } {
    const unit = (body.purchase_units as Json[] | undefined)?.[0];
    const amount = unit?.amount as Money | undefined;
    if (body.intent !== 'CAPTURE' || !amount || !/^\d+(\.\d{2})?$/.test(String(amount.value))) return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    if (!currencies.has(amount.currency_code)) return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
    const time = now();
    const order: FakeOrder = {
      id: newId(),
      status: 'PAYER_ACTION_REQUIRED',
      request: body,
      amount: { currency_code: amount.currency_code, value: String(amount.value) },
      customId: unit?.custom_id === undefined ? undefined : String(unit.custom_id),
      captureIds: [],
      decline: null,
      createTime: time,
      updateTime: time,
    };
    orders.set(order.id, order);
    return { status: 201, body: represented(orderJson(order), prefer) };
  }

  function captureOrder(id: string, prefer: string | undefined): { status: number; body: Json } {
    const order = orders.get(id);
    if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const decline = order.decline;
    order.decline = null;
    if (decline === 'instrument') return error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    newCapture(order, decline === 'hard' ? 'DECLINED' : 'COMPLETED');
    return { status: 201, body: represented(orderJson(order), prefer) };
  }

  /** `Prefer: return=minimal` (PayPal's default) answers only the id, status and links. */
  function represented(full: Json, prefer: string | undefined): Json {
    if (prefer === 'return=representation') return full;
    return { id: full.id, status: full.status, links: full.links };
  }

  function signature(transmissionId: string, time: string, webhookId: string, event: unknown): string {
    // PayPal signs "id|time|webhook id|CRC32 of the body" with its certificate's key; an HMAC does here.
    const message = `${transmissionId}|${time}|${webhookId}|${crc32(JSON.stringify(event))}`;
    return createHmac('sha256', signingKey).update(message).digest('base64');
  }

  /** Null for a request PayPal would refuse as malformed (400). */
  function verify(body: Json): Json | null {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    if (fields.some((f) => typeof body[f] !== 'string') || typeof body.webhook_event !== 'object' || body.webhook_event === null) return null;
    const s = body as Record<(typeof fields)[number], string>;
    const expected = Buffer.from(signature(s.transmission_id, s.transmission_time, s.webhook_id, body.webhook_event));
    const given = Buffer.from(s.transmission_sig);
    const valid =
      s.webhook_id === options.webhookId &&
      s.cert_url.startsWith(`${url}/v1/notifications/certs/`) &&
      expected.length === given.length &&
      timingSafeEqual(expected, given);
    return { verification_status: valid ? 'SUCCESS' : 'FAILURE' };
  }

  async function handle(req: IncomingMessage, body: string): Promise<{ status: number; body: Json }> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: randomUUID() } };
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };

    const json = body ? (JSON.parse(body) as Json) : {};
    const prefer = typeof req.headers.prefer === 'string' ? req.headers.prefer : undefined;
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    const once = (answer: () => { status: number; body: Json }) => {
      if (!requestId) return answer();
      const key = `${path} ${requestId}`;
      const earlier = replies.get(key);
      if (earlier) return earlier;
      const reply = answer();
      replies.set(key, reply);
      return reply;
    };

    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v2/checkout/orders') return once(() => createOrder(json, prefer));
    if (req.method === 'GET' && (match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      return order ? { status: 200, body: orderJson(order) } : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    if (req.method === 'POST' && (match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) {
      const id = match[1]!;
      return once(() => captureOrder(id, prefer));
    }
    if (req.method === 'GET' && (match = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path))) {
      const capture = captures.get(match[1]!);
      return capture ? { status: 200, body: captureJson(capture) } : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    if (req.method === 'POST' && (match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      const id = match[1]!;
      return once(() => refundByApi(id, json));
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const answer = verify(json);
      return answer ? { status: 200, body: answer } : error(400, 'VALIDATION_ERROR');
    }
    return error(404, 'NOT_FOUND');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      handle(req, body).then(
        (reply) => {
          res.statusCode = reply.status;
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Paypal-Debug-Id', newId(13).toLowerCase());
          res.end(JSON.stringify(reply.body));
        },
        (failure: unknown) => {
          res.statusCode = 500;
          res.end(String(failure));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function webhookEvent(eventType: string, resourceType: string, resource: Json): Json {
    return {
      id: `WH-${newId(8)}-${newId(17)}`,
      event_version: '1.0',
      create_time: now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: `Fake ${eventType}`,
      resource,
      links: [],
    };
  }

  function delivery(event: Json, signed: boolean): WebhookDelivery {
    const transmissionId = randomUUID();
    const time = now();
    return {
      body: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signed ? signature(transmissionId, time, options.webhookId, event) : randomBytes(256).toString('base64'),
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  return {
    url,
    orders,
    captures,
    refunds,
    requests,
    approvalUrl,
    /** The donor approves on PayPal's page (again, after a declined card). */
    approve(orderId: string) {
      const order = orderOrFail(orderId);
      order.status = 'APPROVED';
      order.updateTime = now();
    },
    voidOrder(orderId: string) {
      const order = orderOrFail(orderId);
      order.status = 'VOIDED';
      order.updateTime = now();
    },
    declineNextCapture(orderId: string, kind: 'hard' | 'instrument') {
      orderOrFail(orderId).decline = kind;
    },
    /** Captures an approved order as if our capture went through but its answer never reached us. */
    capture(orderId: string): FakeCapture {
      const order = orderOrFail(orderId);
      if (order.status !== 'APPROVED') throw new Error(`order ${orderId} is ${order.status}, not APPROVED`);
      return newCapture(order, 'COMPLETED');
    },
    /** Refunds a capture from PayPal's dashboard: all of it unless a smaller value is given. */
    refund(captureId: string, value?: string): FakeRefund {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`fake PayPal has no capture ${captureId}`);
      return refundCapture(capture, value);
    },
    /** Webhook events as PayPal sends them, each with a new event id. */
    events: {
      order: (eventType: string, orderId: string) => webhookEvent(eventType, 'checkout-order', orderJson(orderOrFail(orderId))),
      capture: (eventType: string, captureId: string) => webhookEvent(eventType, 'capture', captureJson(captures.get(captureId)!)),
      refund: (eventType: string, refundId: string) => webhookEvent(eventType, 'refund', refundJson(refunds.get(refundId)!)),
    },
    /** A delivery of the event that the verification call confirms. */
    signed: (event: Json) => delivery(event, true),
    /** A delivery with a signature PayPal never made. */
    forged: (event: Json) => delivery(event, false),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
