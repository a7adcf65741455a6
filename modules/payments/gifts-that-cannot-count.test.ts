import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser, mailsTo, signIn, waitFor } from '../../tests/helpers/accounts.ts';
import { startFakePaypal, type FakePaypal } from '../../tests/helpers/fake-paypal.ts';
import { startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema, giveUpUncounted, type DonationStatus } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser, type FundraiserStatus } from '../fundraisers/index.ts';
import { createPaymentService, PaymentSchema, type PaymentProvider } from './index.ts';

const stripeKeys = { secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake' };
const paypalKeys = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', webhookId: '8PT597110X687430LKGECATA' };
const silent = createLogger('silent');
const why = { reason: 'The appeal could not be verified with the hospital.' };

/**
 * Money that arrives for a gift that can no longer count, and money that is not the gift the
 * donor chose: a fundraiser suspended or closed while donors pay takes nothing (each payment
 * that arrives anyway is given back once), reinstating restores what was suspended, and every
 * rail checks the amount and currency it was paid in.
 */
describe('gifts that cannot count', () => {
  let stripe: FakeStripe;
  let paypal: FakePaypal;
  let app: TestApp;
  let asAdmin: TestClient;
  let donor: TestClient;

  before(async () => {
    stripe = await startFakeStripe(stripeKeys);
    paypal = await startFakePaypal(paypalKeys);
    app = await startTestApp({
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: paypalKeys.clientId,
      PAYPAL_CLIENT_SECRET: paypalKeys.clientSecret,
      PAYPAL_WEBHOOK_ID: paypalKeys.webhookId,
      PAYPAL_API_BASE: paypal.url,
    });
    asAdmin = app.client();
    await signIn(asAdmin, await fakeUser(app.orm, { admin: true }));
    donor = app.client();
  });
  after(async () => {
    await app.close();
    await stripe.close();
    await paypal.close();
  });

  const fundraiser = async (): Promise<Fundraiser> => fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { currency: 'USD', goalMinor: 1_000_000 });
  const donate = async (f: Fundraiser, amount = '30.00', email = `donor-${randomUUID()}@example.com`) => {
    const answer = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: email, currency: 'USD' });
    assert.equal(answer.status, 201, answer.text);
    return { donationId: answer.data.id as number, email };
  };
  const start = (donationId: number, paymentMethod: 'STRIPE' | 'PAYPAL' = 'STRIPE') => donor.post('/api/payments', { donationId, paymentMethod });
  /** A donation whose payment has started at the provider: the donor is on the card form or PayPal's page. */
  const begun = async (f: Fundraiser, method: 'STRIPE' | 'PAYPAL' = 'STRIPE', amount?: string) => {
    const gift = await donate(f, amount);
    const started = await start(gift.donationId, method);
    assert.equal(started.status, 200, started.text);
    return { ...gift, ref: started.data.paymentIntentId as string };
  };
  const confirm = async (ref: string) => {
    const answer = await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.data.status as DonationStatus;
  };
  const stripeWebhook = async (event: string) => {
    const answer = await app.client().request('POST', '/api/payments/webhooks/stripe', { body: event, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.signature(event) }, xsrf: false });
    assert.equal(answer.status, 200, answer.text);
  };
  const admin = async (f: Fundraiser, action: 'suspend' | 'reinstate' | 'close' | 'refund-all') => {
    const answer = await asAdmin.post(`/api/admin/fundraisers/${f.id}/${action}`, why);
    assert.ok(answer.status === 200 || answer.status === 202, answer.text);
  };
  const setStatus = (f: Fundraiser, status: FundraiserStatus) => app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status });
  const statusOf = async (donationId: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  const fundraiserStatus = async (f: Fundraiser) => (await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id })).status;
  const totals = async (f: Fundraiser) => {
    const row = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
  };
  const stripeRefunds = (ref: string) => stripe.refundsMade.filter((r) => r.payment_intent === ref).length;
  const service = (refund?: (real: PaymentProvider) => PaymentProvider['refund']) => {
    const providers = paymentProviders(app.config);
    const real = providers.STRIPE!;
    return createPaymentService({ providers: { ...providers, STRIPE: refund ? { ...real, refund: refund(real) } : real }, publicUrl: app.config.PUBLIC_URL, logger: silent });
  };
  const window = () => ({ from: new Date(Date.now() - 60 * 60_000), to: new Date(Date.now() + 60 * 60_000) });

  it('gives back, once each, gifts paid after a suspension and "refund all", however they arrive; none is counted', async () => {
    const f = await fundraiser();
    const counted = await begun(f);
    stripe.succeed(counted.ref);
    assert.equal(await confirm(counted.ref), 'SUCCEEDED');
    // Four donors are paying when the fundraiser is suspended; a fifth has only filled in the form.
    const late = [await begun(f), await begun(f), await begun(f), await begun(f)];
    const formOnly = await donate(f);

    await admin(f, 'suspend');
    await admin(f, 'refund-all');
    await waitFor(async () => (await asAdmin.get(`/api/admin/fundraisers/${f.id}`)).data.refundRun?.status === 'DONE', 'refund all to finish', 15_000);
    assert.equal(stripeRefunds(counted.ref), 1);

    const noNewPayment = await start(formOnly.donationId);
    assert.deepEqual([noNewPayment.status, noNewPayment.data.code], [409, 'fundraiser_not_accepting']);

    for (const gift of late) stripe.succeed(gift.ref);
    const [byConfirm, byWebhook, byReconciliation, byAll] = late as [(typeof late)[number], (typeof late)[number], (typeof late)[number], (typeof late)[number]];
    assert.equal(await confirm(byConfirm.ref), 'REFUNDED');
    const succeeded = stripe.event('payment_intent.succeeded', byWebhook.ref);
    await Promise.all([stripeWebhook(succeeded), stripeWebhook(succeeded), stripeWebhook(stripe.event('payment_intent.succeeded', byWebhook.ref))]);
    await service().reconcile(app.orm.em.fork(), window());
    await Promise.all([confirm(byAll.ref), confirm(byAll.ref), stripeWebhook(stripe.event('payment_intent.succeeded', byAll.ref)), service().reconcile(app.orm.em.fork(), window())]);

    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 }, 'nothing counted for a suspended fundraiser');
    for (const gift of [byConfirm, byWebhook, byReconciliation, byAll]) {
      assert.equal(await statusOf(gift.donationId), 'REFUNDED');
      assert.equal(stripeRefunds(gift.ref), 1, `${gift.ref} given back once`);
      assert.equal(stripe.netCharged(gift.ref), 0);
      const payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: gift.ref });
      assert.deepEqual([payment.status, payment.refundReason], ['REFUNDED', 'NOT_COUNTED']);
      assert.equal((await mailsTo(app.orm, gift.email)).filter((m) => /receipt/i.test(m.subject)).length, 0, 'no receipt for a gift not counted');
    }
    // The app's own service tells the donor (the reconciliation above is a bare one, without mail).
    for (const gift of [byConfirm, byWebhook]) assert.equal((await mailsTo(app.orm, gift.email)).filter((m) => /refunded/.test(m.subject)).length, 1, 'the donor is told once');
    const detail = (await asAdmin.get(`/api/admin/fundraisers/${f.id}`)).data;
    assert.deepEqual(detail.donations, { paid: 0, refunded: 5 });
    assert.equal(await statusOf(formOnly.donationId), 'PENDING');
  });

  it('takes no payment for a closed fundraiser, not even one started before it closed; a gift paid anyway is given back', async () => {
    const f = await fundraiser();
    const stripeGift = await begun(f);
    const paypalGift = await begun(f, 'PAYPAL');
    await admin(f, 'close');

    for (const again of [await start(stripeGift.donationId), await start(paypalGift.donationId), await start(paypalGift.donationId, 'STRIPE')]) {
      assert.deepEqual([again.status, again.data.code], [409, 'fundraiser_not_accepting'], 'the payment page cannot be opened again');
    }
    stripe.succeed(stripeGift.ref);
    await stripeWebhook(stripe.event('payment_intent.succeeded', stripeGift.ref));
    paypal.approve(paypalGift.ref);
    assert.equal(await confirm(paypalGift.ref), 'REFUNDED');
    assert.equal(await confirm(paypalGift.ref), 'REFUNDED');

    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal(stripeRefunds(stripeGift.ref), 1);
    const capture = paypal.captures.get(paypal.orders.get(paypalGift.ref)!.captureIds.at(-1)!)!;
    assert.equal(capture.status, 'REFUNDED', 'the PayPal capture is given back');
    assert.deepEqual(await Promise.all([statusOf(stripeGift.donationId), statusOf(paypalGift.donationId)]), ['REFUNDED', 'REFUNDED']);
  });

  it('counts a gift already on its way when the organiser pauses, but starts no new payment until it opens again', async () => {
    const f = await fundraiser();
    const onItsWay = await begun(f);
    const waiting = await donate(f);
    await setStatus(f, 'PAUSED');
    assert.equal((await start(waiting.donationId)).data.code, 'fundraiser_not_accepting');
    stripe.succeed(onItsWay.ref);
    assert.equal(await confirm(onItsWay.ref), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 3000, donationCount: 1 });
    assert.equal(stripeRefunds(onItsWay.ref), 0);
    await setStatus(f, 'ACTIVE');
    assert.equal((await start(waiting.donationId)).status, 200);
  });

  it('gives back again, through the reconciliation, a gift whose first giving back the provider refused', async () => {
    const f = await fundraiser();
    const gift = await begun(f);
    await admin(f, 'suspend');
    stripe.succeed(gift.ref);
    const refusing = service(() => async () => {
      throw new Error('Stripe is down');
    });
    await refusing.reconcile(app.orm.em.fork(), window());
    let payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: gift.ref });
    assert.deepEqual([payment.status, payment.refundReason, stripeRefunds(gift.ref)], ['SUCCEEDED', 'NOT_COUNTED', 0], 'claimed, not yet given back');
    assert.equal(await statusOf(gift.donationId), 'REFUNDED', 'never counted meanwhile');

    await service().reconcile(app.orm.em.fork(), window());
    await service().reconcile(app.orm.em.fork(), window());
    payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: gift.ref });
    assert.deepEqual([payment.status, stripeRefunds(gift.ref)], ['REFUNDED', 1]);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('returns a reinstated fundraiser to the status it was suspended from', async () => {
    for (const from of ['ACTIVE', 'PAUSED', 'CLOSED'] as const) {
      const f = await fundraiser();
      await setStatus(f, from);
      await admin(f, 'suspend');
      assert.equal(await fundraiserStatus(f), 'SUSPENDED');
      await admin(f, 'reinstate');
      assert.equal(await fundraiserStatus(f), from, `suspended from ${from}, reinstated to ${from}`);
    }
    const f = await fundraiser();
    await setStatus(f, 'PAUSED');
    await admin(f, 'suspend');
    await admin(f, 'close');
    await admin(f, 'suspend');
    await admin(f, 'reinstate');
    assert.equal(await fundraiserStatus(f), 'CLOSED', 'closed while suspended stays closed');

    // The same through the status an admin may set on the fundraiser itself.
    const closed = await fundraiser();
    await setStatus(closed, 'CLOSED');
    for (const status of ['SUSPENDED', 'ACTIVE'] as const) assert.equal((await asAdmin.request('PATCH', `/api/fundraisers/${closed.id}`, { json: { status } })).status, 200);
    assert.equal(await fundraiserStatus(closed), 'ACTIVE', 'an explicit status is the admin’s choice');
    await setStatus(closed, 'CLOSED');
    assert.equal((await asAdmin.request('PATCH', `/api/fundraisers/${closed.id}`, { json: { status: 'SUSPENDED' } })).status, 200);
    await admin(closed, 'reinstate');
    assert.equal(await fundraiserStatus(closed), 'CLOSED', 'suspended there, reinstated to closed');
  });

  it('gives up only a donation that never counted: one counted meanwhile keeps its total', async () => {
    const f = await fundraiser();
    const gift = await begun(f);
    stripe.succeed(gift.ref);
    assert.equal(await confirm(gift.ref), 'SUCCEEDED');
    assert.equal(await app.orm.em.fork().transactional((tx) => giveUpUncounted(tx, gift.donationId)), false);
    assert.equal(await statusOf(gift.donationId), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 3000, donationCount: 1 });
  });

  it('counts a card payment only for the donation’s own amount and currency, by confirmation and by webhook', async () => {
    const f = await fundraiser();
    const cent = await begun(f);
    stripe.intent(cent.ref).amount = 1;
    stripe.succeed(cent.ref);
    const euros = await begun(f);
    stripe.intent(euros.ref).currency = 'eur';
    stripe.succeed(euros.ref);
    assert.equal(await confirm(cent.ref), 'PENDING');
    await stripeWebhook(stripe.event('payment_intent.succeeded', euros.ref));
    assert.equal(await confirm(euros.ref), 'PENDING');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 }, 'a 1-cent or EUR payment counts nothing');

    const right = await begun(f);
    stripe.succeed(right.ref);
    await stripeWebhook(stripe.event('payment_intent.succeeded', right.ref));
    assert.deepEqual(await totals(f), { raisedMinor: 3000, donationCount: 1 });
  });

  it('counts a PayPal capture only for the donation’s own amount and currency, by confirmation and by webhook', async () => {
    const f = await fundraiser();
    const cent = await begun(f, 'PAYPAL');
    paypal.orders.get(cent.ref)!.amount = { currency_code: 'USD', value: '0.01' };
    paypal.approve(cent.ref);
    assert.equal(await confirm(cent.ref), 'PENDING');
    const euros = await begun(f, 'PAYPAL');
    paypal.orders.get(euros.ref)!.amount = { currency_code: 'EUR', value: '30.00' };
    paypal.approve(euros.ref);
    const capture = paypal.capture(euros.ref);
    const delivered = await app.client().request('POST', '/api/payments/webhooks/paypal', { ...paypal.signed(paypal.events.capture('PAYMENT.CAPTURE.COMPLETED', capture.id)), xsrf: false });
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal(await statusOf(euros.donationId), 'PENDING');
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });

    const right = await begun(f, 'PAYPAL');
    paypal.approve(right.ref);
    assert.equal(await confirm(right.ref), 'SUCCEEDED');
    assert.deepEqual(await totals(f), { raisedMinor: 3000, donationCount: 1 });
  });
});
