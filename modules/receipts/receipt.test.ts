import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { createLogger } from '../../api/logger.ts';
import { paymentProviders } from '../../api/payment-providers.ts';
import { DonationSchema } from '../donations/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { listOutbox, mailEntities } from '../mail/index.ts';
import { createPaymentService, PaymentSchema, type ReceiptMail } from '../payments/index.ts';
import { receiptMailKind, receiptMessages } from './index.ts';
import { receiptErrorCodes } from './receipt.errors.ts';

const [OutboxMailSchema] = mailEntities as [typeof mailEntities[number]];

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('receipts API', () => {
  let app: TestApp;
  /** The donor's browser: only whoever started a donation pays, confirms and fetches its receipt. */
  let donor: TestClient;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  before(async () => {
    smtp = await startSmtpCatcher();
    app = await startTestApp({ SMTP_URL: smtp.url });
    donor = app.client();
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  /** A donation paid through the sandbox with `outcome`; its confirmation. */
  async function donate(outcome: 'succeeded' | 'failed', body: Record<string, unknown> = {}, lang = 'en') {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user, { title: 'Kidney surgery for Kebede', currency: 'ETB' });
    const headers = { 'Accept-Language': lang };
    const donation = (
      await donor.post('/api/donations', { fundraiserId: f.id, amount: '1250.50', donorName: 'Selam', donorEmail: 'selam@example.com', ...body }, { headers })
    ).data;
    const ref = (await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome });
    return (await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data;
  }

  it('has a message for every error code it answers with, in its own catalogue, in both languages', () => {
    for (const code of receiptErrorCodes) {
      assert.ok(Object.hasOwn(receiptMessages.en, code), `${code} in the module's catalogue`);
      assert.match(receiptMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(receiptMessages.am[code], receiptMessages.en[code], code);
    }
  });

  it('makes one unguessable receipt per succeeded payment, downloadable as Receipt-<id>.pdf with the amount and transaction id', async () => {
    const paid = await donate('succeeded');
    const generate = () => donor.post('/api/receipts/generate', { transactionId: paid.transactionId, paymentMethod: 'STRIPE' });
    const first = await generate();
    assert.equal(first.status, 200);
    assert.match(first.data.receiptId, /^[A-Za-z0-9_-]{22}$/);
    assert.equal((await generate()).data.receiptId, first.data.receiptId, 'the same receipt when asked again');

    const pdf = await fetch(`${app.url}/api/receipts/pdf/${first.data.receiptId}`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(pdf.headers.get('content-disposition') ?? '', new RegExp(`filename="Receipt-${first.data.receiptId}\\.pdf"`));
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const part of ['1,250.50', paid.transactionId, first.data.receiptId, 'Selam', 'Kidney surgery for Kebede', '0%']) assert.ok(text.includes(part), `${part} in ${text}`);

    const amharic = await fetch(`${app.url}/api/receipts/pdf/${first.data.receiptId}`, { headers: { 'Accept-Language': 'am' } });
    assert.ok((await pdfText(Buffer.from(await amharic.arrayBuffer()))).includes('ብር 1,250.50'));
  });

  it('answers 404 for a payment that did not succeed, an unknown transaction and an unknown receipt', async () => {
    const failed = await donate('failed');
    assert.equal(failed.transactionId, null);
    const unknown = await donor.post('/api/receipts/generate', { transactionId: 'sandbox_txn_nothing', paymentMethod: 'STRIPE' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.data.message, 'Receipt is not available at this time. Please try again later.');
    const paid = await donate('succeeded');
    assert.equal((await donor.post('/api/receipts/generate', { transactionId: paid.transactionId, paymentMethod: 'PAYPAL' })).status, 404, 'the method must match');
    assert.equal((await fetch(`${app.url}/api/receipts/pdf/AAAAAAAAAAAAAAAAAAAAAA`)).status, 404);
    assert.equal((await fetch(`${app.url}/api/receipts/pdf/..%2F..`)).status, 400);
  });

  it('e-mails the receipt once to the donor after success, in the language they donated in', async () => {
    const before = smtp.mails.length;
    const paid = await donate('succeeded', { donorEmail: 'tigist@example.com', donorName: '' }, 'am');
    // A second confirmation changes nothing and sends nothing.
    await donor.post(`/api/confirm-payment?paymentIntentId=${paid.paymentIntentId}`);
    const mails = smtp.mails.slice(before).filter((m) => m.to.includes('tigist@example.com'));
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.raw, /Content-Type: application\/pdf; name=Receipt-[A-Za-z0-9_-]{22}\.pdf/);
    const stored = (await listOutbox(app.orm.em.fork(), { limit: 20 })).filter((m) => m.to === 'tigist@example.com');
    assert.equal(stored.length, 1);
    assert.match(stored[0]!.subject, /Kidney surgery for Kebede.*እናመሰግናለን/);
    assert.match(stored[0]!.text, /ውድ ለጋሽ፣/);
    assert.equal(stored[0]!.status, 'SENT');
    assert.equal(stored[0]!.attachments, null, 'the PDF is not kept once delivered');
  });

  it('survives a crash after a sandbox payment: the reconciliation settles it, and the receipt queued with it is sent by the mail job', async () => {
    const owner = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, owner.user, { title: 'School fees for Hana', currency: 'ETB' });
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '300', donorName: 'Dawit', donorEmail: 'dawit@example.com' })).data;
    const ref = (await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'STRIPE' })).data.paymentIntentId;
    // The donor paid on the checkout; the process died before the confirmation came.
    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    await app.orm.em.fork().nativeUpdate(PaymentSchema, { providerRef: ref }, { createdAt: new Date(Date.now() - 11 * 60_000) });
    const window = { from: new Date(Date.now() - 48 * 60 * 60_000), to: new Date(Date.now() - 10 * 60_000) };
    const dying = (queue: ReceiptMail['queue']) =>
      createPaymentService({
        providers: paymentProviders(app.config),
        publicUrl: app.config.PUBLIC_URL,
        logger: createLogger('silent'),
        // Killed right after the commit, before the receipt could be sent.
        receiptMail: { queue, send: async () => Promise.reject(new Error('process killed')) },
      });
    const queue: ReceiptMail['queue'] = (tx, donationId) => app.mailer.enqueue(tx, { kind: receiptMailKind, ref: String(donationId) });

    // A failure inside the transaction leaves neither the success nor the mail behind.
    const failing = dying(async (tx, donationId) => {
      await queue(tx, donationId);
      throw new Error('disk full');
    });
    await failing.reconcile(app.orm.em.fork(), window);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donation.id })).status, 'PENDING');
    assert.equal(await app.orm.em.fork().count(OutboxMailSchema, { kind: receiptMailKind, ref: String(donation.id) }), 0);

    assert.deepEqual(await dying(queue).reconcile(app.orm.em.fork(), window), { asked: 1, settled: 1 });
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donation.id })).status, 'SUCCEEDED');
    assert.equal((await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id })).raisedMinor, 30_000);
    const queued = await app.orm.em.fork().findOneOrFail(OutboxMailSchema, { kind: receiptMailKind, ref: String(donation.id) });
    assert.equal(queued.status, 'QUEUED', 'committed with the success, not sent yet');

    const before = smtp.mails.length;
    await app.mailer.retryFailed(app.orm.em.fork());
    assert.equal(smtp.mails.length, before, 'a queued mail is given time to be sent by the request that queued it');
    await app.orm.em.fork().nativeUpdate(OutboxMailSchema, { id: queued.id }, { createdAt: new Date(Date.now() - 5 * 60_000) });
    await Promise.all([app.mailer.retryFailed(app.orm.em.fork()), app.mailer.retryFailed(app.orm.em.fork())]);
    const sent = smtp.mails.slice(before).filter((m) => m.to.includes('dawit@example.com'));
    assert.equal(sent.length, 1, 'sent once, though two instances ran the mail job');
    assert.match(sent[0]!.raw, /Content-Type: application\/pdf; name=Receipt-[A-Za-z0-9_-]{22}\.pdf/);
    const row = await app.orm.em.fork().findOneOrFail(OutboxMailSchema, { id: queued.id });
    assert.equal(row.status, 'SENT');
    assert.match(row.subject, /School fees for Hana/);
  });
});
