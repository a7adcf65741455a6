import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { startFakePaypal, type FakePaypal, type WebhookDelivery } from '../../tests/helpers/fake-paypal.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import type { User } from '../accounts/index.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import type { Currency } from '../money/index.ts';
import { PaymentSchema, paymentMessages, paypalProvider } from './index.ts';
import { InvalidWebhook } from './payment.errors.ts';
import { PaymentEventSchema } from './payment.entity.ts';
import { paypalErrorCodes } from './paypal.errors.ts';

const credentials = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', webhookId: '8PT597110X687430LKGECATA' };

describe('PayPal payments (the official SDK against a local PayPal)', () => {
  let paypal: FakePaypal;
  let app: TestApp;
  /** The donor's browser: only whoever started a donation pays, confirms and fetches its receipt. */
  let donor: TestClient;
  let owner: User;

  before(async () => {
    paypal = await startFakePaypal(credentials);
    app = await startTestApp({
      PAYPAL_CLIENT_ID: credentials.clientId,
      PAYPAL_CLIENT_SECRET: credentials.clientSecret,
      PAYPAL_WEBHOOK_ID: credentials.webhookId,
      PAYPAL_API_BASE: paypal.url,
    });
    donor = app.client();
    owner = (await fakeUser(app.orm)).user;
  });
  after(async () => {
    await app.close();
    await paypal.close();
  });

  const fundraiser = (currency: Currency = 'USD') => fakeFundraiser(app.orm, owner, { currency, goalMinor: 1_000_000 });

  async function donate(f: Fundraiser, amount = '25.50') {
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: 'almaz@example.com', currency: f.currency });
    assert.equal(donation.status, 201, JSON.stringify(donation.data));
    const start = await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'PAYPAL' });
    assert.equal(start.status, 200, JSON.stringify(start.data));
    return { donationId: donation.data.id as number, ref: start.data.paymentIntentId as string, start: start.data };
  }

  const confirm = (ref: string) => donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
  const deliver = (delivery: WebhookDelivery) =>
    app.client().request('POST', '/api/payments/webhooks/paypal', { body: delivery.body, headers: delivery.headers, xsrf: false });
  const captureOf = (ref: string) => paypal.captures.get(paypal.orders.get(ref)!.captureIds.at(-1)!)!;
  const captureRequests = (ref: string) => paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${ref}/capture`);

  const totals = async (id: number) => {
    const f = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id });
    return { raisedMinor: f.raisedMinor, donationCount: f.donationCount };
  };
  const statusOf = async (donationId: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  const eventsStored = (eventId: unknown) => app.orm.em.fork().count(PaymentEventSchema, { provider: 'PAYPAL', eventId: String(eventId) });

  it('has a message for every error code it answers with, in its own catalogue, in both languages', () => {
    for (const code of paypalErrorCodes) {
      assert.ok(Object.hasOwn(paymentMessages.en, code), `${code} in the module's catalogue`);
      assert.match(paymentMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(paymentMessages.am[code], paymentMessages.en[code], code);
    }
  });

  it('answers the approval URL of an Orders v2 order, and the same order however often and at once it is asked', async () => {
    const f = await fundraiser();
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '25.50', donorEmail: 'a@example.com' })).data;
    const body = { donationId: donation.id, paymentMethod: 'PAYPAL' };
    const answers = await Promise.all([1, 2, 3].map(() => donor.post('/api/payments', body)));
    const again = await donor.post('/api/payments', body);
    for (const answer of [...answers, again]) {
      assert.equal(answer.status, 200, JSON.stringify(answer.data));
      assert.equal(answer.data.paymentIntentId, answers[0]!.data.paymentIntentId);
    }
    const ref = again.data.paymentIntentId as string;
    assert.deepEqual(again.data, {
      donationId: donation.id,
      paymentMethod: 'PAYPAL',
      paymentIntentId: ref,
      sandbox: false,
      clientSecret: null,
      publishableKey: null,
      approvalUrl: paypal.approvalUrl(ref),
      checkoutUrl: null,
    });

    assert.equal([...paypal.orders.values()].filter((o) => o.customId === String(donation.id)).length, 1, 'one order at PayPal');
    const creates = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && JSON.parse(r.body).purchase_units[0].custom_id === String(donation.id));
    assert.ok(creates.length >= 1);
    assert.equal(new Set(creates.map((r) => r.headers['paypal-request-id'])).size, 1, 'every attempt carries the same idempotency key');
    assert.match(String(creates[0]!.headers['paypal-request-id']), new RegExp(`^donation-${donation.id}-`));
    const sent = JSON.parse(creates[0]!.body);
    assert.equal(sent.intent, 'CAPTURE');
    assert.deepEqual(sent.purchase_units[0].amount, { currency_code: 'USD', value: '25.50' });
    assert.equal(sent.payment_source.paypal.experience_context.return_url, `${app.config.PUBLIC_URL}/donation/success`);
    assert.equal(sent.payment_source.paypal.experience_context.cancel_url, `${app.config.PUBLIC_URL}/donation/cancel`);
    assert.equal(sent.payment_source.paypal.experience_context.shipping_preference, 'NO_SHIPPING');
  });

  it('stays PENDING until the donor approves, then captures once however often it is confirmed and notified', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f);
    const early = await confirm(ref);
    assert.equal(early.status, 200);
    assert.equal(early.data.status, 'PENDING');
    assert.equal(captureRequests(ref).length, 0, 'nothing is captured before the donor approves');

    paypal.approve(ref);
    const confirmed = await Promise.all([confirm(ref), confirm(ref)]);
    assert.equal(paypal.orders.get(ref)!.captureIds.length, 1, 'captured once');
    const captureId = captureOf(ref).id;
    for (const c of confirmed) assert.deepEqual(c.data, { donationId, paymentIntentId: ref, paymentMethod: 'PAYPAL', status: 'SUCCEEDED', transactionId: captureId, channel: null });
    assert.ok(captureRequests(ref).every((r) => typeof r.headers['paypal-request-id'] === 'string'), 'captures carry an idempotency key');

    const completed = paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', captureId);
    for (const delivery of [paypal.signed(completed), paypal.signed(completed), paypal.signed(paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', captureId))]) {
      const answer = await deliver(delivery);
      assert.equal(answer.status, 200, answer.text);
    }
    assert.equal((await confirm(ref)).data.status, 'SUCCEEDED');
    assert.deepEqual(await totals(f.id), { raisedMinor: 2550, donationCount: 1 });
    assert.equal(await eventsStored(completed.id), 1);
    const payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
    assert.equal(payment.status, 'SUCCEEDED');
    assert.equal(payment.transactionId, captureId);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).paymentMethod, 'PAYPAL');
  });

  it('records a declined capture as FAILED without counting it; a card declined at capture may be approved again', async () => {
    const f = await fundraiser();
    const hard = await donate(f);
    paypal.approve(hard.ref);
    paypal.declineNextCapture(hard.ref, 'hard');
    assert.equal((await confirm(hard.ref)).data.status, 'FAILED');
    assert.equal((await confirm(hard.ref)).data.status, 'FAILED');
    assert.equal(captureOf(hard.ref).status, 'DECLINED');

    const retried = await donate(f, '10.00');
    paypal.approve(retried.ref);
    paypal.declineNextCapture(retried.ref, 'instrument');
    const declined = await confirm(retried.ref);
    assert.equal(declined.data.status, 'FAILED');
    assert.equal(declined.data.transactionId, null);
    assert.deepEqual(await totals(f.id), { raisedMinor: 0, donationCount: 0 });

    const restart = await donor.post('/api/payments', { donationId: retried.donationId, paymentMethod: 'PAYPAL' });
    assert.equal(restart.data.approvalUrl, paypal.approvalUrl(retried.ref), 'back to the same order to choose another card');
    paypal.approve(retried.ref);
    assert.equal((await confirm(retried.ref)).data.status, 'SUCCEEDED');
    assert.deepEqual(await totals(f.id), { raisedMinor: 1000, donationCount: 1 });
  });

  it('records a voided order, and one PayPal no longer knows, as CANCELLED', async () => {
    const f = await fundraiser();
    const voided = await donate(f);
    paypal.voidOrder(voided.ref);
    assert.equal((await confirm(voided.ref)).data.status, 'CANCELLED');
    const forgotten = await donate(f);
    paypal.orders.delete(forgotten.ref);
    assert.equal((await confirm(forgotten.ref)).data.status, 'CANCELLED');
    assert.deepEqual(await totals(f.id), { raisedMinor: 0, donationCount: 0 });
  });

  it('takes a verified webhook as PayPal’s word, each event once, however often it is delivered', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '40.00');
    paypal.approve(ref);
    assert.equal(await statusOf(donationId), 'PENDING');

    // The approval is the moment to capture: a donor who approved may never come back to confirm.
    const approved = paypal.events.order('CHECKOUT.ORDER.APPROVED', ref);
    assert.equal((await deliver(paypal.signed(approved))).status, 200);
    assert.equal(await statusOf(donationId), 'SUCCEEDED');
    const capture = { id: (await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref })).transactionId! };

    const completed = paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', capture.id);
    const delivery = paypal.signed(completed);
    const answers = await Promise.all([deliver(delivery), deliver(delivery), deliver(paypal.signed(completed))]);
    for (const answer of answers) assert.deepEqual([answer.status, answer.data], [200, { received: true }]);
    assert.equal(await statusOf(donationId), 'SUCCEEDED');
    assert.equal(await eventsStored(completed.id), 1);
    assert.deepEqual(await totals(f.id), { raisedMinor: 4000, donationCount: 1 });
    assert.equal((await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref })).transactionId, capture.id);

    const elsewhere = paypal.events.order('CHECKOUT.ORDER.APPROVED', (await donate(f)).ref);
    (elsewhere.resource as { id: string }).id = 'AN-ORDER-OF-ANOTHER-APP';
    assert.equal((await deliver(paypal.signed(elsewhere))).status, 200, 'an order we do not know is acknowledged and ignored');
    assert.equal((await deliver(paypal.signed(paypal.events.order('CHECKOUT.ORDER.SAVED', ref)))).status, 200);
  });

  it('handles events out of order: a refund notified before the capture completed never counts the gift', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f);
    paypal.approve(ref);
    const capture = paypal.capture(ref);
    const refund = paypal.refund(capture.id);

    assert.equal((await deliver(paypal.signed(paypal.events.refund('PAYMENT.CAPTURE.REFUNDED', refund.id)))).status, 200);
    assert.equal(await statusOf(donationId), 'REFUNDED');
    assert.equal((await deliver(paypal.signed(paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', capture.id)))).status, 200);
    assert.equal(await statusOf(donationId), 'REFUNDED', 'a late success does not undo the refund');
    assert.equal((await confirm(ref)).data.status, 'REFUNDED');
    assert.deepEqual(await totals(f.id), { raisedMinor: 0, donationCount: 0 });
  });

  it('refuses a forged, tampered or unsigned delivery with 400 and changes nothing', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f);
    paypal.approve(ref);
    const capture = paypal.capture(ref);
    const completed = paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', capture.id);

    const pendingEvent = paypal.events.capture('PAYMENT.CAPTURE.PENDING', capture.id);
    const tampered = paypal.signed(pendingEvent);
    tampered.body = JSON.stringify({ ...pendingEvent, event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    const unsigned = paypal.signed(completed);
    delete unsigned.headers['paypal-transmission-sig'];
    const notAnEvent = { ...paypal.signed(completed), body: JSON.stringify({ id: completed.id }) };

    for (const delivery of [paypal.forged(completed), tampered, unsigned, notAnEvent]) {
      const answer = await deliver(delivery);
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.data.code, 'webhook_invalid');
    }
    assert.equal((await deliver({ ...paypal.signed(completed), body: '{"id": "WH-1", ' })).status, 400);
    const amharic = await app.client().request('POST', '/api/payments/webhooks/paypal', { body: paypal.forged(completed).body, headers: { ...paypal.forged(completed).headers, 'Accept-Language': 'am' }, xsrf: false });
    assert.equal(amharic.data.message, paymentMessages.am.webhook_invalid);

    const unconfigured = paypalProvider({ ...credentials, webhookId: undefined, environment: 'sandbox', apiBase: paypal.url });
    const genuine = paypal.signed(completed);
    await assert.rejects(unconfigured.webhook!({ headers: genuine.headers, rawBody: Buffer.from(genuine.body) }), InvalidWebhook);

    assert.equal(await statusOf(donationId), 'PENDING');
    assert.equal(await eventsStored(completed.id), 0);
    assert.equal(await eventsStored(pendingEvent.id), 0);
    assert.deepEqual(await totals(f.id), { raisedMinor: 0, donationCount: 0 });
  });

  it('reflects a refund: the donation is REFUNDED and the total drops once; a partial refund leaves it counted', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '30.00');
    const kept = await donate(f, '20.00');
    for (const d of [ref, kept.ref]) {
      paypal.approve(d);
      assert.equal((await confirm(d)).data.status, 'SUCCEEDED');
    }
    assert.deepEqual(await totals(f.id), { raisedMinor: 5000, donationCount: 2 });

    const refund = paypal.refund(captureOf(ref).id);
    const refunded = paypal.events.refund('PAYMENT.CAPTURE.REFUNDED', refund.id);
    const answers = await Promise.all([deliver(paypal.signed(refunded)), deliver(paypal.signed(refunded))]);
    assert.ok(answers.every((a) => a.status === 200));
    const after = await confirm(ref);
    assert.deepEqual([after.data.status, after.data.transactionId], ['REFUNDED', captureOf(ref).id]);
    assert.equal(await statusOf(donationId), 'REFUNDED');
    assert.equal(await eventsStored(refunded.id), 1);

    const partial = paypal.refund(captureOf(kept.ref).id, '5.00');
    assert.equal((await deliver(paypal.signed(paypal.events.refund('PAYMENT.CAPTURE.REFUNDED', partial.id)))).status, 200);
    assert.equal(await statusOf(kept.donationId), 'SUCCEEDED');
    assert.equal((await confirm(kept.ref)).data.status, 'SUCCEEDED');
    assert.deepEqual(await totals(f.id), { raisedMinor: 2000, donationCount: 1 });
  });

  it('refuses PayPal for a birr fundraiser, in both languages, without asking PayPal; the card stays open', async () => {
    const f = await fundraiser('ETB');
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '500', donorEmail: 'b@example.com', currency: 'ETB' })).data;
    const creates = paypal.requests.filter((r) => r.path === '/v2/checkout/orders').length;
    const english = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'PAYPAL' });
    assert.equal(english.status, 400);
    assert.equal(english.data.code, 'paypal_currency_unsupported');
    assert.equal(english.data.message, paymentMessages.en.paypal_currency_unsupported);
    assert.match(english.data.message, /birr/);
    const amharic = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'PAYPAL' }, { headers: { 'Accept-Language': 'am' } });
    assert.equal(amharic.data.message, paymentMessages.am.paypal_currency_unsupported);
    assert.equal(paypal.requests.filter((r) => r.path === '/v2/checkout/orders').length, creates);
    assert.equal(await app.orm.em.fork().count(PaymentSchema, { donation: donation.id }), 0);
    assert.equal(await statusOf(donation.id), 'PENDING');
    assert.equal((await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).status, 200);
  });
});

describe('PayPal provider configuration', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema', ...env });

  it('uses PayPal with both credentials, the sandbox with neither, and refuses half a configuration', () => {
    assert.equal(paymentProviders(config({})).PAYPAL?.sandbox, true);
    const real = paymentProviders(config({ PAYPAL_CLIENT_ID: credentials.clientId, PAYPAL_CLIENT_SECRET: credentials.clientSecret, PAYPAL_ENV: 'live' })).PAYPAL!;
    assert.equal(real.sandbox, false);
    assert.equal(real.method, 'PAYPAL');
    assert.throws(() => paymentProviders(config({ PAYPAL_CLIENT_ID: credentials.clientId })), ConfigError);
    assert.throws(() => paymentProviders(config({ PAYPAL_CLIENT_SECRET: credentials.clientSecret })), ConfigError);
  });
});
