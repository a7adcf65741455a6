import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { logPaymentRails, paymentProviders } from '../../api/payment-providers.ts';
import { loadConfig } from '../../api/config.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema } from '../donations/index.ts';

/** In production a rail without keys is not offered: no sandbox "payment" ever counts in a real total. */
describe('payment rails in production', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' });
  });
  after(() => app.close());

  it('lists only the live rails for the donate page', async () => {
    const { status, data } = await app.client().get('/api/payments/methods');
    assert.equal(status, 200);
    assert.deepEqual(data, { methods: [{ method: 'STRIPE', sandbox: false }] });
  });

  it('refuses to start a payment on a rail without keys, with a clear message, and changes nothing', async () => {
    const f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    const donor = app.client();
    const donation = (await donor.post('/api/donations', { fundraiserId: f.id, amount: '10', donorEmail: 'a@example.com' })).data;
    for (const lang of ['en', 'am'] as const) {
      donor.lang = lang;
      const answer = await donor.post('/api/payments', { donationId: donation.id, paymentMethod: 'PAYPAL' });
      assert.equal(answer.status, 409);
      assert.equal(answer.data.code, 'payment_method_unavailable');
      assert.notEqual(answer.data.message, 'payment_method_unavailable');
    }
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id: donation.id })).paymentMethod, null);
    const sandboxPage = await app.client().post('/api/sandbox/payments/sandbox_paypal_anything/complete', { outcome: 'succeeded' });
    assert.equal(sandboxPage.status, 404, 'no sandbox checkout in production');
  });

  it('says at start-up which rails are live, which are the sandbox and which are off', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const config = (env: Record<string, string>) => loadConfig({ SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema', ...env });
    logPaymentRails(paymentProviders(config({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' })), logger);
    logPaymentRails(paymentProviders(config({ NODE_ENV: 'development' })), logger);
    logPaymentRails(paymentProviders(config({ NODE_ENV: 'production' })), logger);
    const [live, sandbox, none] = lines.map((line) => JSON.parse(line) as Record<string, string>);
    assert.equal(live!.STRIPE, 'live');
    assert.equal(live!.PAYPAL, 'unavailable (no keys)');
    assert.equal(sandbox!.STRIPE, 'sandbox (no money moves)');
    assert.equal(none!.level, 40 as unknown as string);
    assert.match(none!.msg ?? '', /no payment rail/);
  });
});
