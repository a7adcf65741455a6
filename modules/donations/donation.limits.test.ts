import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { purgeExpiredSessions, SessionSchema } from '../sessions/index.ts';
import { DonationSchema, expireDonationsJob, pendingLifetimeMs } from './index.ts';

const hourMs = 60 * 60_000;
const silent = createLogger('silent');

/**
 * A script that starts donations without end (each a PENDING row, and a session for a client
 * without a cookie) is stopped per browser session and per client address, and what such
 * starts leave behind is deleted once it can no longer be paid.
 */
describe('limits on starting donations', () => {
  describe('per browser session and per client address', () => {
    let app: TestApp;
    let f: Fundraiser;
    before(async () => {
      app = await startTestApp({ DONATIONS_PER_ADDRESS: '8', DONATIONS_PER_SESSION: '3' });
      f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { currency: 'USD' });
    });
    after(() => app.close());

    const body = () => ({ fundraiserId: f.id, amount: '10', donorEmail: 'flood@example.com', currency: 'USD' });
    const rows = async () => ({ donations: await app.orm.em.fork().count(DonationSchema, {}), sessions: await app.orm.em.fork().count(SessionSchema, {}) });

    it('lets a browser start DONATIONS_PER_SESSION, a client address DONATIONS_PER_ADDRESS, then answers 429 with Retry-After and writes nothing', async () => {
      const browser = app.client();
      for (let i = 0; i < 3; i += 1) assert.equal((await browser.post('/api/donations', body())).status, 201);
      const refused = await browser.post('/api/donations', body());
      assert.deepEqual([refused.status, refused.data.code], [429, 'too_many_requests']);
      assert.ok(Number(refused.headers.get('retry-after')) > 0, 'says when to try again');

      // A script without cookies: a new session every call, so the address is what stops it.
      for (let i = 0; i < 5; i += 1) assert.equal((await app.client().post('/api/donations', body())).status, 201, `cookie-less start ${i + 1}`);
      const before = await rows();
      assert.deepEqual(before.donations, 8);
      const burst = await Promise.all(Array.from({ length: 20 }, () => app.client().post('/api/donations', body())));
      assert.ok(burst.every((answer) => answer.status === 429), 'a full address takes no more, however many ask at once');
      assert.deepEqual(await rows(), before, 'no donation and no session for a refused start');

      // The donate page's plain form, posted before its script ran, is told in words on the page.
      const form = await app.client().request('POST', `/donate/${f.id}`, {
        body: new URLSearchParams({ amount: '10', donorEmail: 'flood@example.com', paymentMethod: 'PAYPAL' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(form.status, 303);
      assert.match(form.headers.get('location') ?? '', /problem=too_many_requests/);
    });
  });

  describe('what abandoned starts leave behind', () => {
    let app: TestApp;
    let f: Fundraiser;
    before(async () => {
      app = await startTestApp();
      f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { currency: 'USD' });
    });
    after(() => app.close());

    it('deletes donations never paid once they can no longer be, expires those with a payment, and the sessions made for them go', async () => {
      const start = async () => {
        const browser = app.client();
        const made = await browser.post('/api/donations', { fundraiserId: f.id, amount: '10', donorEmail: 'flood@example.com', currency: 'USD' });
        assert.equal(made.status, 201);
        return { browser, id: made.data.id as number };
      };
      const flood = await Promise.all(Array.from({ length: 30 }, start));
      const begun = await start();
      assert.equal((await begun.browser.post('/api/payments', { donationId: begun.id, paymentMethod: 'PAYPAL' })).status, 200);
      const recent = await start();
      const sessionsBefore = await app.orm.em.fork().count(SessionSchema, {});
      assert.ok(sessionsBefore >= 32);

      const em = app.orm.em.fork();
      const longAgo = new Date(Date.now() - pendingLifetimeMs - 2 * hourMs);
      await em.nativeUpdate(DonationSchema, { id: { $in: [...flood.map((d) => d.id), begun.id] } }, { createdAt: longAgo });
      const stale = flood[0]!;
      const late = await stale.browser.post('/api/payments', { donationId: stale.id, paymentMethod: 'PAYPAL' });
      assert.deepEqual([late.status, late.data.code], [409, 'donation_settled'], 'no payment starts past the lifetime');

      assert.match(await expireDonationsJob.run(app.orm.em.fork(), silent), /^30 never-paid donations deleted, 1 abandoned donations expired$/);
      const left = await app.orm.em.fork().find(DonationSchema, { fundraiser: f.id }, { orderBy: { id: 'asc' } });
      assert.deepEqual(left.map((d) => [d.id, d.status]), [[begun.id, 'EXPIRED'], [recent.id, 'PENDING']], 'the begun payment keeps its donation; a recent form is left be');
      assert.match(await expireDonationsJob.run(app.orm.em.fork(), silent), /^0 never-paid/, 'once');

      // The sessions a cookie-less script was given are anonymous and idle: they go with the sessions' own purge.
      const purged = await purgeExpiredSessions(app.orm.em.fork(), new Date(Date.now() + 2 * hourMs));
      assert.ok(purged >= 32, `${purged} sessions purged`);
      assert.equal(await app.orm.em.fork().count(SessionSchema, {}), 0);
    });
  });
});
