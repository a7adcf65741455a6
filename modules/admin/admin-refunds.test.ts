import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser, mailsTo, signIn, waitFor, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPaymentService, type PaymentProvider, type PaymentService } from '../payments/index.ts';
import { advanceRefundRuns } from './admin.refunds.ts';
import { AuditEventSchema } from './audit-event.entity.ts';
import { RefundRunSchema } from './refund-run.entity.ts';

const silent = createLogger('silent');

describe('admin refunds (the Stripe SDK against a local Stripe)', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  let admin: FakeUser;
  let asAdmin: TestClient;
  let donor: TestClient;

  before(async () => {
    stripe = await startFakeStripe({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake' });
    app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake', STRIPE_API_BASE: stripe.url });
    admin = await fakeUser(app.orm, { admin: true });
    asAdmin = app.client();
    await signIn(asAdmin, admin);
    donor = app.client();
  });
  after(async () => {
    await app.close();
    await stripe.close();
  });

  /** The payments service as the jobs use it; `provider` wraps Stripe's (one that stops on cue). */
  const service = (provider?: (real: PaymentProvider) => PaymentProvider): PaymentService => {
    const providers = paymentProviders(app.config);
    return createPaymentService({ providers: { ...providers, STRIPE: provider ? provider(providers.STRIPE!) : providers.STRIPE! }, publicUrl: app.config.PUBLIC_URL, logger: silent });
  };

  const fundraiser = async () => fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { currency: 'USD', goalMinor: 1_000_000 });

  async function paid(f: Fundraiser, amount: string, email = 'almaz@example.com') {
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: email, currency: 'USD' });
    assert.equal(donation.status, 201, donation.text);
    const started = await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'STRIPE' });
    const ref = started.data.paymentIntentId as string;
    stripe.succeed(ref);
    assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status, 'SUCCEEDED');
    return { donationId: donation.data.id as number, ref };
  }

  const totals = async (f: Fundraiser) => {
    const row = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    return { raisedMinor: row.raisedMinor, donationCount: row.donationCount };
  };

  it('finds a donation by id, donor e-mail or Stripe id, and refunds it once though a refund webhook races it; the donor is told', async () => {
    const f = await fundraiser();
    const email = `donor-${Date.now()}@example.com`;
    const gift = await paid(f, '40.00', email);
    await paid(f, '10.00');
    for (const query of [String(gift.donationId), email.toUpperCase(), gift.ref]) {
      const found = await asAdmin.get(`/api/admin/donations?query=${encodeURIComponent(query)}`);
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.data.content.map((d: { id: number }) => d.id), [gift.donationId], query);
    }
    const receiptsBefore = (await mailsTo(app.orm, email)).length;
    const resent = await asAdmin.post(`/api/admin/donations/${gift.donationId}/receipt`);
    assert.equal(resent.status, 202, resent.text);
    const receipts = await mailsTo(app.orm, email);
    assert.equal(receipts.length, receiptsBefore + 1, 'the receipt went out again');
    assert.match(receipts[0]!.subject, /Thank you for your donation/);
    const overview = await asAdmin.get('/api/admin/overview');
    assert.ok(overview.data.raised.today.some((r: { currency: string; donations: number }) => r.currency === 'USD' && r.donations >= 2), overview.text);

    // Refunded in Stripe's dashboard at the moment an admin asks here: its webhook and the admin's request race.
    stripe.refund(gift.ref);
    const event = stripe.event('charge.refunded', gift.ref);
    const webhook = () => app.client().request('POST', '/api/payments/webhooks/stripe', { body: event, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.signature(event) }, xsrf: false });
    const why = { reason: 'The donor asked for the gift back by phone.' };
    const [first, second, hook] = await Promise.all([asAdmin.post(`/api/admin/donations/${gift.donationId}/refund`, why), asAdmin.post(`/api/admin/donations/${gift.donationId}/refund`, why), webhook()]);
    assert.equal(hook.status, 200, hook.text);
    for (const answer of [first, second]) assert.ok([200, 409].includes(answer.status), answer.text);
    assert.deepEqual(await totals(f), { raisedMinor: 1000, donationCount: 1 }, 'the total dropped once');
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: gift.donationId })).status, 'REFUNDED');
    assert.ok(stripe.refundsMade.filter((r) => r.payment_intent === gift.ref).length <= 1, 'Stripe refunded once at most through the API');
    assert.equal(stripe.netCharged(gift.ref), 0);
    assert.equal((await asAdmin.post(`/api/admin/donations/${gift.donationId}/refund`, why)).status, 409, 'asking again refunds nothing');
    assert.equal((await asAdmin.post(`/api/admin/donations/${gift.donationId}/receipt`)).data.code, 'receipt_unpaid', 'a refunded gift has no receipt');
    assert.deepEqual(await totals(f), { raisedMinor: 1000, donationCount: 1 });
    const notices = await waitFor(async () => {
      const mails = (await mailsTo(app.orm, email)).filter((m) => /refunded/.test(m.subject));
      return mails.length ? mails : null;
    }, 'the refund notice');
    assert.equal(notices.length, 1, 'one notice');
    const audit = await app.orm.em.fork().find(AuditEventSchema, { action: 'donation.refund', targetId: gift.donationId }, { orderBy: { id: 'asc' } });
    assert.ok(audit.some((e) => e.outcome === 'asked') && audit.every((e) => e.reason === why.reason));
  });

  it('refunds all from the admin’s request alone: the run starts at once and finishes by itself', async () => {
    const f = await fundraiser();
    const gifts = [await paid(f, '11.00'), await paid(f, '12.00')];
    const why = { reason: 'The organiser admitted the appeal was invented.' };
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/suspend`, why)).status, 200);
    const started = await asAdmin.post(`/api/admin/fundraisers/${f.id}/refund-all`, why);
    assert.equal(started.status, 202, started.text);
    const done = await waitFor(async () => {
      const detail = await asAdmin.get(`/api/admin/fundraisers/${f.id}`);
      return detail.data.refundRun?.status === 'DONE' ? detail.data : null;
    }, 'the run to finish', 15_000);
    assert.deepEqual([done.refundRun.refunded, done.refundRun.failed, done.donations], [2, 0, { paid: 0, refunded: 2 }]);
    for (const gift of gifts) assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === gift.ref).length, 1);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
  });

  it('shows an open chargeback on the dashboard; a lost one takes the gift off the total once', async () => {
    const f = await fundraiser();
    const gift = await paid(f, '30.00');
    const send = async (event: string) => {
      const answer = await app.client().request('POST', '/api/payments/webhooks/stripe', { body: event, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.signature(event) }, xsrf: false });
      assert.equal(answer.status, 200, answer.text);
    };
    const before = (await asAdmin.get('/api/admin/overview')).data.payments.disputesOpen as number;
    await send(stripe.disputeEvent('charge.dispute.created', gift.ref, 'needs_response'));
    assert.equal((await asAdmin.get('/api/admin/overview')).data.payments.disputesOpen, before + 1);
    const found = await asAdmin.get(`/api/admin/donations?query=${gift.donationId}`);
    assert.equal(found.data.content[0].payments[0].disputeStatus, 'needs_response');
    assert.deepEqual(await totals(f), { raisedMinor: 3000, donationCount: 1 }, 'still counted while disputed');

    const lost = stripe.disputeEvent('charge.dispute.closed', gift.ref, 'lost');
    await send(lost);
    await send(lost);
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 }, 'the lost dispute took the money back, once');
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: gift.donationId })).status, 'REFUNDED');
    assert.equal((await asAdmin.get('/api/admin/overview')).data.payments.disputesOpen, before);
  });

  it('refunds all of a suspended fundraiser’s donations once each, though the process stops half-way', async () => {
    const f = await fundraiser();
    const gifts: Array<{ donationId: number; ref: string }> = [];
    for (const amount of ['5.00', '6.00', '7.00', '8.00', '9.00']) gifts.push(await paid(f, amount));
    const why = { reason: 'The appeal was a fraud; every donor gets their money back.' };
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/refund-all`, why)).data.code, 'refund_all_needs_suspension');
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/suspend`, why)).status, 200);
    // The app's own run would race the "crash" below: the job is what is tested, run by hand.
    await app.orm.em.fork().insert(RefundRunSchema, { fundraiserId: f.id, requestedBy: admin.user.id, reason: why.reason, status: 'RUNNING', openMarker: 1, cursor: 0, refunded: 0, failed: 0, createdAt: new Date() } as never);
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/refund-all`, why)).data.code, 'refund_run_running', 'one run at a time');

    // The process dies while Stripe makes the third refund: Stripe has refunded, we never hear.
    let calls = 0;
    const dying = service((real) => ({
      ...real,
      refund: async (request) => {
        calls += 1;
        const made = await real.refund(request);
        if (calls === 3) await new Promise(() => undefined);
        return made;
      },
    }));
    void advanceRefundRuns(app.orm.em.fork(), dying, silent);
    await waitFor(async () => calls === 3 && stripe.refundsMade.filter((r) => gifts.some((g) => g.ref === r.payment_intent)).length === 3, 'the third refund made');

    // Restarted: the run carries on, waits for the reconciliation to settle the claim the crash left, and finishes.
    const restarted = service();
    await advanceRefundRuns(app.orm.em.fork(), restarted, silent);
    await restarted.reconcile(app.orm.em.fork(), { from: new Date(Date.now() - 48 * 60 * 60_000), to: new Date(Date.now() + 10 * 60_000) });
    await advanceRefundRuns(app.orm.em.fork(), restarted, silent);

    for (const gift of gifts) {
      assert.equal(stripe.refundsMade.filter((r) => r.payment_intent === gift.ref).length, 1, `${gift.ref} refunded once`);
      assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: gift.donationId })).status, 'REFUNDED');
    }
    assert.deepEqual(await totals(f), { raisedMinor: 0, donationCount: 0 });
    const detail = await asAdmin.get(`/api/admin/fundraisers/${f.id}`);
    assert.equal(detail.data.refundRun.status, 'DONE', detail.text);
    assert.deepEqual(detail.data.donations, { paid: 0, refunded: 5 });
  });
});
