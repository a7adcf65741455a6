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
import { DonationMethodDaySchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPaymentService, PaymentSchema, type Payment, type PaymentProvider, type PaymentService, type RefundOutcome } from './index.ts';

const silentLogger = createLogger('silent');
type Method = 'STRIPE' | 'PAYPAL';

/** One app and its payment service, the donor's browser and the ways to read the books. */
class Harness {
  app!: TestApp;
  donor!: TestClient;
  payments!: PaymentService;
  private readonly method: Method;
  private readonly env: () => Record<string, string>;

  constructor(method: Method, env: () => Record<string, string>) {
    this.method = method;
    this.env = env;
  }

  async start(): Promise<void> {
    this.app = await startTestApp(this.env());
    this.donor = this.app.client();
    this.payments = this.service();
  }

  /** The payments service; `provider` changes the rail's provider (one that fails on cue). */
  service(provider?: (real: PaymentProvider) => PaymentProvider): PaymentService {
    const providers = paymentProviders(this.app.config);
    const real = providers[this.method]!;
    return createPaymentService({ providers: { ...providers, [this.method]: provider ? provider(real) : real }, publicUrl: this.app.config.PUBLIC_URL, logger: silentLogger });
  }

  payment(ref: string): Promise<Payment> {
    return this.app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref });
  }

  /** The reconciliation, as its job runs it, ten minutes on. */
  reconcileLater(): Promise<{ asked: number; settled: number }> {
    return this.payments.reconcile(this.app.orm.em.fork(), { from: new Date(Date.now() - 48 * 60 * 60_000), to: new Date(Date.now() + 10 * 60_000) });
  }

  async fundraiser(): Promise<Fundraiser> {
    return fakeFundraiser(this.app.orm, (await fakeUser(this.app.orm)).user, { currency: 'USD', goalMinor: 1_000_000 });
  }

  async started(f: Fundraiser, amount: string): Promise<{ donationId: number; ref: string }> {
    const donation = await this.donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: 'almaz@example.com', currency: 'USD' });
    assert.equal(donation.status, 201, donation.text);
    const started = await this.donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: this.method });
    assert.equal(started.status, 200, started.text);
    return { donationId: donation.data.id as number, ref: started.data.paymentIntentId as string };
  }

  async confirmed(ref: string): Promise<void> {
    const answer = await this.donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.data.status, 'SUCCEEDED');
  }

  async totals(f: Fundraiser): Promise<{ raisedMinor: number; donationCount: number }> {
    const row = await this.app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
  }

  async status(donationId: number): Promise<string> {
    return (await this.app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  }

  refund(donationId: number, part?: { amountMinor: number; requestKey: string }, payments: PaymentService = this.payments): Promise<RefundOutcome> {
    return payments.refund(this.app.orm.em.fork(), donationId, part);
  }
}

