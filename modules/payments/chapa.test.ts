import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeChapa, type ChapaDelivery, type FakeChapa } from '../../tests/helpers/fake-chapa.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { fromMinor } from '../money/index.ts';
import { chapaProvider, createPaymentService, PaymentSchema, paymentMessages } from './index.ts';
import { chapaErrorCodes } from './chapa.errors.ts';
import { InvalidWebhook } from './payment.errors.ts';
import { PaymentEventSchema } from './payment.entity.ts';

const keys = { secretKey: 'CHASECK_TEST-fakefakefakefakefake', webhookSecret: 'a-webhook-secret-hash' };
const silentLogger = createLogger('silent');

describe('Chapa payments (birr through telebirr, CBE Birr, M-Pesa and banks, against a local Chapa)', () => {
  let chapa: FakeChapa;
  let app: TestApp;
  let donor: TestClient;
  let owner: FakeUser;

  before(async () => {
    chapa = await startFakeChapa(keys);
    app = await startTestApp({ CHAPA_SECRET_KEY: keys.secretKey, CHAPA_WEBHOOK_SECRET: keys.webhookSecret, CHAPA_API_BASE: chapa.url });
    donor = app.client();
    owner = await fakeUser(app.orm);
  });
  after(async () => {
    await app.close();
    await chapa.close();
  });

  const fundraiser = () => fakeFundraiser(app.orm, owner.user, { currency: 'ETB', goalMinor: 100_000_000 });

  async function donate(f: Fundraiser, amount = '250', extra: Record<string, unknown> = {}, browser = donor) {
    const donation = await browser.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz Tesfaye Bekele', donorEmail: 'almaz@example.com', currency: 'ETB' });
    assert.equal(donation.status, 201, donation.text);
    const start = await browser.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'CHAPA', ...extra });
    assert.equal(start.status, 200, start.text);
    return { donationId: donation.data.id as number, ref: start.data.paymentIntentId as string, start: start.data };
  }

  const confirm = (ref: string, browser = donor) => browser.post(`/api/confirm-payment?paymentIntentId=${ref}`);
  const deliver = (delivery: ChapaDelivery) => app.client().request('POST', '/api/payments/webhooks/chapa', { body: delivery.body, headers: delivery.headers, xsrf: false });
  const totals = async (f: Fundraiser) => {
    const row = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
  };
  const statusOf = async (donationId: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  const paymentOf = (ref: string) => app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
  const eventsStored = (event: string, ref: string) => app.orm.em.fork().count(PaymentEventSchema, { provider: 'CHAPA', eventId: `${event}:${ref}` });
  const initializations = (ref: string) => chapa.requests.filter((r) => r.path === '/v1/transaction/initialize' && JSON.parse(r.body).tx_ref === ref);
  const reconcileLater = () =>
    createPaymentService({ providers: paymentProviders(app.config), publicUrl: app.config.PUBLIC_URL, logger: silentLogger }).reconcile(app.orm.em.fork(), {
      from: new Date(Date.now() - 48 * 60 * 60_000),
      to: new Date(Date.now() + 60_000),
    });

  it('has a message for every error code it answers with, in both languages', () => {
    for (const code of [...chapaErrorCodes, 'field.phone_ethiopian'] as const) {
      assert.ok(Object.hasOwn(paymentMessages.en, code), `${code} in the module's catalogue`);
      assert.match(paymentMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
    }
  });

  it("answers Chapa's hosted checkout, initialized once with a reference of its own, however often and at once it is asked", async () => {
    const f = await fundraiser();
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '1250.50', donorName: 'Almaz Tesfaye Bekele', donorEmail: 'almaz@example.com' })).data;
    const body = { donationId: donation.id, paymentMethod: 'CHAPA', phoneNumber: '+251 91 123 4567' };
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => donor.post('/api/payments', body)));
    const again = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA' });
    for (const answer of [...answers, again]) {
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.data.paymentIntentId, again.data.paymentIntentId);
    }
    const ref = again.data.paymentIntentId as string;
    assert.match(ref, new RegExp(`^dn${donation.id}-[A-Za-z0-9_-]{16}$`));
    assert.deepEqual(again.data, {
      donationId: donation.id,
      paymentMethod: 'CHAPA',
      paymentIntentId: ref,
      sandbox: false,
      clientSecret: null,
      publishableKey: null,
      approvalUrl: null,
      checkoutUrl: chapa.checkoutUrl(ref),
    });
    const sent = JSON.parse(initializations(ref)[0]!.body);
    assert.deepEqual(
      { amount: sent.amount, currency: sent.currency, email: sent.email, first: sent.first_name, last: sent.last_name, phone: sent.phone_number },
      { amount: '1250.50', currency: 'ETB', email: 'almaz@example.com', first: 'Almaz', last: 'Tesfaye Bekele', phone: '0911234567' },
    );
    assert.equal(sent.return_url, `${app.config.PUBLIC_URL}/donation/success?payment_intent=${ref}`);
    assert.equal(sent.callback_url, `${app.config.PUBLIC_URL}/api/payments/callbacks/chapa`);
    assert.ok(sent.customization.title.length <= 16);
    const amharic = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '100', donorEmail: 'almaz@example.com' }, { headers: { 'Accept-Language': 'am' } })).data;
    const back = (await donor.post('/api/payments', { donationId: amharic.id, paymentMethod: 'CHAPA' })).data.paymentIntentId;
    assert.equal(JSON.parse(initializations(back)[0]!.body).return_url, `${app.config.PUBLIC_URL}/am/donation/success?payment_intent=${back}`, 'back to the Amharic site');
    assert.equal(chapa.requests.find((r) => r.path === '/v1/transaction/initialize')!.authorization, `Bearer ${keys.secretKey}`);
    // Each start that raced sent a reference of its own, which Chapa accepts once; one was kept.
    const raced = chapa.requests.filter((r) => r.path === '/v1/transaction/initialize' && JSON.parse(r.body).meta.donationId === donation.id);
    assert.equal(new Set(raced.map((r) => JSON.parse(r.body).tx_ref)).size, raced.length);
    assert.equal(await app.orm.em.fork().count(PaymentSchema, { donation: donation.id }), 1);
  });

  it('refuses a wrong phone number and dollars in words, without asking Chapa; the card stays open for dollars', async () => {
    const f = await fundraiser();
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '100', donorEmail: 'b@example.com' })).data;
    const calls = chapa.requests.length;
    for (const phoneNumber of ['12345', '0812345678', '09123456789', 'telebirr', 42]) {
      const answer = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA', phoneNumber });
      assert.equal(answer.status, 400, `${phoneNumber}`);
      assert.ok(answer.data.fields.phoneNumber, answer.text);
    }
    const amharic = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA', phoneNumber: '123' }, { headers: { 'Accept-Language': 'am' } });
    assert.equal(amharic.data.fields.phoneNumber, paymentMessages.am['field.phone_ethiopian']);

    const dollars = await fakeFundraiser(app.orm, owner.user, { currency: 'USD' });
    const usd = (await donor.post('/api/donations', { fundraiserId: dollars.id, amount: '10', donorEmail: 'c@example.com' })).data;
    const refused = await donor.post('/api/payments', { donationId: usd.id, paymentMethod: 'CHAPA' });
    assert.deepEqual([refused.status, refused.data.code, refused.data.message], [400, 'chapa_currency_unsupported', paymentMessages.en.chapa_currency_unsupported]);
    assert.equal(chapa.requests.length, calls, 'Chapa was not asked');
    assert.equal((await donor.post('/api/payments', { donationId: usd.id, paymentMethod: 'STRIPE' })).status, 200);
  });

  it('stays PENDING until the donor pays, then counts once however often it is confirmed, with the wallet and reference for the receipt', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '250');
    const early = await confirm(ref);
    assert.deepEqual([early.status, early.data.status, early.data.channel], [200, 'PENDING', null]);

    const paid = chapa.pay(ref, 'telebirr');
    const confirmed = await Promise.all([confirm(ref), confirm(ref), confirm(ref)]);
    for (const c of confirmed) {
      assert.deepEqual(c.data, { donationId, paymentIntentId: ref, paymentMethod: 'CHAPA', status: 'SUCCEEDED', transactionId: paid.reference, channel: 'telebirr' });
    }
    assert.deepEqual(await totals(f), { raisedMinor: 25_000, donationCount: 1 });
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).paymentMethod, 'CHAPA');
    const stranger = app.client();
    assert.equal((await confirm(ref, stranger)).status, 403, 'only the donor confirms');

    const receipt = await donor.post('/api/receipts/generate', { transactionId: paid.reference, paymentMethod: 'CHAPA' });
    assert.equal(receipt.status, 200, receipt.text);
    assert.match(receipt.data.receiptId, /^[A-Za-z0-9_-]{16,32}$/);
  });

  it('records a failed and a cancelled checkout without counting them', async () => {
    const f = await fundraiser();
    const failed = await donate(f);
    chapa.fail(failed.ref);
    assert.equal((await confirm(failed.ref)).data.status, 'FAILED');
    const cancelled = await donate(f);
    chapa.cancel(cancelled.ref);
    assert.equal((await confirm(cancelled.ref)).data.status, 'CANCELLED');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('takes a signed webhook as the moment to ask Chapa, each event once however often and at once it is delivered', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '500');
    chapa.pay(ref, 'mpesa');
    const success = chapa.webhook('charge.success', ref);
    const answers = await Promise.all([deliver(success), deliver(success), deliver(chapa.webhook('charge.success', ref))]);
    for (const answer of answers) assert.deepEqual([answer.status, answer.data], [200, { received: true }]);
    assert.equal(await statusOf(donationId), 'SUCCEEDED');
    assert.equal(await eventsStored('charge.success', ref), 1);
    assert.deepEqual(await totals(f), { raisedMinor: 50_000, donationCount: 1 });
    assert.equal((await paymentOf(ref)).channel, 'mpesa');
    assert.equal((await confirm(ref)).data.status, 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 50_000, donationCount: 1 });

    const other = await donate(f, '10');
    chapa.pay(other.ref);
    const unknown = JSON.parse(chapa.webhook('charge.success', other.ref).body);
    unknown.tx_ref = 'a-reference-of-another-shop';
    assert.equal((await deliver(chapa.sign(JSON.stringify(unknown)))).status, 200, 'a transaction we do not know is acknowledged and ignored');
    assert.equal((await deliver(chapa.sign(JSON.stringify({ event: 'payout.success', type: 'Payout', reference: 'x' })))).status, 200);
    assert.equal(await statusOf(other.donationId), 'PENDING');
  });

  it('believes verify over the webhook: a success verify calls pending counts nothing and is asked again on the next delivery; one it calls failed fails', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '300');
    chapa.pay(ref);
    chapa.verifyAnswers(ref, 'pending');
    const success = chapa.webhook('charge.success', ref);
    assert.equal((await deliver(success)).status, 200);
    assert.equal(await statusOf(donationId), 'PENDING');
    assert.equal(await eventsStored('charge.success', ref), 0, 'an event that settled nothing is not spent');
    chapa.verifyAnswers(ref, null);
    assert.equal((await deliver(success)).status, 200, "Chapa's retry");
    assert.equal(await statusOf(donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 30_000, donationCount: 1 });

    const lying = await donate(f, '700');
    chapa.pay(lying.ref);
    chapa.verifyAnswers(lying.ref, 'failed');
    assert.equal((await deliver(chapa.webhook('charge.success', lying.ref))).status, 200);
    assert.equal(await statusOf(lying.donationId), 'FAILED');
    assert.deepEqual(await totals(f), { raisedMinor: 30_000, donationCount: 1 });
  });

  it('does not count a success Chapa verifies for another amount or currency than the gift', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '1000');
    chapa.pay(ref).amount = '10.00';
    assert.equal((await confirm(ref)).data.status, 'PENDING');
    assert.equal((await deliver(chapa.webhook('charge.success', ref))).status, 200);
    assert.equal(await statusOf(donationId), 'PENDING');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal((await paymentOf(ref)).status, 'STARTED', 'left for a person to look at');
  });

  it('refuses a forged, re-signed, tampered or unsigned delivery with 400 and changes nothing', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await donate(f);
    chapa.pay(ref);
    const genuine = chapa.webhook('charge.success', ref);
    const forged = chapa.sign(genuine.body, 'not-the-secret');
    const tampered = { ...genuine, body: genuine.body.replace('"amount":"250.00"', '"amount":"2500.00"') };
    assert.notEqual(tampered.body, genuine.body);
    const reserialised = { ...genuine, body: JSON.stringify(JSON.parse(genuine.body), null, 1) };
    const unsigned = { body: genuine.body, headers: { 'content-type': 'application/json' } };
    // The secret signed with itself is the same on every delivery, so it vouches for no body.
    const staticOnly = { body: genuine.body, headers: { 'content-type': 'application/json', 'chapa-signature': genuine.headers['chapa-signature']! } };
    for (const delivery of [forged, tampered, reserialised, unsigned, staticOnly]) {
      const answer = await deliver(delivery);
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.data.code, 'webhook_invalid');
    }
    assert.equal((await deliver(chapa.sign('{"event": "charge.success", '))).status, 400, 'signed, but not JSON');
    assert.equal((await deliver(chapa.sign('{"event": 7}'))).data.code, 'webhook_invalid', 'signed, but not an event');
    const amharic = await app.client().request('POST', '/api/payments/webhooks/chapa', { body: forged.body, headers: { ...forged.headers, 'Accept-Language': 'am' }, xsrf: false });
    assert.equal(amharic.data.message, paymentMessages.am.webhook_invalid);
    const unconfigured = chapaProvider({ secretKey: keys.secretKey, webhookSecret: undefined, apiBase: chapa.url });
    await assert.rejects(unconfigured.webhook!({ headers: genuine.headers, rawBody: Buffer.from(genuine.body) }), InvalidWebhook);

    assert.equal(await statusOf(donationId), 'PENDING');
    assert.equal(await eventsStored('charge.success', ref), 0);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('reflects a reversal and a refund in the total once, whichever event comes first and however often', async () => {
    const f = await fundraiser();
    const kept = await donate(f, '100');
    const reversed = await donate(f, '400');
    for (const { ref } of [kept, reversed]) {
      chapa.pay(ref);
      assert.equal((await confirm(ref)).data.status, 'SUCCEEDED');
    }
    assert.deepEqual(await totals(f), { raisedMinor: 50_000, donationCount: 2 });
    chapa.reverse(reversed.ref);
    const event = chapa.webhook('charge.reversed', reversed.ref);
    await Promise.all([deliver(event), deliver(event)]);
    assert.equal(await statusOf(reversed.donationId), 'REFUNDED');
    assert.equal(await eventsStored('charge.reversed', reversed.ref), 1);
    assert.deepEqual(await totals(f), { raisedMinor: 10_000, donationCount: 1 });

    // Out of order: the refund is told before the success, which then changes nothing.
    const early = await donate(f, '900');
    chapa.pay(early.ref);
    chapa.transactions.get(early.ref)!.status = 'refunded';
    assert.equal((await deliver(chapa.webhook('charge.refunded', early.ref))).status, 200);
    assert.equal((await deliver(chapa.webhook('charge.success', early.ref))).status, 200);
    assert.equal(await statusOf(early.donationId), 'REFUNDED');
    assert.equal((await confirm(early.ref)).data.status, 'REFUNDED');
    assert.deepEqual(await totals(f), { raisedMinor: 10_000, donationCount: 1 });
  });

  it("refunds through the admin tools once, however often asked, and Chapa's refund webhook after it changes nothing", async () => {
    const admin = await fakeUser(app.orm, { admin: true, email: `chapa-admin-${Date.now()}@example.org` });
    const asAdmin = app.client();
    await signIn(asAdmin, admin);
    const f = await fundraiser();
    const { donationId, ref } = await donate(f, '650');
    const paid = chapa.pay(ref, 'cbebirr');
    await confirm(ref);
    assert.deepEqual(await totals(f), { raisedMinor: 65_000, donationCount: 1 });

    const reason = 'The donor asked for their gift back by phone';
    const answers = await Promise.all([1, 2].map(() => asAdmin.post(`/api/admin/donations/${donationId}/refund`, { reason })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409], answers.map((a) => a.text).join('\n'));
    assert.equal((await asAdmin.post(`/api/admin/donations/${donationId}/refund`, { reason })).status, 409);
    const refunds = chapa.requests.filter((r) => r.path === `/v1/refund/${paid.reference}`);
    assert.equal(refunds.length, 1, "Chapa was asked once, by its own reference of the payment");
    assert.deepEqual(JSON.parse(refunds[0]!.body), { reason: 'Refunded by the platform', reference: `whole-${ref}` }, 'the whole of it, under one reference per payment');
    assert.equal(await statusOf(donationId), 'REFUNDED');
    assert.match((await paymentOf(ref)).refundId ?? '', /^RF/);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal((await deliver(chapa.webhook('charge.refunded', ref))).status, 200);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('makes a whole refund retried after a lost answer one refund; a part refund’s event does not spend the id a later whole refund needs', async () => {
    const f = await fundraiser();
    const lost = await donate(f, '400');
    const paid = chapa.pay(lost.ref);
    await confirm(lost.ref);
    const provider = chapaProvider({ ...keys, apiBase: chapa.url });
    const whole = { providerRef: lost.ref, transactionId: paid.reference, currency: 'ETB' as const, idempotencyKey: 'refund-payment-1' };
    const first = await provider.refund(whole);
    const again = await provider.refund({ ...whole, idempotencyKey: 'duplicate-payment-1-1764230000000' });
    assert.match(first.refundId, /^RF/);
    assert.equal(again.refundId, `whole-${lost.ref}`, 'the retry finds the refund made');
    assert.equal(chapa.refundsMade.filter((r) => r.txRef === lost.ref).length, 1, 'money given back once');

    const part = await donate(f, '300');
    const partPaid = chapa.pay(part.ref);
    await confirm(part.ref);
    await provider.refund({ providerRef: part.ref, transactionId: partPaid.reference, currency: 'ETB', amountMinor: 5_000, idempotencyKey: 'ticket-7' });
    assert.equal((await deliver(chapa.webhook('charge.refunded', part.ref))).status, 200);
    assert.equal(await statusOf(part.donationId), 'SUCCEEDED', 'part of it given back: still counted');
    assert.equal(await eventsStored('charge.refunded', part.ref), 0, 'news that changed nothing is not spent');
    await provider.refund({ providerRef: part.ref, transactionId: partPaid.reference, currency: 'ETB', amountMinor: 25_000, idempotencyKey: 'ticket-8' });
    assert.equal((await deliver(chapa.webhook('charge.refunded', part.ref))).status, 200);
    assert.equal(await statusOf(part.donationId), 'REFUNDED');
    assert.equal(await eventsStored('charge.refunded', part.ref), 1);
  });

  it('reads "not paid yet" in either of the ways Chapa says it, but not an answer that is not Chapa’s, and refuses a checkout that is not Chapa’s https page', async () => {
    const f = await fundraiser();
    const { ref } = await donate(f, '40');
    chapa.notPaidAnswers(200);
    try {
      assert.equal((await confirm(ref)).data.status, 'PENDING');
    } finally {
      chapa.notPaidAnswers(404);
    }
    // A wrong CHAPA_API_BASE answers 404 too, but not in Chapa's envelope: an error, not "pending" for ever.
    const misaddressed = chapaProvider({ ...keys, apiBase: `${chapa.url.replace(/\/v1$/, '')}/nowhere` });
    await assert.rejects(misaddressed.outcome(await paymentOf(ref)), /Chapa answered 404/);

    for (const checkout of ['javascript:alert(document.cookie)//chapa.co', 'http://checkout.chapa.co/pay', 'https://checkout.chapa.co.evil.example/pay']) {
      chapa.answerCheckoutAt(checkout);
      try {
        const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '40', donorEmail: 'e@example.com' })).data;
        const answer = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA' });
        assert.deepEqual([answer.status, answer.data.code], [502, 'payment_provider_unavailable'], checkout);
      } finally {
        chapa.answerCheckoutAt(null);
      }
    }
  });

  it('reconciles a checkout paid but never come back from, leaves an abandoned one open, and takes the callback as a hint to ask', async () => {
    const f = await fundraiser();
    const paidAway = await donate(f, '120');
    const abandoned = await donate(f, '80');
    const called = await donate(f, '60');
    chapa.pay(paidAway.ref, 'telebirr');
    const first = await reconcileLater();
    assert.ok(first.asked >= 3 && first.settled >= 1, JSON.stringify(first));
    assert.equal(await statusOf(paidAway.donationId), 'SUCCEEDED');
    assert.equal(await statusOf(abandoned.donationId), 'PENDING', 'Chapa: payment not paid yet');
    assert.deepEqual(await totals(f), { raisedMinor: 12_000, donationCount: 1 });
    await reconcileLater();
    assert.deepEqual(await totals(f), { raisedMinor: 12_000, donationCount: 1 }, 'once');

    chapa.pay(called.ref, 'mpesa');
    const callback = await app.client().get(`/api/payments/callbacks/chapa?trx_ref=${called.ref}&ref_id=x&status=success`);
    assert.deepEqual([callback.status, callback.data], [200, { received: true }]);
    assert.equal(await statusOf(called.donationId), 'SUCCEEDED');
    assert.equal((await app.client().get('/api/payments/callbacks/chapa?trx_ref=nothing-of-ours')).status, 200);
    assert.equal((await app.client().get('/api/payments/callbacks/chapa')).status, 400);
    assert.deepEqual(await totals(f), { raisedMinor: 18_000, donationCount: 2 });
  });

  it('answers 502 in words when Chapa is down at the start, and nothing is left half-made', async () => {
    const f = await fundraiser();
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '50', donorEmail: 'd@example.com' })).data;
    chapa.outage('/v1/transaction/initialize');
    const down = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA' });
    assert.equal(down.status, 502, down.text);
    assert.equal(down.data.code, 'payment_provider_unavailable');
    assert.equal(await app.orm.em.fork().count(PaymentSchema, { donation: donation.id }), 0);
    const up = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'CHAPA' });
    assert.equal(up.status, 200, up.text);
  });

  it('keeps the total exact with 200 birr donations confirmed in parallel, every confirmation sent twice', async () => {
    const f = await fundraiser();
    const count = 200;
    const amounts = Array.from({ length: count }, (_, i) => 100 + ((i * 53) % 5000));
    const paid: { ref: string; browser: TestClient }[] = [];
    for (const [i, minor] of amounts.entries()) {
      // Each donor in a browser of their own, as on the site.
      const browser = app.client();
      const { ref } = await donate(f, fromMinor(minor * 100, 'ETB'), {}, browser);
      chapa.pay(ref, ['telebirr', 'cbebirr', 'mpesa', 'awash_bank'][i % 4]);
      paid.push({ ref, browser });
    }
    const answers = await Promise.all([...paid, ...paid].map(({ ref, browser }) => confirm(ref, browser)));
    const wrong = answers.find((a) => a.status !== 200 || a.data.status !== 'SUCCEEDED');
    assert.equal(wrong, undefined, `${wrong?.status} ${wrong?.text}`);
    const expected = amounts.reduce((sum, a) => sum + a * 100, 0);
    assert.deepEqual(await totals(f), { raisedMinor: expected, donationCount: count });
  });
});

describe('Chapa configuration', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema', ...env });

  it('uses Chapa with its key, the sandbox without, nothing in production without, and refuses a webhook secret alone', () => {
    assert.equal(paymentProviders(config({})).CHAPA?.sandbox, true);
    const live = paymentProviders(config({ CHAPA_SECRET_KEY: keys.secretKey })).CHAPA!;
    assert.deepEqual([live.method, live.sandbox], ['CHAPA', false]);
    assert.equal(paymentProviders(config({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.org' })).CHAPA, undefined);
    assert.throws(() => paymentProviders(config({ CHAPA_WEBHOOK_SECRET: keys.webhookSecret })), ConfigError);
  });
});
