import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { PaymentSchema } from '../payments/index.ts';
import { DonationSchema, donationMessages, pendingLifetimeMs } from './index.ts';
import { fromMinor } from '../money/index.ts';
import { donationErrorCodes } from './donation.errors.ts';
import { expireAbandoned } from './donation.states.ts';

const gift = (fundraiserId: number, overrides: Record<string, unknown> = {}) => ({
  fundraiserId,
  amount: '25.50',
  message: 'Get well soon',
  donorName: 'Almaz',
  donorEmail: 'almaz@example.com',
  currency: 'USD',
  ...overrides,
});

describe('donations API', () => {
  let app: TestApp;
  let fundraiser: Fundraiser;
  /** One donor's browser: a donation is paid, completed and confirmed by whoever started it. */
  let donor: TestClient;

  before(async () => {
    app = await startTestApp();
    donor = app.client();
    const owner = await fakeUser(app.orm);
    fundraiser = await fakeFundraiser(app.orm, owner.user, { currency: 'USD' });
  });
  after(() => app.close());

  const totals = async (id: number) => {
    const f = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id });
    return { raisedMinor: f.raisedMinor, donationCount: f.donationCount, fundedRank: f.fundedRank, goalRank: f.goalRank };
  };

  it('has a message for every error code it answers with, in its own catalogue, in both languages', () => {
    for (const code of donationErrorCodes) {
      assert.ok(Object.hasOwn(donationMessages.en, code), `${code} in the module's catalogue`);
      assert.match(donationMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(donationMessages.am[code], donationMessages.en[code], code);
    }
  });

  it('creates a PENDING donation in the fundraiser’s currency, linked to a signed-in donor', async () => {
    const anonymous = await app.client().post('/api/donations', gift(fundraiser.id, { donorName: '' }));
    assert.equal(anonymous.status, 201);
    assert.equal(anonymous.data.status, 'PENDING');
    assert.equal(anonymous.data.amount, '25.50');
    assert.equal(anonymous.data.currency, 'USD');
    assert.equal(anonymous.data.donorName, null);
    assert.equal(anonymous.data.name, 'Anonymous');
    assert.ok(!('donorEmail' in anonymous.data));
    const row = await app.orm.em.fork().findOneOrFail(DonationSchema, { id: anonymous.data.id });
    assert.equal(row.amountMinor, 2550);
    assert.equal(row.donor, null);

    const donor = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, donor);
    const mine = await client.post('/api/donations', gift(fundraiser.id, { currency: undefined, amount: 10 }));
    assert.equal(mine.status, 201);
    assert.equal(mine.data.amount, '10.00');
    const linked = await app.orm.em.fork().findOneOrFail(DonationSchema, { id: mine.data.id });
    assert.equal(linked.donor?.id, donor.user.id);
  });

  it('keeps whether the donor lets the amount be shown, not unless they say so, and lists the amount only then', async () => {
    const shown = await app.client().post('/api/donations', gift(fundraiser.id, { showAmount: true }));
    const unsaid = await app.client().post('/api/donations', gift(fundraiser.id));
    assert.equal(shown.status, 201);
    assert.equal(unsaid.status, 201);
    const em = app.orm.em.fork();
    assert.equal((await em.findOneOrFail(DonationSchema, { id: shown.data.id })).showAmount, true);
    assert.equal((await em.findOneOrFail(DonationSchema, { id: unsaid.data.id })).showAmount, false);
    await em.nativeUpdate(DonationSchema, { id: { $in: [shown.data.id, unsaid.data.id] } }, { status: 'SUCCEEDED', succeededAt: new Date() });
    const listed = (await app.client().get(`/api/donations/${fundraiser.id}?size=50`)).data.content as { id: number; amount: string | null; name: string }[];
    const entry = (id: number) => listed.find((d) => d.id === id);
    assert.deepEqual([entry(shown.data.id)?.amount, entry(unsaid.data.id)?.amount], ['25.50', null], 'the amount only where the donor allowed it');
    assert.deepEqual([entry(shown.data.id)?.name, entry(unsaid.data.id)?.name], ['Almaz', 'Almaz'], 'the name either way');
    const wrong = await app.client().post('/api/donations', gift(fundraiser.id, { showAmount: 'yes' }));
    assert.equal(wrong.status, 400);
    assert.ok(wrong.data.fields.showAmount);
  });

  it('refuses bad amounts, another currency, unknown fundraisers and ones not taking donations', async () => {
    const fields = async (body: object) => {
      const { status, data } = await app.client().post('/api/donations', body);
      assert.equal(status, 400, JSON.stringify(body));
      return data.fields;
    };
    assert.match((await fields(gift(fundraiser.id, { amount: '0.99' }))).amount, /smallest donation is 1 USD/);
    assert.match((await fields(gift(fundraiser.id, { amount: '10.001' }))).amount, /two decimal places/);
    assert.match((await fields(gift(fundraiser.id, { amount: '-5' }))).amount, /1500/);
    assert.match((await fields(gift(fundraiser.id, { amount: '50000.01' }))).amount, /at most 50,000/);
    assert.match((await fields(gift(fundraiser.id, { currency: 'ETB' }))).currency, /in USD/);
    assert.ok((await fields(gift(fundraiser.id, { donorEmail: 'not-an-address' }))).donorEmail);
    assert.ok((await fields(gift(999999))).fundraiserId);
    const amharic = await app.client().post('/api/donations', gift(fundraiser.id, { amount: '0.5' }), { headers: { 'Accept-Language': 'am' } });
    assert.match(amharic.data.fields.amount, /ዝቅተኛው/);

    const owner = await fakeUser(app.orm);
    for (const status of ['PAUSED', 'CLOSED'] as const) {
      const f = await fakeFundraiser(app.orm, owner.user, { status });
      const answer = await app.client().post('/api/donations', gift(f.id));
      assert.equal(answer.status, 409);
      assert.equal(answer.data.code, 'fundraiser_not_accepting');
    }
    const suspended = await fakeFundraiser(app.orm, owner.user, { status: 'SUSPENDED' });
    assert.equal((await app.client().post('/api/donations', gift(suspended.id))).status, 400);
    assert.equal(await app.orm.em.fork().count(DonationSchema, { fundraiser: { status: { $ne: 'ACTIVE' } } }), 0, 'nothing stored');
  });

  it('pays through the sandbox: the same payment when asked again, counted once however often it is confirmed', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user, { currency: 'ETB', goalMinor: 100_000 });
    const donation = (await donor.post('/api/donations', gift(f.id, { currency: 'ETB', amount: '400', showAmount: true }))).data;
    const start = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' });
    assert.equal(start.status, 200);
    assert.equal(start.data.sandbox, true);
    assert.match(start.data.checkoutUrl, /^\/donation\/sandbox\?payment=sandbox_stripe_/);
    const again = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' });
    assert.equal(again.data.paymentIntentId, start.data.paymentIntentId);
    const ref = start.data.paymentIntentId as string;

    const pending = await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(pending.status, 200);
    assert.equal(pending.data.status, 'PENDING', 'nothing is paid until the checkout says so');
    assert.deepEqual(await totals(f.id), { raisedMinor: 0, donationCount: 0, fundedRank: 0, goalRank: 0 });

    assert.equal((await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' })).status, 204);
    const results = await Promise.all([1, 2, 3].map(() => donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)));
    for (const r of results) {
      assert.equal(r.data.status, 'SUCCEEDED');
      assert.match(r.data.transactionId, /^sandbox_txn_/);
    }
    assert.deepEqual(await totals(f.id), { raisedMinor: 40_000, donationCount: 1, fundedRank: 40_000, goalRank: 4000 });
    const other = await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'failed' });
    assert.equal(other.status, 409);
    assert.equal((await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'PAYPAL' })).status, 409, 'a paid donation takes no second payment');
    const birr = (await donor.post('/api/donations', gift(f.id, { currency: 'ETB' }))).data;
    const paypal = await donor.post('/api/payments', { donationId: birr.id, paymentMethod: 'PAYPAL' });
    assert.equal(paypal.status, 400, 'the sandbox refuses birr by PayPal, as PayPal does');
    assert.equal(paypal.data.code, 'paypal_currency_unsupported');

    const listed = (await app.client().get(`/api/donations/${f.id}`)).data;
    assert.equal(listed.totalElements, 1);
    assert.deepEqual(Object.keys(listed.content[0]).sort(), ['amount', 'createdAt', 'currency', 'id', 'message', 'name']);
    assert.equal(listed.content[0].amount, '400.00');
    assert.equal(listed.content[0].name, 'Almaz');
  });

  it('records a failed and a cancelled checkout without touching the totals, and lets a failed card try again', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user);
    const pay = async (outcome: string) => {
      const donation = (await donor.post('/api/donations', gift(f.id))).data;
      const ref = (await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'PAYPAL' })).data.paymentIntentId;
      await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome });
      return { donation, ref, confirmed: (await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data };
    };
    assert.equal((await pay('failed')).confirmed.status, 'FAILED');
    const cancelled = await pay('cancelled');
    assert.equal(cancelled.confirmed.status, 'CANCELLED');
    assert.equal((await donor.post('/api/payments', { donationId: cancelled.donation.id, paymentMethod: 'STRIPE' })).status, 409);
    assert.deepEqual((await totals(f.id)).raisedMinor, 0);
    assert.equal((await app.client().get(`/api/donations/${f.id}`)).data.totalElements, 0);
    assert.equal((await donor.post('/api/confirm-payment?paymentIntentId=nope')).status, 404);
    assert.equal((await donor.post('/api/sandbox/payments/nope/complete', { outcome: 'succeeded' })).status, 404);
    assert.equal((await donor.post('/api/sandbox/payments/x/complete', { outcome: 'maybe' })).status, 400);
  });

  it('keeps the total exact with 200 donations confirmed in parallel, every confirmation sent twice', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user, { goalMinor: 10_000_000 });
    const count = 200;
    const amounts = Array.from({ length: count }, (_, i) => 100 + ((i * 37) % 900));
    const paid: { ref: string; browser: TestClient }[] = [];
    for (const minor of amounts) {
      // Each donor in a browser of their own, as on the site.
      const browser = app.client();
      const donation = (await browser.post('/api/donations', gift(f.id, { amount: fromMinor(minor, 'USD') }))).data;
      const ref = (await browser.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
      await browser.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
      paid.push({ ref, browser });
    }
    const answers = await Promise.all([...paid, ...paid].map(({ ref, browser }) => browser.post(`/api/confirm-payment?paymentIntentId=${ref}`)));
    assert.ok(answers.every((a) => a.status === 200 && a.data.status === 'SUCCEEDED'), JSON.stringify(answers.find((a) => a.status !== 200)?.data));
    const expected = amounts.reduce((sum, a) => sum + a, 0);
    assert.deepEqual(await totals(f.id), { raisedMinor: expected, donationCount: count, fundedRank: expected * 150, goalRank: Math.floor((expected * 10_000) / 10_000_000) });
    const rows = await app.orm.em.fork().find(DonationSchema, { fundraiser: f.id, status: 'SUCCEEDED' });
    assert.equal(rows.reduce((sum, d) => sum + d.amountMinor, 0), expected);
  });

  it('expires donations abandoned for a day; a payment that arrives later still counts', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user);
    const abandoned = (await donor.post('/api/donations', gift(f.id))).data;
    const late = (await donor.post('/api/donations', gift(f.id, { amount: '7' }))).data;
    const fresh = (await donor.post('/api/donations', gift(f.id))).data;
    const ref = (await donor.post('/api/payments', { donationId: late.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
    const dayAgo = new Date(Date.now() - pendingLifetimeMs - 60_000);
    await app.orm.em.fork().nativeUpdate(DonationSchema, { id: { $in: [abandoned.id, late.id] } }, { createdAt: dayAgo });

    assert.equal(await expireAbandoned(app.orm.em.fork(), new Date(Date.now() - pendingLifetimeMs)), 2);
    assert.equal(await expireAbandoned(app.orm.em.fork(), new Date(Date.now() - pendingLifetimeMs)), 0, 'once');
    const status = async (id: number) => (await app.orm.em.fork().findOneOrFail(DonationSchema, { id })).status;
    assert.equal(await status(abandoned.id), 'EXPIRED');
    assert.equal(await status(fresh.id), 'PENDING');
    assert.equal((await donor.post('/api/payments', { donationId: abandoned.id, paymentMethod: 'STRIPE' })).status, 409);

    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status, 'SUCCEEDED');
    assert.deepEqual((await totals(f.id)).raisedMinor, 700);
  });

  it("refuses a stranger every action on somebody else's donation: paying, completing, confirming, the receipt", async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user);
    const almaz = app.client();
    const donation = (await almaz.post('/api/donations', gift(f.id))).data;
    const stranger = app.client();
    const signedInStranger = app.client();
    await signIn(signedInStranger, await fakeUser(app.orm));
    // A visitor walking the ids, with and without an account, with and without a session of their own.
    for (const visitor of [stranger, signedInStranger]) {
      for (const method of ['STRIPE', 'PAYPAL']) {
        const answer = await visitor.post('/api/payments', { donationId: donation.id, paymentMethod: method });
        assert.equal(answer.status, 403, `${method}: ${JSON.stringify(answer.data)}`);
        assert.equal(answer.data.code, 'donation_not_yours');
      }
    }
    assert.equal(await app.orm.em.fork().count(PaymentSchema, { donation: donation.id }), 0, 'no payment was attached for the stranger');

    const ref = (await almaz.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).data.paymentIntentId as string;
    for (const visitor of [stranger, signedInStranger]) {
      assert.equal((await visitor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'failed' })).status, 403);
      assert.equal((await visitor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).status, 403);
    }
    assert.equal((await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref })).sandboxOutcome, null, "the stranger chose nothing for Almaz's payment");

    assert.equal((await almaz.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' })).status, 204);
    const confirmed = await almaz.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(confirmed.data.status, 'SUCCEEDED');
    const receiptRequest = { transactionId: confirmed.data.transactionId, paymentMethod: 'STRIPE' };
    for (const visitor of [stranger, signedInStranger]) assert.equal((await visitor.post('/api/receipts/generate', receiptRequest)).status, 403);
    assert.equal((await almaz.post('/api/receipts/generate', receiptRequest)).status, 200);
  });

  it('lets a signed-in donor act on their donation from another browser of theirs', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user);
    const person = await fakeUser(app.orm);
    const phone = app.client();
    await signIn(phone, person);
    const donation = (await phone.post('/api/donations', gift(f.id))).data;
    const laptop = app.client();
    await signIn(laptop, person);
    assert.equal((await laptop.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).status, 200);
  });

  it('never adds an amount to a total in another currency: settling such a donation is refused', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user, { currency: 'USD' });
    const donation = (await donor.post('/api/donations', gift(f.id, { amount: '100' }))).data;
    const ref = (await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    // However the fundraiser came to be in birr (a defect, a hand edit), dollars never join its total.
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { currency: 'ETB' });
    const answer = await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`);
    assert.equal(answer.status, 409);
    assert.equal(answer.data.code, 'donation_currency_mismatch');
    assert.equal((await totals(f.id)).raisedMinor, 0);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donation.id })).status, 'PENDING');
  });

  it('fixes the currency once any donation exists, pending ones too, so a total never mixes currencies', async () => {
    const organiser = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, organiser);
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const pending = (await donor.post('/api/donations', gift(f.id, { amount: '100' }))).data;
    const switched = await browser.request('PUT', `/api/fundraisers/${f.id}`, { json: { currency: 'ETB' } });
    assert.equal(switched.status, 409, switched.text);
    assert.equal(switched.data.code, 'currency_locked');
    const ref = (await donor.post('/api/payments', { donationId: pending.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status, 'SUCCEEDED');
    const row = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    assert.equal(row.currency, 'USD');
    assert.equal(row.raisedMinor, 10_000);

    // A change of currency and a first donation at the same moment: one goes first, never both half-way.
    for (let round = 0; round < 8; round++) {
      const fresh = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
      const [change, gave] = await Promise.all([
        browser.request('PUT', `/api/fundraisers/${fresh.id}`, { json: { currency: 'ETB' } }),
        app.client().post('/api/donations', gift(fresh.id, { currency: undefined, amount: '5' })),
      ]);
      const now = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: fresh.id });
      const rows = await app.orm.em.fork().find(DonationSchema, { fundraiser: fresh.id });
      assert.ok(rows.every((d) => d.currency === now.currency), `round ${round}: ${change.status} ${gave.status} ${now.currency} ${rows.map((d) => d.currency)}`);
      assert.ok(change.status === 200 || (change.status === 409 && rows.length === 1), `round ${round}: ${change.status}`);
    }
  });
});
