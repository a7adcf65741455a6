import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { startFakePaypal, type FakePaypal } from '../../tests/helpers/fake-paypal.ts';
import { startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { AppError } from '../../kernel/http/index.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPaymentService, PaymentSchema, type PaymentService, type RefundView } from './index.ts';

const silentLogger = createLogger('silent');
type Method = 'STRIPE' | 'PAYPAL';

/** One app and its payment service, the donor's browser and the ways to read the books. */
function harness(method: Method, env: () => Record<string, string>) {
  const h = {
    app: undefined as unknown as TestApp,
    donor: undefined as unknown as TestClient,
    payments: undefined as unknown as PaymentService,
    async start() {
      h.app = await startTestApp(env());
      h.donor = h.app.client();
      h.payments = createPaymentService({ providers: paymentProviders(h.app.config), publicUrl: h.app.config.PUBLIC_URL, logger: silentLogger });
    },
    async fundraiser(): Promise<Fundraiser> {
      return fakeFundraiser(h.app.orm, (await fakeUser(h.app.orm)).user, { currency: 'USD', goalMinor: 1_000_000 });
    },
    async started(f: Fundraiser, amount: string) {
      const donation = await h.donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: 'almaz@example.com', currency: 'USD' });
      assert.equal(donation.status, 201, donation.text);
      const started = await h.donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: method });
      assert.equal(started.status, 200, started.text);
      return { donationId: donation.data.id as number, ref: started.data.paymentIntentId as string };
    },
    async confirmed(ref: string) {
      const answer = await h.donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.data.status, 'SUCCEEDED');
    },
    async totals(f: Fundraiser) {
      const row = await h.app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
      return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
    },
    async status(donationId: number) {
      return (await h.app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
    },
    refund(donationId: number, amountMinor?: number) {
      return h.payments.refund(h.app.orm.em.fork(), donationId, amountMinor === undefined ? {} : { amountMinor });
    },
  };
  return h;
}

const refunded = (answer: unknown): answer is RefundView => typeof answer === 'object' && answer !== null && 'refundId' in answer;
const refusal = (code: string, status: number) => (error: unknown) => error instanceof AppError && error.code === code && error.status === status;

