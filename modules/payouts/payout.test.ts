import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHmac } from 'node:crypto';
import { createLogger } from '../../api/logger.ts';
import { transferRail } from '../../api/payment-providers.ts';
import { fakeUser, mailsTo, signIn, waitForMail, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeChapa, type ChapaDelivery, type FakeChapa } from '../../tests/helpers/fake-chapa.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema, rebuildBuckets, type PaymentMethod } from '../donations/index.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { createPayoutService, payoutMessages } from './index.ts';
import { PayoutMethodSchema, PayoutSchema } from './payout.entity.ts';
import { payoutErrorCodes } from './payout.errors.ts';

const keys = { secretKey: 'CHASECK_TEST-payoutspayoutspayouts', webhookSecret: 'a-webhook-secret-hash' };
const approvalSecret = 'an-approval-secret-set-in-chapa';
const day = 24 * 60 * 60_000;

describe('payouts: balance, account, request, two people, Chapa transfers (against a local Chapa)', () => {
  let chapa: FakeChapa;
  let app: TestApp;
  let organiser: FakeUser;
  let organiserClient: TestClient;
  let admin: FakeUser;
  let adminClient: TestClient;

  before(async () => {
    chapa = await startFakeChapa(keys);
    app = await startTestApp({ CHAPA_SECRET_KEY: keys.secretKey, CHAPA_WEBHOOK_SECRET: keys.webhookSecret, CHAPA_API_BASE: chapa.url, CHAPA_APPROVAL_SECRET: approvalSecret });
    organiser = await fakeUser(app.orm);
    organiserClient = app.client();
    await signIn(organiserClient, organiser);
    admin = await fakeUser(app.orm, { admin: true });
    adminClient = app.client();
    await signIn(adminClient, admin);
  });
  after(async () => {
    await app.close();
    await chapa.close();
  });

  /** A gift that succeeded `ageDays` ago, written as settling would leave it. */
  async function gift(f: Fundraiser, amountMinor: number, method: PaymentMethod, ageDays: number, status: 'SUCCEEDED' | 'REFUNDED' = 'SUCCEEDED') {
    const em = app.orm.em.fork();
    const at = new Date(Date.now() - ageDays * day);
    em.create(DonationSchema, {
      fundraiser: f.id,
      amountMinor,
      currency: f.currency,
      donorEmail: 'donor@example.com',
      status,
      paymentMethod: method,
      createdAt: at,
      updatedAt: at,
      succeededAt: at,
    });
    await em.flush();
    // The day sums settling keeps, which the public ledger reads.
    await rebuildBuckets(app.orm.em.fork(), [f.id]);
  }

  /** An ETB fundraiser of `owner` with 10,000 birr that can be withdrawn now. */
  async function funded(owner = organiser) {
    const f = await fakeFundraiser(app.orm, owner.user, { currency: 'ETB', goalMinor: 10_000_000 });
    await gift(f, 1_000_000, 'CHAPA', 5);
    return f;
  }

  const setAccount = (f: Fundraiser, client = organiserClient, body: Record<string, unknown> = {}) =>
    client.put(`/api/fundraisers/${f.id}/payout-method`, { bankCode: '946', accountNumber: '1000123456789', accountName: 'Almaz Tadesse', ...body });
  /** The 48-hour hold after a change, over. */
  const endHold = (f: Fundraiser) => app.orm.em.fork().nativeUpdate(PayoutMethodSchema, { fundraiser: f.id }, { heldUntil: new Date(Date.now() - 1000) });
  async function ready(owner = organiser, client = organiserClient) {
    const f = await funded(owner);
    assert.equal((await setAccount(f, client)).status, 200);
    await endHold(f);
    return f;
  }
  const request = (f: Fundraiser, amount: unknown, client = organiserClient) => client.post(`/api/fundraisers/${f.id}/payouts`, { amount });
  const balance = async (f: Fundraiser, client = organiserClient) => (await client.get(`/api/fundraisers/${f.id}/balance`)).data;
  const payout = (id: number) => app.orm.em.fork().findOneOrFail(PayoutSchema, { id }, { disableIdentityMap: true });
  const deliver = (delivery: ChapaDelivery) => app.client().request('POST', '/api/payments/webhooks/chapa', { body: delivery.body, headers: delivery.headers, xsrf: false });
  const transferCalls = (reference: string) => chapa.requests.filter((r) => r.path === '/v1/transfers' && JSON.parse(r.body).reference === reference).length;
  /** How many times the audit log, as admins read it, holds `action` on the payout. */
  const audits = async (payoutId: number, action: string) => (await adminClient.get(`/api/admin/audit?targetType=payout&targetId=${payoutId}&action=${action}`)).data.totalElements as number;
  const reconciler = () => createPayoutService({ rail: transferRail(app.config), mailer: app.mailer, holds: { cardDays: 7, chapaDays: 2 }, adminThresholdMinor: { ETB: 10_000_000, USD: 200_000 }, logger: createLogger('silent') });
  function approvalCall(body: Record<string, unknown>, secret = approvalSecret) {
    const raw = JSON.stringify(body);
    return app.client().request('POST', '/api/payouts/chapa/approval', { body: raw, headers: { 'content-type': 'application/json', 'chapa-signature': createHmac('sha256', secret).update(raw).digest('hex') }, xsrf: false });
  }
  async function approved(f: Fundraiser, amount = '2500.00') {
    const asked = await request(f, amount);
    assert.equal(asked.status, 201, asked.text);
    const answer = await adminClient.post(`/api/payouts/${asked.data.id}/approve`);
    assert.equal(answer.status, 200, answer.text);
    return (await payout(asked.data.id as number));
  }

  /** A gift of birr paid through Chapa's checkout and confirmed, made 5 days old (past its hold): one an admin can refund. */
  async function chapaGift(f: Fundraiser, amount: string) {
    const donor = app.client();
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount, donorName: 'Almaz', donorEmail: 'almaz@example.com', currency: 'ETB' });
    assert.equal(donation.status, 201, donation.text);
    const start = await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'CHAPA' });
    chapa.pay(start.data.paymentIntentId);
    assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${start.data.paymentIntentId}`)).status, 200);
    await app.orm.em.fork().nativeUpdate(DonationSchema, { id: donation.data.id }, { succeededAt: new Date(Date.now() - 5 * day) });
    return { id: donation.data.id as number, txRef: start.data.paymentIntentId as string };
  }
  const refund = (donationId: number, coveredByPlatform?: boolean) =>
    adminClient.post(`/api/admin/donations/${donationId}/refund`, { reason: 'The donor asked for the gift back.', ...(coveredByPlatform === undefined ? {} : { coveredByPlatform }) });
  const refundsAtChapa = (txRef: string) => chapa.refundsMade.filter((r) => r.txRef === txRef).length;

  it('has a message for every error code it answers with, in both languages', () => {
    for (const code of payoutErrorCodes) {
      assert.ok(Object.hasOwn(payoutMessages.en, code), `${code} in English`);
      assert.match(payoutMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
    }
  });

  it('derives the balance: raised, refunded, held by rail (7 days for cards and PayPal, 2 for Chapa), paid out, on its way and available', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB', goalMinor: 10_000_000 });
    await gift(f, 100_000, 'STRIPE', 8); // 1,000 free
    await gift(f, 20_000, 'STRIPE', 6); // 200 held (card, under 7 days)
    await gift(f, 30_000, 'PAYPAL', 1); // 300 held
    await gift(f, 40_000, 'CHAPA', 3); // 400 free (Chapa, over 2 days)
    await gift(f, 50_000, 'CHAPA', 1); // 500 held
    await gift(f, 7_000, 'CHAPA', 10, 'REFUNDED'); // 70 raised and refunded
    assert.deepEqual(await balance(f), { currency: 'ETB', raised: '2470.00', refunded: '70.00', paidOut: '0.00', inFlight: '0.00', held: '1000.00', coveredByPlatform: '0.00', available: '1400.00' });
    // Admins see it too; nobody else does.
    assert.equal((await balance(f, adminClient)).available, '1400.00');
    const stranger = app.client();
    await signIn(stranger, await fakeUser(app.orm));
    assert.equal((await stranger.get(`/api/fundraisers/${f.id}/balance`)).status, 403);
    assert.equal((await app.client().get(`/api/fundraisers/${f.id}/balance`)).status, 401);
    assert.equal((await organiserClient.get('/api/fundraisers/999999/balance')).status, 404);
  });

  it("lists Chapa's banks and wallets, asking Chapa once for many pages", async () => {
    const before = chapa.requests.filter((r) => r.path === '/v1/banks').length;
    const answers = await Promise.all([1, 2, 3].map(() => organiserClient.get('/api/payouts/banks')));
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.data.banks.find((b: { code: string }) => b.code === '855'), { code: '855', name: 'telebirr', accountLength: 10, mobileMoney: true });
    }
    assert.ok(chapa.requests.filter((r) => r.path === '/v1/banks').length - before <= 1);
    assert.equal((await app.client().get('/api/payouts/banks')).status, 401);
  });

  it('sets the account: checked against the bank, shown by its last four digits, held 48 hours, the organiser told', async () => {
    const f = await funded();
    const short = await setAccount(f, organiserClient, { accountNumber: '12345' });
    assert.equal(short.status, 400);
    assert.match(short.data.fields.accountNumber, /13 digits/);
    assert.equal((await setAccount(f, organiserClient, { bankCode: 'nope' })).status, 400);
    assert.equal((await setAccount(f, organiserClient, { accountNumber: '1000-1234-5678x' })).status, 400);
    assert.equal((await setAccount(f, organiserClient, { accountName: 'A\u0000B' })).status, 400);
    assert.equal((await setAccount(f, organiserClient, { accountName: 'x'.repeat(1_000_000) })).status, 400);
    assert.equal((await setAccount(f, organiserClient, { accountNumber: 1000123456789 })).status, 400);
    // Only the organiser: not an admin, not a stranger.
    assert.equal((await setAccount(f, adminClient)).status, 403);
    assert.equal((await app.client().put(`/api/fundraisers/${f.id}/payout-method`, { bankCode: '946', accountNumber: '1000123456789', accountName: 'Almaz Tadesse' })).status, 401);

    const set = await setAccount(f, organiserClient, { accountNumber: '1000 1234 56789' });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.data.accountLast4, '6789');
    assert.equal(set.data.bankName, 'Commercial Bank of Ethiopia (CBE)');
    assert.doesNotMatch(set.text, /1000123456789/);
    const heldHours = (Date.parse(set.data.heldUntil) - Date.now()) / 3_600_000;
    assert.ok(heldHours > 47.9 && heldHours <= 48, String(heldHours));
    const read = await organiserClient.get(`/api/fundraisers/${f.id}/payout-method`);
    assert.doesNotMatch(read.text, /1000123456789/);
    const mail = await waitForMail(app.orm, organiser.email, /payout account/);
    assert.match(mail.text ?? '', /Commercial Bank of Ethiopia \(CBE\) ··6789/);
    assert.doesNotMatch(mail.text ?? '', /1000123456789/);

    const held = await request(f, '100');
    assert.equal(held.status, 409);
    assert.equal(held.data.code, 'payout_method_held');
    assert.match(held.data.message, /48 hour/);
  });

  it('refuses a request over what is available, and holds the amount of one it takes', async () => {
    const f = await ready();
    const over = await request(f, '10000.01');
    assert.equal(over.status, 409);
    assert.equal(over.data.code, 'payout_over_available');
    assert.match(over.data.message, /10000\.00 ETB is available/);
    for (const bad of ['abc', '-5', '0', 12.345, null, { amount: 1 }]) assert.equal((await request(f, bad)).status, 400, String(bad));
    assert.equal((await request(f, '100', adminClient)).status, 403);

    const taken = await request(f, '4000.50');
    assert.equal(taken.status, 201, taken.text);
    assert.equal(taken.data.status, 'REQUESTED');
    assert.equal(taken.data.account, 'Commercial Bank of Ethiopia (CBE) ··6789');
    assert.deepEqual(await balance(f), { currency: 'ETB', raised: '10000.00', refunded: '0.00', paidOut: '0.00', inFlight: '4000.50', held: '0.00', coveredByPlatform: '0.00', available: '5999.50' });
    await waitForMail(app.orm, organiser.email, /Withdrawal of 4,000\.50 ETB requested/);
  });

  it('lets only one of ten requests at once take what is available', async () => {
    const f = await ready();
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(f, '6000')));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(9).fill(409)]);
    assert.equal((await balance(f)).inFlight, '6000.00');
  });

  it('is approved by someone else, never the requester; sent to Chapa once with its own reference', async () => {
    const adminOrganiser = await fakeUser(app.orm, { admin: true });
    const client = app.client();
    await signIn(client, adminOrganiser);
    const f = await ready(adminOrganiser, client);
    const asked = await request(f, '2500', client);
    assert.equal(asked.status, 201, asked.text);
    const own = await client.post(`/api/payouts/${asked.data.id}/approve`);
    assert.equal(own.status, 403);
    assert.equal(own.data.code, 'payout_own_request');
    assert.equal((await organiserClient.post(`/api/payouts/${asked.data.id}/approve`)).status, 403);
    assert.equal((await app.client().post(`/api/payouts/${asked.data.id}/approve`)).status, 401);

    const yes = await adminClient.post(`/api/payouts/${asked.data.id}/approve`);
    assert.equal(yes.status, 200, yes.text);
    assert.equal(yes.data.status, 'PROCESSING');
    const row = await payout(asked.data.id);
    const sent = chapa.transfers.get(row.reference)!;
    assert.deepEqual({ amount: sent.amount, bank: sent.bank_code, number: sent.account_number, name: sent.account_name, currency: sent.currency }, { amount: '2500.00', bank: '946', number: '1000123456789', name: 'Almaz Tadesse', currency: 'ETB' });
    assert.equal((await adminClient.post(`/api/payouts/${asked.data.id}/approve`)).status, 409);
    assert.equal(transferCalls(row.reference), 1);
    assert.equal(await audits(row.id, 'payout.request'), 1);
    assert.equal(await audits(row.id, 'payout.approve'), 1);
  });

  it('of two admins approving at once, one sends it', async () => {
    const f = await ready();
    const asked = await request(f, '1000');
    const second = app.client();
    await signIn(second, await fakeUser(app.orm, { admin: true }));
    const answers = await Promise.all([adminClient.post(`/api/payouts/${asked.data.id}/approve`), second.post(`/api/payouts/${asked.data.id}/approve`)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    assert.equal(transferCalls((await payout(asked.data.id)).reference), 1);
  });

  it("answers Chapa's server approval only for a payout it sent, with exactly its amount and account", async () => {
    const f = await ready();
    const p = await approved(f);
    const exact = { reference: p.reference, amount: '2500.00', bank: '946', account_name: 'Almaz Tadesse', account_number: '1000123456789' };
    const yes = await approvalCall(exact);
    assert.equal(yes.status, 200, yes.text);
    assert.equal(yes.data.approved, true);
    assert.equal((await approvalCall({ ...exact, amount: 2500 })).status, 200);
    for (const wrong of [{ amount: '2500.01' }, { account_number: '1000123456780' }, { account_name: 'Someone Else' }, { bank: '656' }, { reference: 'po-unknown' }]) {
      assert.equal((await approvalCall({ ...exact, ...wrong })).status, 400, JSON.stringify(wrong));
    }
    assert.equal((await approvalCall(exact, 'a-forged-secret')).status, 400);
    assert.equal((await app.client().request('POST', '/api/payouts/chapa/approval', { json: exact, xsrf: false })).status, 400);
    // Not yet approved: Chapa must not release it.
    const asked = await request(f, '100');
    assert.equal((await approvalCall({ ...exact, reference: (await payout(asked.data.id)).reference, amount: '100.00' })).status, 400);
  });

  it("records Chapa's word once: paid by webhook and verify, duplicates and late news changing nothing, a reversal returning the money", async () => {
    const f = await ready();
    const p = await approved(f, '3000');
    // A webhook before Chapa has paid: verify says pending, nothing changes.
    assert.equal((await deliver(chapa.transferWebhook('payout.success', p.reference))).status, 200);
    assert.equal((await payout(p.id)).status, 'PROCESSING');
    chapa.settleTransfer(p.reference, 'success');
    for (const event of ['payout.success', 'transfer.success', 'payout.success']) assert.equal((await deliver(chapa.transferWebhook(event, p.reference))).status, 200);
    assert.equal((await payout(p.id)).status, 'PAID');
    assert.equal(await audits(p.id, 'payout.paid'), 1);
    assert.equal((await balance(f)).paidOut, '3000.00');
    await waitForMail(app.orm, organiser.email, /3,000\.00 ETB has been paid/);
    // A late "failed" whose verify says success still: paid it stays.
    assert.equal((await deliver(chapa.transferWebhook('payout.failed', p.reference))).status, 200);
    assert.equal((await payout(p.id)).status, 'PAID');
    // Sent back by the bank: the money is the fundraiser's again.
    chapa.settleTransfer(p.reference, 'reversed');
    assert.equal((await deliver(chapa.transferWebhook('payout.reversed', p.reference))).status, 200);
    assert.equal((await payout(p.id)).status, 'REVERSED');
    assert.deepEqual(await balance(f), { currency: 'ETB', raised: '10000.00', refunded: '0.00', paidOut: '0.00', inFlight: '0.00', held: '0.00', coveredByPlatform: '0.00', available: '10000.00' });
    // Forged news is refused; news of a reference nobody knows is nobody's.
    assert.equal((await deliver(chapa.sign(JSON.stringify({ event: 'payout.success', reference: p.reference }), 'forged'))).status, 400);
    assert.equal((await deliver(chapa.sign(JSON.stringify({ event: 'payout.success', reference: 'po-nobody' })))).status, 200);
  });

  it('fails a transfer Chapa refuses, and the money returns to the balance', async () => {
    const f = await ready();
    chapa.refuseTransfers('Account name does not match the account');
    try {
      const p = await approved(f, '1500');
      const after = await payout(p.id);
      assert.equal(after.status, 'FAILED');
      assert.match(after.reason ?? '', /does not match/);
      assert.equal((await balance(f)).available, '10000.00');
      await waitForMail(app.orm, organiser.email, /did not go through/);
    } finally {
      chapa.refuseTransfers(null);
    }
  });

  it('never sends twice: a lost answer, and a stop between the claim and the call, are settled by the reconciliation with the same reference', async () => {
    const f = await ready();
    chapa.loseTransferAnswers(1);
    const lost = await approved(f, '1000');
    assert.equal((await payout(lost.id)).status, 'PROCESSING');
    // Claimed, never sent: as if the process stopped right after the claim.
    const asked = await request(f, '2000');
    const stopped = await payout(asked.data.id);
    await app.orm.em.fork().nativeUpdate(PayoutSchema, { id: stopped.id }, { status: 'PROCESSING', sentAt: new Date() });
    const reconcile = reconciler();
    await reconcile.reconcile(app.orm.em.fork(), -5_000);
    assert.equal(transferCalls(lost.reference), 1);
    assert.equal(transferCalls(stopped.reference), 1);
    assert.ok(chapa.transfers.has(stopped.reference));
    chapa.settleTransfer(lost.reference, 'success');
    chapa.settleTransfer(stopped.reference, 'success');
    await reconcile.reconcile(app.orm.em.fork(), -5_000);
    await reconcile.reconcile(app.orm.em.fork(), -5_000);
    assert.equal((await payout(lost.id)).status, 'PAID');
    assert.equal((await payout(stopped.id)).status, 'PAID');
    assert.equal(transferCalls(lost.reference), 1);
    assert.equal(transferCalls(stopped.reference), 1);
    assert.equal((await balance(f)).paidOut, '3000.00');
  });

  it('rejects with a reason the organiser is told, lets the organiser cancel, and freezes a suspended fundraiser', async () => {
    const f = await ready();
    const first = await request(f, '1000');
    assert.equal((await adminClient.post(`/api/payouts/${first.data.id}/reject`, { reason: 'short' })).status, 400);
    const no = await adminClient.post(`/api/payouts/${first.data.id}/reject`, { reason: 'The hospital invoice does not match the amount asked.' });
    assert.equal(no.status, 200, no.text);
    assert.equal(no.data.status, 'REJECTED');
    await waitForMail(app.orm, organiser.email, /was not approved/);
    assert.equal((await adminClient.post(`/api/payouts/${first.data.id}/approve`)).status, 409);

    const second = await request(f, '1000');
    assert.equal((await adminClient.post(`/api/payouts/${second.data.id}/cancel`)).status, 403);
    const cancelled = await organiserClient.post(`/api/payouts/${second.data.id}/cancel`);
    assert.equal(cancelled.data.status, 'CANCELLED');
    assert.equal((await balance(f)).available, '10000.00');

    const third = await request(f, '1000');
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'SUSPENDED', suspendedFrom: 'ACTIVE' });
    assert.equal((await adminClient.post(`/api/payouts/${third.data.id}/approve`)).data.code, 'payout_frozen');
    assert.equal((await request(f, '1000')).data.code, 'payout_frozen');
    assert.equal((await payout(third.data.id)).status, 'REQUESTED');
    const list = await organiserClient.get(`/api/fundraisers/${f.id}/payouts`);
    assert.deepEqual(list.data.payouts.map((p: { status: string }) => p.status), ['REQUESTED', 'CANCELLED', 'REJECTED']);
    assert.ok((await mailsTo(app.orm, organiser.email)).length > 0);
  });

  it('refuses a refund that would leave less than was paid out or is on its way, unless the platform covers the shortfall', async () => {
    const f = await ready();
    const g = await chapaGift(f, '3000');
    const p = await approved(f, '11000');
    assert.equal(p.status, 'PROCESSING');
    const refused = await refund(g.id);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.data.code, 'refund_would_overdraw');
    assert.match(refused.data.message, /11000\.00 ETB/);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: g.id })).status, 'SUCCEEDED');
    assert.equal(refundsAtChapa(g.txRef), 0);

    const covered = await refund(g.id, true);
    assert.equal(covered.status, 200, covered.text);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: g.id })).status, 'REFUNDED');
    assert.equal(refundsAtChapa(g.txRef), 1);
    const b = await balance(f);
    assert.deepEqual({ refunded: b.refunded, covered: b.coveredByPlatform, inFlight: b.inFlight, available: b.available }, { refunded: '3000.00', covered: '1000.00', inFlight: '11000.00', available: '0.00' });
    // A refund the fundraiser can bear needs no cover.
    const small = await ready();
    const h = await chapaGift(small, '500');
    assert.equal((await refund(h.id)).status, 200);
    assert.equal((await balance(small)).coveredByPlatform, '0.00');
  });

  it('judges a refund and a withdrawal asked at the same moment one after the other: never both', async () => {
    const f = await ready();
    const g = await chapaGift(f, '3000');
    const [asked, refunded] = await Promise.all([request(f, '11000'), refund(g.id)]);
    assert.deepEqual([asked.status, refunded.status].sort(), [201, 409].sort(), `${asked.text} ${refunded.text}`);
    const b = await balance(f);
    assert.ok(Number(b.paidOut) + Number(b.inFlight) <= Number(b.raised) - Number(b.refunded) + Number(b.coveredByPlatform), JSON.stringify(b));
    assert.equal(b.coveredByPlatform, '0.00');
  });

  it('shows anybody where the money went: money in by day, refunds, approved payouts by the last four digits, never a donor or a request', async () => {
    const f = await ready();
    await gift(f, 250_000, 'STRIPE', 10, 'REFUNDED');
    const p = await approved(f, '4000');
    chapa.settleTransfer(p.reference, 'success');
    await deliver(chapa.transferWebhook('payout.success', p.reference));
    const pending = await request(f, '1000');
    assert.equal(pending.status, 201);

    const visitor = app.client();
    const ledger = await visitor.get(`/api/fundraisers/${f.id}/ledger`);
    assert.equal(ledger.status, 200, ledger.text);
    assert.equal(ledger.data.currency, 'ETB');
    assert.equal(ledger.data.raised, '12500.00');
    assert.equal(ledger.data.refunded, '2500.00');
    assert.equal(ledger.data.withdrawn, '4000.00');
    assert.equal(ledger.data.onItsWay, '0.00');
    assert.deepEqual(ledger.data.payouts.map((x: { id: number; status: string; account: string; amount: string }) => [x.id, x.status, x.account, x.amount]), [[p.id, 'PAID', 'Commercial Bank of Ethiopia (CBE) ··6789', '4000.00']]);
    assert.ok(ledger.data.payouts[0].paidAt);
    assert.equal(ledger.data.gifts.reduce((sum: number, d: { amount: string }) => sum + Number(d.amount), 0), 12500);
    assert.equal(ledger.data.gifts.reduce((sum: number, d: { count: number }) => sum + d.count, 0), 2);
    assert.deepEqual(ledger.data.refunds.map((d: { count: number; amount: string }) => [d.count, d.amount]), [[1, '2500.00']]);
    assert.doesNotMatch(ledger.text, /1000123456789|donor@example\.com|Almaz Tadesse/);

    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'SUSPENDED', suspendedFrom: 'ACTIVE' });
    assert.equal((await visitor.get(`/api/fundraisers/${f.id}/ledger`)).status, 404);
    assert.equal((await organiserClient.get(`/api/fundraisers/${f.id}/ledger`)).status, 200);
    assert.equal((await visitor.get('/api/fundraisers/999999/ledger')).status, 404);
  });

  it("gives the admins a queue with why each deserves a second look, and the dashboard's sums", async () => {
    const totals = async () => (await adminClient.get('/api/admin/payouts/totals')).data.totals.find((t: { currency: string }) => t.currency === 'ETB');
    const before = await totals();
    const f = await ready();
    const big = await request(f, '9000');
    // The account changed after the request was made.
    await setAccount(f, organiserClient, { bankCode: '656', accountNumber: '12345678901234' });
    const queue = await adminClient.get('/api/admin/payouts?status=REQUESTED');
    assert.equal(queue.status, 200, queue.text);
    const item = queue.data.payouts.find((q: { id: number }) => q.id === big.data.id);
    assert.deepEqual(item.holds, ['account_changed_since_request']);
    assert.equal(item.fundraiser.id, f.id);
    assert.equal(item.requestedBy.email, organiser.email);
    // It is still paid to the account it was asked for.
    assert.equal(item.account, 'Commercial Bank of Ethiopia (CBE) ··6789');
    assert.equal((await organiserClient.get('/api/admin/payouts')).status, 403);
    assert.equal((await app.client().get('/api/admin/payouts/totals')).status, 401);
    assert.equal((await adminClient.get('/api/admin/payouts?status=PAID')).status, 400);

    await adminClient.post(`/api/payouts/${big.data.id}/approve`);
    const sent = await payout(big.data.id);
    chapa.settleTransfer(sent.reference, 'success');
    await deliver(chapa.transferWebhook('payout.success', sent.reference));
    const after = await totals();
    assert.equal(Math.round((Number(after.paidThisMonth) - Number(before.paidThisMonth)) * 100), 900_000);
    assert.equal(Math.round((Number(before.owed) - Number(after.owed)) * 100), 900_000);
    assert.equal(after.inFlight, before.inFlight);
  });
});
