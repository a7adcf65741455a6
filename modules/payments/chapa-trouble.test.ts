import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { fakeUser, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeChapa, type ChapaDelivery, type FakeChapa } from '../../tests/helpers/fake-chapa.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPaymentService, paymentMessages } from './index.ts';

const keys = { secretKey: 'CHASECK_TEST-fakefakefakefakefake', webhookSecret: 'a-webhook-secret-hash' };

/**
 * Chapa failing, hanging or answering what cannot be read: its webhook and the callback say so
 * with 503 (and when to come back) or 502, never 500, and a payment's verify is asked once
 * however many callers ask at once, and once every few seconds by the callback anybody can call.
 */
describe('Chapa in trouble, and the callback called again and again', () => {
  let chapa: FakeChapa;
  let app: TestApp;
  let owner: FakeUser;
  let f: Fundraiser;

  before(async () => {
    chapa = await startFakeChapa(keys);
    app = await startTestApp({ CHAPA_SECRET_KEY: keys.secretKey, CHAPA_WEBHOOK_SECRET: keys.webhookSecret, CHAPA_API_BASE: chapa.url });
    owner = await fakeUser(app.orm);
    f = await fakeFundraiser(app.orm, owner.user, { currency: 'ETB', goalMinor: 100_000_000 });
  });
  after(async () => {
    await app.close();
    await chapa.close();
  });

  async function donate(amount = '250') {
    // Each donor in a browser of their own, as on the site.
    const donor = app.client();
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz Tesfaye', donorEmail: 'almaz@example.com', currency: 'ETB' });
    assert.equal(donation.status, 201, donation.text);
    const start = await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'CHAPA' });
    assert.equal(start.status, 200, start.text);
    return { donationId: donation.data.id as number, ref: start.data.paymentIntentId as string };
  }

  const deliver = (delivery: ChapaDelivery) => app.client().request('POST', '/api/payments/webhooks/chapa', { body: delivery.body, headers: delivery.headers, xsrf: false });
  const callback = (ref: string, headers: Record<string, string> = {}) => app.client().get(`/api/payments/callbacks/chapa?trx_ref=${ref}&status=success`, headers);
  const statusOf = async (donationId: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donationId })).status;
  const raised = async () => (await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id })).raisedMinor;
  const reconcileLater = () =>
    createPaymentService({ providers: paymentProviders(app.config), publicUrl: app.config.PUBLIC_URL, logger: createLogger('silent') }).reconcile(app.orm.em.fork(), {
      from: new Date(Date.now() - 60 * 60_000),
      to: new Date(Date.now() + 60_000),
    });

  function assertUnavailable(answer: Awaited<ReturnType<typeof deliver>>, status: 502 | 503) {
    assert.equal(answer.status, status, answer.text);
    const code = status === 503 ? 'payment_provider_unreachable' : 'payment_check_failed';
    assert.deepEqual([answer.data.code, answer.data.message], [code, paymentMessages.en[code]]);
    if (status === 503) assert.ok(Number(answer.headers.get('retry-after')) > 0, 'says when to come back');
  }

  it('answers 503 with Retry-After when verify fails, counts nothing, and settles the gift once Chapa answers again', async () => {
    const { donationId, ref } = await donate('300');
    chapa.pay(ref);
    chapa.outage('/v1/transaction/verify');
    assertUnavailable(await deliver(chapa.webhook('charge.success', ref)), 503);
    assertUnavailable(await callback(ref), 503);
    assert.equal(chapa.verifications(ref), 1, 'a failure a moment ago is the answer: Chapa in trouble is not asked again at once');
    assert.equal(await statusOf(donationId), 'PENDING');
    const before = await raised();
    await reconcileLater();
    assert.equal(await statusOf(donationId), 'SUCCEEDED', 'nothing lost');
    assert.equal(await raised(), before + 30_000);
  });

  it('answers 502 when verify says a success for an amount that cannot be read, and counts nothing', async () => {
    for (const amount of ['three hundred', null, { value: 300 }]) {
      const { donationId, ref } = await donate('300');
      chapa.pay(ref);
      chapa.verifyAmountAnswers(ref, amount);
      const before = await raised();
      assertUnavailable(await deliver(chapa.webhook('charge.success', ref)), 502);
      assertUnavailable(await callback(ref), 502);
      assert.equal(await statusOf(donationId), 'PENDING', JSON.stringify(amount));
      assert.equal(await raised(), before);
    }
  });

  it('answers 503 within a bounded wait when verify hangs, and 50 callers at once share the one verify', async () => {
    const { donationId, ref } = await donate('120');
    chapa.pay(ref);
    chapa.hang('/v1/transaction/verify');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => (n % 2 ? callback(ref) : deliver(chapa.webhook('charge.success', ref)))));
    const waited = Date.now() - started;
    for (const answer of answers) assertUnavailable(answer, 503);
    assert.ok(waited < 12_000, `answered after ${waited} ms`);
    assert.equal(chapa.verifications(ref), 1, 'one verify for all 50');
    assert.equal(await statusOf(donationId), 'PENDING');
  });

  it('asks verify once for 50 callbacks of a payment in a row; Chapa’s signed webhook is still heard at once', async () => {
    const { donationId, ref } = await donate('80');
    for (let n = 0; n < 50; n += 1) {
      const answer = await callback(ref);
      assert.deepEqual([answer.status, answer.data], [200, { received: true }]);
    }
    assert.ok(chapa.verifications(ref) <= 2, `${chapa.verifications(ref)} verifies for 50 callbacks`);
    chapa.pay(ref);
    assert.equal((await deliver(chapa.webhook('charge.success', ref))).status, 200);
    assert.equal(await statusOf(donationId), 'SUCCEEDED');
  });

  it('sends a person who opens the callback in a browser to the page that tells how their gift stands, in their language, whatever Chapa says', async () => {
    const { ref } = await donate('60');
    chapa.outage('/v1/transaction/verify');
    const browser = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const english = await callback(ref, browser);
    assert.equal(english.status, 303, english.text);
    assert.equal(english.headers.get('location'), `/donation/success?payment_intent=${encodeURIComponent(ref)}`);
    const amharic = await callback(ref, { ...browser, 'Accept-Language': 'am' });
    assert.equal(amharic.headers.get('location'), `/am/donation/success?payment_intent=${encodeURIComponent(ref)}`);
  });
  it('tells the donor who confirms while Chapa is down that the payment could not be checked yet (503), not that it could not start', async () => {
    const donor = app.client();
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount: '120', donorEmail: 'almaz@example.com', currency: 'ETB' });
    const ref = (await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'CHAPA' })).data.paymentIntentId as string;
    chapa.pay(ref);
    chapa.outage('/v1/transaction/verify');
    assertUnavailable(await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`), 503);
    assert.equal(await statusOf(donation.data.id), 'PENDING');
    assertUnavailable(await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`), 503);
    assert.equal(chapa.verifications(ref), 1, 'a confirmation a moment after a failure is told the same, without asking Chapa again');
  });
});
