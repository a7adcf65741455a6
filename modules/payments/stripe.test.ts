import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeStripe, stripeSignature, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema, type DonationStatus } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPaymentService, PaymentSchema, stripeProvider } from './index.ts';
import { InvalidWebhook } from './payment.errors.ts';
import { PaymentEventSchema } from './payment.entity.ts';

const secretKey = 'sk_test_fake';
const publishableKey = 'pk_test_fake';
const webhookSecret = 'whsec_fake_endpoint_secret';
const webhookPath = '/api/payments/webhooks/stripe';
const silentLogger = createLogger('silent');

describe('Stripe payments (official SDK against a local fake)', () => {
  let app: TestApp;
  /** The donor's browser: only whoever started a donation pays, confirms and fetches its receipt. */
  let donor: TestClient;
  let stripe: FakeStripe;

  before(async () => {
    stripe = await startFakeStripe({ secretKey, webhookSecret });
    app = await startTestApp({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    donor = app.client();
  });
  after(async () => {
    await app.close();
    await stripe.close();
  });

  const fundraiser = async (overrides: { currency?: 'USD' | 'ETB' } = {}): Promise<Fundraiser> => fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, overrides);
  const donate = async (f: Fundraiser, amount = '25.50'): Promise<number> => {
    const answer = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: 'almaz@example.com', currency: f.currency });
    assert.equal(answer.status, 201, answer.text);
    return answer.data.id;
  };
  const start = (donationId: number) => donor.post('/api/payments', { donationId, paymentMethod: 'STRIPE' });
  const pay = async (f: Fundraiser, amount?: string) => {
    const donationId = await donate(f, amount);
    const started = await start(donationId);
    assert.equal(started.status, 200, started.text);
    return { donationId, ref: started.data.paymentIntentId as string };
  };
  const confirm = async (ref: string) => {
    const answer = await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.data as { status: DonationStatus; transactionId: string | null };
  };
  const deliver = (payload: string, signature: string | null = stripe.signature(payload)) =>
    app.client().request('POST', webhookPath, {
      body: payload,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
      xsrf: false,
    });
  const delivered = async (payload: string) => {
    const answer = await deliver(payload);
    assert.equal(answer.status, 200, answer.text);
  };
  const status = async (donationId: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  const totals = async (f: Fundraiser) => {
    const row = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
  };
  const eventRows = (payload: string) => app.orm.em.fork().count(PaymentEventSchema, { provider: 'STRIPE', eventId: JSON.parse(payload).id });

  it('starts one PaymentIntent per donation for the Payment Element, however often or concurrently asked', async () => {
    const f = await fundraiser({ currency: 'ETB' });
    const donationId = await donate(f, '400');
    const answers = await Promise.all([start(donationId), start(donationId)]);
    answers.push(await start(donationId));
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.data, answers[0]!.data);
    }
    const view = answers[0]!.data;
    assert.match(view.paymentIntentId, /^pi_/);
    assert.equal(view.clientSecret, stripe.intent(view.paymentIntentId).client_secret);
    assert.equal(view.publishableKey, publishableKey);
    assert.equal(view.sandbox, false);
    assert.equal(view.checkoutUrl, null);
    assert.equal(view.approvalUrl, null);

    const intents = [...stripe.intents.values()].filter((i) => i.metadata.donationId === String(donationId));
    assert.equal(intents.length, 1, 'one intent at Stripe');
    assert.equal(intents[0]!.amount, 40_000);
    assert.equal(intents[0]!.currency, 'etb');
    assert.deepEqual(intents[0]!.automatic_payment_methods, { enabled: true });
    const creates = stripe.requests.filter((r) => r.method === 'POST' && r.params.get('metadata[donationId]') === String(donationId));
    assert.ok(creates.length >= 1);
    assert.ok(creates.every((r) => r.idempotencyKey === `donation-${donationId}`), 'every attempt carries the donation as its idempotency key');

    const row = await app.orm.em.fork().findOneOrFail(PaymentSchema, { donation: donationId });
    assert.equal(row.sandbox, false);
    assert.equal(row.providerRef, view.paymentIntentId);
    const sandbox = await donor.post(`/api/sandbox/payments/${view.paymentIntentId}/complete`, { outcome: 'succeeded' });
    assert.equal(sandbox.status, 404, "the sandbox's checkout never settles a real provider's payment");
    assert.equal(await status(donationId), 'PENDING');
  });

  it('counts a payment only when Stripe says it succeeded, and once however often confirmed or notified', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    assert.equal((await confirm(ref)).status, 'PENDING', 'nothing is paid before the donor pays');
    stripe.process(ref);
    assert.equal((await confirm(ref)).status, 'PENDING', 'a payment still processing is not paid yet');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });

    stripe.succeed(ref);
    const chargeId = stripe.intent(ref).latest_charge;
    const results = await Promise.all([confirm(ref), confirm(ref)]);
    for (const result of results) assert.deepEqual(result, { ...result, status: 'SUCCEEDED', transactionId: chargeId });
    const succeeded = stripe.event('payment_intent.succeeded', ref);
    await delivered(succeeded);
    await delivered(succeeded);
    assert.equal(await eventRows(succeeded), 1, 'a redelivered event is recorded once');
    assert.equal(await status(donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 2550, donationCount: 1 });
    const row = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
    assert.equal(row.status, 'SUCCEEDED');
    assert.equal(row.transactionId, chargeId);
  });

  it('marks a paid donation by the webhook alone, each event once', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f, '10');
    stripe.succeed(ref);
    const succeeded = stripe.event('payment_intent.succeeded', ref);
    await Promise.all([delivered(succeeded), delivered(succeeded), delivered(succeeded)]);
    assert.equal(await eventRows(succeeded), 1);
    assert.equal(await status(donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 1000, donationCount: 1 });
    assert.equal((await confirm(ref)).status, 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 1000, donationCount: 1 });
  });

  it('fails a declined card, and lets the donor try again on the same intent', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.fail(ref);
    const failed = stripe.event('payment_intent.payment_failed', ref);
    assert.equal((await confirm(ref)).status, 'FAILED');
    await delivered(failed);
    assert.equal(await status(donationId), 'FAILED');

    const again = await start(donationId);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.data.paymentIntentId, ref, 'the same intent takes the next card');
    stripe.succeed(ref);
    const result = await confirm(ref);
    assert.equal(result.status, 'SUCCEEDED');
    assert.equal(result.transactionId, stripe.intent(ref).latest_charge);
    await delivered(stripe.event('payment_intent.payment_failed', ref));
    assert.equal(await status(donationId), 'SUCCEEDED', 'a late failure does not undo a success');
    assert.deepEqual(await totals(f), { raisedMinor: 2550, donationCount: 1 });
  });

  it('cancels the donation when the intent is cancelled', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.cancel(ref);
    await delivered(stripe.event('payment_intent.canceled', ref));
    assert.equal(await status(donationId), 'CANCELLED');
    assert.equal((await confirm(ref)).status, 'CANCELLED');
    const intents = stripe.intents.size;
    const again = await start(donationId);
    assert.equal(again.status, 409, 'a cancelled donation takes no more attempts');
    assert.equal(again.data.code, 'donation_settled');
    assert.equal(stripe.intents.size, intents, 'and creates no intent');
    assert.equal((await donor.post('/api/payments', { donationId, paymentMethod: 'PAYPAL' })).status, 409, 'with either method');
    assert.equal((await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref })).status, 'CANCELLED');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('reflects a refund, by webhook or by asking, taking the money off the total once', async () => {
    const f = await fundraiser();
    const byWebhook = await pay(f, '30');
    const byAsking = await pay(f, '20');
    const lateSuccess: string[] = [];
    for (const { ref } of [byWebhook, byAsking]) {
      stripe.succeed(ref);
      lateSuccess.push(stripe.event('payment_intent.succeeded', ref));
      assert.equal((await confirm(ref)).status, 'SUCCEEDED');
    }
    assert.deepEqual(await totals(f), { raisedMinor: 5000, donationCount: 2 });

    stripe.refund(byWebhook.ref);
    const refunded = stripe.event('charge.refunded', byWebhook.ref);
    await delivered(refunded);
    await delivered(refunded);
    assert.equal(await status(byWebhook.donationId), 'REFUNDED');
    assert.deepEqual(await totals(f), { raisedMinor: 2000, donationCount: 1 });
    assert.equal((await confirm(byWebhook.ref)).status, 'REFUNDED');

    stripe.refund(byAsking.ref);
    const result = await confirm(byAsking.ref);
    assert.equal(result.status, 'REFUNDED');
    assert.equal(result.transactionId, stripe.intent(byAsking.ref).latest_charge);
    await delivered(stripe.event('charge.refunded', byAsking.ref));
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });

    for (const payload of lateSuccess) await delivered(payload);
    assert.equal(await status(byWebhook.donationId), 'REFUNDED', 'a success delivered after its refund changes nothing');
    assert.equal(await status(byAsking.donationId), 'REFUNDED');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal((await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: byWebhook.ref })).status, 'REFUNDED');
  });

  it('keeps a partly refunded donation counted: a donation is refunded whole or not at all', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.succeed(ref);
    await delivered(stripe.event('payment_intent.succeeded', ref));
    stripe.refund(ref, 550);
    const partial = stripe.event('charge.refunded', ref);
    await delivered(partial);
    assert.equal(await eventRows(partial), 0, 'not an event about anything tracked');
    assert.equal((await confirm(ref)).status, 'SUCCEEDED');
    assert.equal(await status(donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 2550, donationCount: 1 });
  });

  it('never counts money refunded before its success arrived', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.succeed(ref);
    const succeeded = stripe.event('payment_intent.succeeded', ref);
    stripe.refund(ref);
    const refunded = stripe.event('charge.refunded', ref);
    await delivered(refunded);
    assert.equal(await status(donationId), 'REFUNDED');
    await delivered(succeeded);
    assert.equal((await confirm(ref)).status, 'REFUNDED');
    assert.equal(await eventRows(refunded), 1);
    assert.equal(await eventRows(succeeded), 1, 'the late event is recorded, and changes nothing');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('refuses a forged, tampered, stale or unsigned delivery with 400, changing nothing', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.succeed(ref);
    const genuine = stripe.event('payment_intent.succeeded', ref);
    const tampered = genuine.replace('"amount": 2550', '"amount": 1');
    assert.notEqual(tampered, genuine);
    const attempts = [
      await deliver(genuine, stripeSignature(genuine, 'whsec_someone_else')),
      await deliver(tampered, stripe.signature(genuine)),
      await deliver(genuine, stripe.signature(genuine, Math.floor(Date.now() / 1000) - 600)),
      await deliver(genuine, null),
      await deliver(genuine, 'nonsense'),
    ];
    for (const answer of attempts) {
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.data.code, 'webhook_invalid');
    }
    assert.equal(await eventRows(genuine), 0);
    assert.equal(await status(donationId), 'PENDING');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });

    await delivered(genuine);
    assert.equal(await status(donationId), 'SUCCEEDED', 'the same event, signed by Stripe, counts');
  });

  it('acknowledges verified events about nothing it tracks without recording them', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f);
    stripe.succeed(ref);
    const otherType = stripe.event('charge.succeeded', ref);
    const event = JSON.parse(stripe.event('payment_intent.succeeded', ref));
    event.data.object.id = 'pi_someone_elses';
    const otherIntent = JSON.stringify(event);
    for (const payload of [otherType, otherIntent]) {
      await delivered(payload);
      assert.equal(await eventRows(payload), 0);
    }
    assert.equal(await status(donationId), 'PENDING');
  });

  it('refunds a second successful payment of a paid donation through its provider: the donor is charged once', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f, '40.00');
    // The same donation started with PayPal too (another tab), and paid there first.
    const paypal = await donor.post('/api/payments', { donationId, paymentMethod: 'PAYPAL' });
    assert.equal(paypal.status, 200, paypal.text);
    const paypalRef = paypal.data.paymentIntentId as string;
    await donor.post(`/api/sandbox/payments/${paypalRef}/complete`, { outcome: 'succeeded' });
    assert.equal((await confirm(paypalRef)).status, 'SUCCEEDED');

    stripe.succeed(ref);
    const answers = await Promise.all([confirm(ref), confirm(ref), confirm(ref)]);
    for (const answer of answers) assert.equal(answer.status, 'SUCCEEDED');
    assert.equal(stripe.netCharged(ref), 0, 'the card charge was given back');
    assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === ref).length, 1, 'refunded once, however many confirmations');
    const row = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
    assert.equal(row.status, 'REFUNDED');
    assert.equal(row.refundReason, 'DUPLICATE');
    assert.match(row.refundId ?? '', /^re_/);
    assert.deepEqual(await totals(f), { raisedMinor: 4000, donationCount: 1 });

    // Stripe then reports the refund: it is about the duplicate, not the donation.
    await delivered(stripe.event('charge.refunded', ref));
    await confirm(ref);
    assert.equal(await status(donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 4000, donationCount: 1 });
    assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === ref).length, 1);
  });

  it('retries the refund of a duplicate payment that Stripe refused at first, from the reconciliation', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f, '15.00');
    const paypalRef = (await donor.post('/api/payments', { donationId, paymentMethod: 'PAYPAL' })).data.paymentIntentId as string;
    await donor.post(`/api/sandbox/payments/${paypalRef}/complete`, { outcome: 'succeeded' });
    await confirm(paypalRef);
    stripe.succeed(ref);
    // Stripe refuses for now: the charge is still being settled on its side.
    const real = stripe.intent(ref).latest_charge;
    stripe.intent(ref).latest_charge = null;
    await confirm(ref);
    assert.equal((await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref })).status, 'SUCCEEDED');
    assert.equal(stripe.netCharged(ref), 0);
    stripe.intent(ref).latest_charge = real;
    assert.equal(stripe.netCharged(ref), 1500, 'charged twice for now');

    const payments = createPaymentService({ providers: paymentProviders(app.config), publicUrl: app.config.PUBLIC_URL, logger: silentLogger });
    // A window that asks about no open payment, ending after the claim (a claim younger than the window's end is left to its request).
    await payments.reconcile(app.orm.em.fork(), { from: new Date(Date.now() + 60_000), to: new Date(Date.now() + 60_000) });
    assert.equal(stripe.netCharged(ref), 0);
    const row = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
    assert.equal(row.status, 'REFUNDED');
    assert.deepEqual(await totals(f), { raisedMinor: 1500, donationCount: 1 });
  });

  it('reconciles a payment the donor completed but never came back from, when no webhook came either', async () => {
    const f = await fundraiser();
    const { donationId, ref } = await pay(f, '12.00');
    const untouched = await pay(f, '3.00');
    stripe.succeed(ref);
    const tenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    await app.orm.em.fork().nativeUpdate(PaymentSchema, { providerRef: { $in: [ref, untouched.ref] } }, { createdAt: tenMinutesAgo });
    const payments = createPaymentService({ providers: paymentProviders(app.config), publicUrl: app.config.PUBLIC_URL, logger: silentLogger });
    const window = { from: new Date(Date.now() - 48 * 60 * 60_000), to: new Date(Date.now() - 10 * 60_000) };

    assert.deepEqual(await payments.reconcile(app.orm.em.fork(), window), { asked: 2, settled: 1 });
    assert.equal(await status(donationId), 'SUCCEEDED');
    assert.equal(await status(untouched.donationId), 'PENDING', 'still open at Stripe');
    assert.deepEqual(await totals(f), { raisedMinor: 1200, donationCount: 1 });
    assert.deepEqual(await payments.reconcile(app.orm.em.fork(), window), { asked: 1, settled: 0 }, 'a settled payment is not asked about again');
  });
});

