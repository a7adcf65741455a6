import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema } from '../donations/index.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { PaymentSchema } from './index.ts';

/** The donate page posted as a plain form: before its script has run, or with scripts off. */
describe('donate form without JavaScript', () => {
  let app: TestApp;
  let f: Fundraiser;
  before(async () => {
    app = await startTestApp();
    f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { currency: 'USD' });
  });
  after(() => app.close());

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      redirect: 'manual',
    });

  it('creates the donation from the form and sends the donor on to the checkout, never putting the e-mail in a URL', async () => {
    const answer = await post(`/am/donate/${f.id}`, { preset: '25', amount: '', donorName: 'Almaz', donorEmail: 'almaz@example.com', message: 'ለልጆቹ', showAmount: 'on', mayContact: 'on', s: 'telegram', paymentMethod: 'PAYPAL' });
    assert.equal(answer.status, 303);
    const location = answer.headers.get('location') ?? '';
    assert.match(location, /^\/am\/donation\/sandbox\?payment=sandbox_paypal_/);
    assert.doesNotMatch(location, /almaz/);
    const ref = new URL(location, app.url).searchParams.get('payment')!;
    const payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref }, { populate: ['donation'] });
    assert.equal(payment.donation.amountMinor, 2500);
    assert.equal(payment.donation.donorEmail, 'almaz@example.com');
    assert.equal(payment.donation.language, 'am');
    assert.equal(payment.donation.showAmount, true, 'the box to show the amount was ticked');
    assert.equal(payment.donation.mayContact, true, 'the box to let the organisers write was ticked');
    assert.equal(payment.donation.channel, 'telegram', 'the share the donor came through');
    // Bound to this browser like any donation: the session cookie came with the redirect.
    assert.ok(answer.headers.getSetCookie().some((c) => c.startsWith('sid=')));
  });

  it('reads an amount with thousands separators, and sends back one whose comma may be a decimal comma', async () => {
    const answer = await post(`/donate/${f.id}`, { amount: '1\u202F250', donorEmail: 'abebe@example.com', paymentMethod: 'PAYPAL' });
    const ref = new URL(answer.headers.get('location') ?? '', app.url).searchParams.get('payment')!;
    const payment = await app.orm.em.fork().findOneOrFail(PaymentSchema, { providerRef: ref }, { populate: ['donation'] });
    assert.equal(payment.donation.amountMinor, 125000);
    assert.equal(payment.donation.showAmount, false, 'an unticked box is not sent at all');
    assert.equal(payment.donation.mayContact, false);
    assert.equal(payment.donation.channel, 'direct');
    const refused = await post(`/donate/${f.id}`, { amount: '1,00', donorEmail: 'abebe@example.com', paymentMethod: 'PAYPAL' });
    const back = new URL(refused.headers.get('location') ?? '', app.url);
    assert.equal(back.searchParams.get('problem'), 'validation_failed');
    assert.equal(back.searchParams.get('fields'), 'amount');
  });

  it('sends the donor back to the form with the fields to correct, creating nothing', async () => {
    const before = await app.orm.em.fork().count(DonationSchema, {});
    const answer = await post(`/donate/${f.id}`, { amount: 'lots', donorEmail: 'not-an-address', paymentMethod: 'STRIPE' });
    assert.equal(answer.status, 303);
    const back = new URL(answer.headers.get('location') ?? '', app.url);
    assert.equal(back.pathname, `/donate/${f.id}`);
    assert.equal(back.searchParams.get('problem'), 'validation_failed');
    assert.deepEqual(back.searchParams.get('fields')?.split(',').sort(), ['amount', 'donorEmail']);
    // fetch() will not send another Origin, as a browser on another site would: a raw request does.
    const cross = await new Promise<string>((resolve, reject) => {
      const body = new URLSearchParams({ amount: '5', donorEmail: 'a@example.com' }).toString();
      const req = request(`${app.url}/donate/${f.id}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: 'https://elsewhere.example' } }, (res) => {
        res.resume();
        resolve(res.headers.location ?? '');
      });
      req.on('error', reject);
      req.end(body);
    });
    assert.equal(new URL(cross, app.url).searchParams.get('problem'), 'xsrf_failed', `a form posted from another site is refused: ${cross}`);
    assert.equal(await app.orm.em.fork().count(DonationSchema, {}), before);
  });
});