describe('refunds through Stripe (the official SDK against a local Stripe)', () => {
  let stripe: FakeStripe;
  const h = harness('STRIPE', () => ({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake', STRIPE_API_BASE: stripe.url }));
  before(async () => {
    stripe = await startFakeStripe({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake' });
    await h.start();
  });
  after(async () => {
    await h.app.close();
    await stripe.close();
  });

  const paid = async (f: Fundraiser, amount: string) => {
    const one = await h.started(f, amount);
    stripe.succeed(one.ref);
    await h.confirmed(one.ref);
    return one;
  };

  it('gives the whole gift back once however often and concurrently asked, and takes it off the total once', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await paid(f, '30.00');
    const kept = await paid(f, '20.00');
    assert.deepEqual(await h.totals(f), { raisedMinor: 5000, donationCount: 2 });

    const answers = await Promise.all([h.refund(donationId), h.refund(donationId).catch((e: unknown) => e), h.refund(donationId).catch((e: unknown) => e)]);
    assert.deepEqual({ ...answers[0], refundId: 'x' }, { donationId, status: 'REFUNDED', refundId: 'x', amountMinor: 3000 });
    for (const later of answers.slice(1)) {
      // Each concurrent request either saw it paid and got the same refund, or saw it refunded already.
      if (refunded(later)) assert.equal(later.refundId, answers[0].refundId);
      else assert.ok(refusal('donation_not_refundable', 409)(later));
    }
    assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === ref).length, 1, 'Stripe refunded once');
    assert.equal(stripe.netCharged(ref), 0);
    assert.equal(await h.status(donationId), 'REFUNDED');
    assert.equal(await h.status(kept.donationId), 'SUCCEEDED');
    assert.deepEqual(await h.totals(f), { raisedMinor: 2000, donationCount: 1 });
    const row = await h.app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
    assert.deepEqual([row.status, row.refundId], ['REFUNDED', answers[0].refundId]);

    // Stripe's own word of the same refund, by webhook, changes nothing more.
    const event = stripe.event('charge.refunded', ref);
    const delivered = await h.app.client().request('POST', '/api/payments/webhooks/stripe', {
      body: event,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.signature(event) },
      xsrf: false,
    });
    assert.equal(delivered.status, 200, delivered.text);
    assert.deepEqual(await h.totals(f), { raisedMinor: 2000, donationCount: 1 });
    await assert.rejects(h.refund(donationId), refusal('donation_not_refundable', 409));
  });

  it('gives part of a gift back leaving it counted, and refuses an amount it cannot give', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await paid(f, '40.00');
    await assert.rejects(h.refund(donationId, 0), refusal('refund_amount_invalid', 400));
    await assert.rejects(h.refund(donationId, 4001), refusal('refund_amount_invalid', 400));
    await assert.rejects(h.refund(donationId, 12.5), refusal('refund_amount_invalid', 400));
    const part = await h.refund(donationId, 1000);
    assert.deepEqual([part.status, part.amountMinor], ['SUCCEEDED', 1000]);
    assert.equal(stripe.netCharged(ref), 3000);
    assert.deepEqual(await h.totals(f), { raisedMinor: 4000, donationCount: 1 });
    // The rest, as a whole refund: Stripe gives back what is left and the gift leaves the total.
    assert.equal((await h.refund(donationId)).status, 'REFUNDED');
    assert.equal(stripe.netCharged(ref), 0);
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('refuses a donation not paid, and leaves everything as it was when Stripe refuses', async () => {
    const f = await h.fundraiser();
    const unpaid = await h.started(f, '10.00');
    await assert.rejects(h.refund(unpaid.donationId), refusal('donation_not_refundable', 409));
    await assert.rejects(h.refund(999_999), refusal('donation_not_found', 404));

    const { donationId, ref } = await paid(f, '10.00');
    // Refunded at Stripe's dashboard already: Stripe refuses a second refund, and we record nothing.
    stripe.refund(ref);
    await assert.rejects(h.refund(donationId), refusal('refund_refused', 502));
    assert.equal(await h.status(donationId), 'SUCCEEDED', 'its webhook or the reconciliation will tell');
    assert.deepEqual(await h.totals(f), { raisedMinor: 1000, donationCount: 1 });
  });
});

describe('refunds through PayPal (the official SDK against a local PayPal)', () => {
  let paypal: FakePaypal;
  const credentials = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', webhookId: '8PT597110X687430LKGECATA' };
  const h = harness('PAYPAL', () => ({
    PAYPAL_CLIENT_ID: credentials.clientId,
    PAYPAL_CLIENT_SECRET: credentials.clientSecret,
    PAYPAL_WEBHOOK_ID: credentials.webhookId,
    PAYPAL_API_BASE: paypal.url,
  }));
  before(async () => {
    paypal = await startFakePaypal(credentials);
    await h.start();
  });
  after(async () => {
    await h.app.close();
    await paypal.close();
  });

  it('refunds the capture once, whole or in part, and moves the total exactly once', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await h.started(f, '25.00');
    paypal.approve(ref);
    await h.confirmed(ref);

    const part = await h.refund(donationId, 500);
    assert.equal(part.status, 'SUCCEEDED');
    assert.deepEqual(await h.totals(f), { raisedMinor: 2500, donationCount: 1 });

    const [first, second] = await Promise.all([h.refund(donationId), h.refund(donationId).catch((e: unknown) => e)]);
    assert.equal(first.status, 'REFUNDED');
    if (refunded(second)) assert.equal(second.refundId, first.refundId);
    else assert.ok(refusal('donation_not_refundable', 409)(second));
    const refunds = [...paypal.refunds.values()];
    assert.equal(refunds.length, 2, 'one part, then the rest once');
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal(await h.status(donationId), 'REFUNDED');
  });
});

describe('refunds in the sandbox (no provider keys)', () => {
  const h = harness('STRIPE', () => ({}));
  before(() => h.start());
  after(() => h.app.close());

  it('moves the donation to REFUNDED and the total down once', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await h.started(f, '12.00');
    const chosen = await h.donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    assert.ok(chosen.status < 300, chosen.text);
    await h.confirmed(ref);
    assert.deepEqual(await h.totals(f), { raisedMinor: 1200, donationCount: 1 });
    const refunds = await Promise.allSettled([h.refund(donationId), h.refund(donationId)]);
    assert.ok(refunds.some((r) => r.status === 'fulfilled' && r.value.status === 'REFUNDED'));
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal(await h.status(donationId), 'REFUNDED');
  });
});