describe('Stripe provider configuration', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema', ...env });

  it('offers no sandbox in production: a rail without keys is not there at all', () => {
    const production = (env: Record<string, string> = {}) => paymentProviders(config({ NODE_ENV: 'production', ...env }));
    assert.deepEqual(production(), {});
    const cardOnly = production({ STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey });
    assert.equal(cardOnly.STRIPE?.sandbox, false);
    assert.equal(cardOnly.PAYPAL, undefined);
  });

  it('uses Stripe with both keys, the sandbox with neither, and refuses half a configuration', () => {
    assert.equal(paymentProviders(config({})).STRIPE?.sandbox, true);
    const real = paymentProviders(config({ STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey })).STRIPE!;
    assert.equal(real.sandbox, false);
    assert.equal(real.publishableKey, publishableKey);
    assert.throws(() => paymentProviders(config({ STRIPE_SECRET_KEY: secretKey })), ConfigError);
    assert.throws(() => paymentProviders(config({ STRIPE_PUBLISHABLE_KEY: publishableKey })), ConfigError);
  });

  it('refuses every webhook delivery when no webhook secret is set', async () => {
    const provider = stripeProvider({ secretKey, publishableKey, webhookSecret: undefined });
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
    await assert.rejects(provider.webhook!({ headers: { 'stripe-signature': stripeSignature(payload, '') }, rawBody: Buffer.from(payload) }), InvalidWebhook);
  });

});