const harness = (method: Method, env: () => Record<string, string>) => new Harness(method, env);

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

    const answers = await Promise.allSettled([h.refund(donationId), h.refund(donationId), h.refund(donationId)]);
    const done = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    assert.equal(done.length, 1, 'one request refunds it');
    assert.deepEqual({ ...done[0], refundId: 'x' }, { donationId, status: 'REFUNDED', refundId: 'x', partMinor: null });
    for (const answer of answers) {
      // The others saw it claimed by the first, or already refunded.
      if (answer.status === 'rejected') assert.ok(refusal('refund_in_progress', 409)(answer.reason) || refusal('donation_not_refundable', 409)(answer.reason), String(answer.reason));
    }
    assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === ref).length, 1, 'Stripe refunded once');
    assert.equal(stripe.netCharged(ref), 0);
    assert.equal(await h.status(donationId), 'REFUNDED');
    assert.equal(await h.status(kept.donationId), 'SUCCEEDED');
    assert.deepEqual(await h.totals(f), { raisedMinor: 2000, donationCount: 1 });
    const row = await h.payment(ref);
    assert.deepEqual([row.status, row.refundReason, row.refundId], ['REFUNDED', 'REQUESTED', done[0]!.refundId]);

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

  it('gives part of a gift back leaving it counted, once per request, and refuses an amount it cannot give', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await paid(f, '40.00');
    for (const amountMinor of [0, 4000, 4001, 12.5]) {
      await assert.rejects(h.refund(donationId, { amountMinor, requestKey: 'bad' }), refusal('refund_amount_invalid', 400), `${amountMinor}`);
    }
    const part = await h.refund(donationId, { amountMinor: 1000, requestKey: 'ticket-1' });
    assert.deepEqual([part.status, part.partMinor], ['SUCCEEDED', 1000]);
    assert.equal((await h.refund(donationId, { amountMinor: 1000, requestKey: 'ticket-1' })).refundId, part.refundId, 'the same request, the same refund');
    assert.equal(stripe.netCharged(ref), 3000);
    await h.refund(donationId, { amountMinor: 1000, requestKey: 'ticket-2' });
    assert.equal(stripe.netCharged(ref), 2000, 'another request of the same amount is another refund');
    assert.deepEqual(await h.totals(f), { raisedMinor: 4000, donationCount: 1 });
    // The rest, as a whole refund: Stripe gives back what is left and the gift leaves the total.
    assert.equal((await h.refund(donationId)).status, 'REFUNDED');
    assert.equal(stripe.netCharged(ref), 0);
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('refuses a donation not paid; when Stripe refuses, records nothing and lets the refund be asked again', async () => {
    const f = await h.fundraiser();
    const unpaid = await h.started(f, '10.00');
    await assert.rejects(h.refund(unpaid.donationId), refusal('donation_not_refundable', 409));
    await assert.rejects(h.refund(999_999), refusal('donation_not_found', 404));

    const { donationId, ref } = await paid(f, '10.00');
    const down = h.service((real) => ({ ...real, refund: () => Promise.reject(new Error('Stripe is not answering')) }));
    await assert.rejects(h.refund(donationId, undefined, down), refusal('refund_refused', 502));
    assert.equal(await h.status(donationId), 'SUCCEEDED');
    assert.equal((await h.payment(ref)).refundReason, null, 'the claim is let go');
    assert.deepEqual(await h.totals(f), { raisedMinor: 1000, donationCount: 1 });
    assert.equal((await h.refund(donationId)).status, 'REFUNDED', 'asked again, with Stripe back');
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('takes Stripe’s word when the answer to a refund was lost, or it was refunded at Stripe already', async () => {
    const f = await h.fundraiser();
    const lost = await paid(f, '15.00');
    const answerLost = h.service((real) => ({
      ...real,
      async refund(request) {
        await real.refund(request);
        throw new Error('the connection dropped before the answer');
      },
    }));
    const outcome = await h.refund(lost.donationId, undefined, answerLost);
    assert.deepEqual([outcome.status, outcome.refundId], ['REFUNDED', null]);

    const dashboard = await paid(f, '5.00');
    stripe.refund(dashboard.ref);
    assert.equal((await h.refund(dashboard.donationId)).status, 'REFUNDED');
    assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === dashboard.ref).length, 0, 'the refund made at Stripe stays the only one');
    assert.equal(stripe.netCharged(dashboard.ref), 0);
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('finishes, from the reconciliation, a refund claimed by a process that stopped half-way', async () => {
    const f = await h.fundraiser();
    const made = await paid(f, '12.00');
    const never = await paid(f, '8.00');
    const claim = (ref: string) =>
      h.app.orm.em.fork().nativeUpdate(PaymentSchema, { providerRef: ref }, { refundReason: 'REQUESTED', updatedAt: new Date(Date.now() - 60 * 60_000) });
    // Stopped after Stripe refunded, before the record; and stopped before Stripe was asked.
    await claim(made.ref);
    stripe.refund(made.ref);
    await claim(never.ref);
    await assert.rejects(h.refund(never.donationId), refusal('refund_in_progress', 409));

    await h.reconcileLater();
    assert.equal(await h.status(made.donationId), 'REFUNDED');
    assert.equal(await h.status(never.donationId), 'SUCCEEDED');
    assert.equal((await h.payment(never.ref)).refundReason, null, 'the claim that came to nothing is let go');
    assert.deepEqual(await h.totals(f), { raisedMinor: 800, donationCount: 1 });
    await h.reconcileLater();
    assert.deepEqual(await h.totals(f), { raisedMinor: 800, donationCount: 1 }, 'once');
    assert.equal((await h.refund(never.donationId)).status, 'REFUNDED');
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

    const part = await h.refund(donationId, { amountMinor: 500, requestKey: 'ticket-7' });
    assert.equal(part.status, 'SUCCEEDED');
    assert.deepEqual(await h.totals(f), { raisedMinor: 2500, donationCount: 1 });

    const answers = await Promise.allSettled([h.refund(donationId), h.refund(donationId)]);
    assert.equal(answers.filter((a) => a.status === 'fulfilled' && a.value.status === 'REFUNDED').length, 1);
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
    assert.equal(refunds.filter((r) => r.status === 'fulfilled' && r.value.status === 'REFUNDED').length, 1);
    assert.deepEqual(await h.totals(f), { raisedMinor: 0, donationCount: 0 });
    assert.equal(await h.status(donationId), 'REFUNDED');
  });

  it('counts a gift under the method that paid it, not the last one started, and takes the refund off the same one', async () => {
    const f = await h.fundraiser();
    const { donationId, ref } = await h.started(f, '7.00');
    // The donor looks at PayPal, then goes back and pays by card.
    assert.equal((await h.donor.post('/api/payments', { donationId, paymentMethod: 'PAYPAL' })).status, 200);
    assert.ok((await h.donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' })).status < 300);
    await h.confirmed(ref);
    const byMethod = async () =>
      Object.fromEntries((await h.app.orm.em.fork().find(DonationMethodDaySchema, { fundraiser: f.id })).map((row) => [row.method, [row.donations, row.amountMinor]]));
    assert.deepEqual(await byMethod(), { STRIPE: [1, 700] });
    await h.refund(donationId);
    assert.deepEqual(await byMethod(), { STRIPE: [0, 0] });
  });
});
