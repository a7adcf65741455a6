import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { seedReference } from '../../db/index.ts';
import { FundraiserSchema } from '../../modules/fundraisers/index.ts';
import { fromMinor } from '../../modules/money/index.ts';
import { fakeUser, signIn } from '../helpers/accounts.ts';
import { startInstance, type Instance } from '../helpers/app-instance.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3.ts';
import { startRoundRobin } from '../helpers/round-robin.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Two app instances, each a process with its own data folder and memory, sharing only the
 * database and the object store, behind a round-robin proxy: what a visitor does through one
 * holds on the other.
 */
const onMysql = process.env.DATABASE_URL?.startsWith('mysql://') ?? false;

describe('two app instances on one database and one object store', { skip: !onMysql && 'several instances share a MySQL database; SQLite is the one-process default' }, () => {
  let database: TestDatabase;
  let s3: LocalS3;
  let a: Instance;
  let b: Instance;
  let proxy: Awaited<ReturnType<typeof startRoundRobin>>;
  let env: Record<string, string>;
  /** A browser whose requests the proxy deals out in turn: a, b, a, b… */
  const visitor = () => new TestClient(proxy.url);
  const servedBy = (answer: { headers: Headers }) => answer.headers.get('x-served-by');

  before(async () => {
    database = await createTestDatabase();
    await seedReference(database.orm.em.fork());
    s3 = await startLocalS3('instances-test');
    // Every instance needs the same secret: sessions and anti-forgery tokens are signed with it.
    env = { DATABASE_URL: database.url, SESSION_SECRET: 'one-secret-shared-by-every-instance-of-the-app', ...s3.env };
    [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
    proxy = await startRoundRobin([a, b]);
  });
  after(async () => {
    await proxy.close();
    await Promise.all([a.stop(), b.stop()]);
    await s3.close();
    await database.drop();
  });

  it('keeps a visitor signed in whichever instance answers', async () => {
    const user = await fakeUser(database.orm);
    const browser = visitor();
    const signedIn = await signIn(browser, user);
    const statuses = await Promise.all([browser.get('/api/auth/status'), browser.get('/api/auth/status')]);
    assert.deepEqual(new Set([servedBy(signedIn), ...statuses.map(servedBy)]), new Set(['a', 'b']), 'both instances answered');
    for (const status of statuses) {
      assert.equal(status.data.authenticated, true, status.text);
      assert.equal(status.data.user.email, user.email);
    }
    // An unsafe call with the token one instance gave, answered by the other.
    const out = await browser.post('/api/auth/logout');
    assert.equal(out.status, 200, out.text);
    assert.equal((await browser.get('/api/auth/status')).data.authenticated, false);
  });

  it('serves an image uploaded through one instance from the other', async () => {
    const organiser = await fakeUser(database.orm);
    const fundraiser = await fakeFundraiser(database.orm, organiser.user);
    const onA = new TestClient(a.url);
    await signIn(onA, organiser);
    const form = new FormData();
    form.append('entityType', 'FUNDRAISER');
    form.append('entityId', String(fundraiser.id));
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1565c0' } }).jpeg().toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await onA.upload('/api/media/upload', form);
    assert.equal(uploaded.status, 201, uploaded.text);
    const image = await fetch(new URL(uploaded.data.url as string, b.url));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    assert.equal((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width, 800);
  });

  it("shows a donation made on one instance on the other's fundraiser at the next request", async () => {
    const owner = await fakeUser(database.orm);
    const f = await fakeFundraiser(database.orm, owner.user, { goalMinor: 1_000_000 });
    const onB = new TestClient(b.url);
    // Kept by b until a change it hears of (a visitor's answer, kept until changed).
    const first = await onB.get(`/api/fundraisers/${f.id}`);
    assert.deepEqual([first.data.raisedAmount, first.data.donationCount], ['0.00', 0]);
    assert.equal((await onB.get(`/api/fundraisers/${f.id}`)).text, first.text, 'the same copy');

    const donor = new TestClient(a.url);
    const donation = await donor.post('/api/donations', { fundraiserId: f.id, amount: '42.00', donorEmail: 'giver@example.com' });
    const ref = (await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'STRIPE' })).data.paymentIntentId as string;
    await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
    assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status, 'SUCCEEDED');

    const next = await onB.get(`/api/fundraisers/${f.id}`);
    assert.deepEqual([next.data.raisedAmount, next.data.donationCount], ['42.00', 1], 'b answers anew at once');
  });

  it("drops the other instance's list totals within its background poll once a fundraiser is started on one", async () => {
    const organiser = await fakeUser(database.orm);
    const onA = new TestClient(a.url);
    await signIn(onA, organiser);
    const onB = new TestClient(b.url);
    const sample = await fakeFundraiser(database.orm, organiser.user, { categorySlug: 'environment' });
    const path = `/api/fundraisers?categoryId=${sample.category.id}&size=1`;
    const before = (await onB.get(path)).data.totalElements as number;
    const created = await onA.post('/api/fundraisers', { title: 'Trees for the market square', description: 'Shade for the traders.', goalAmount: '300', categoryId: sample.category.id, locationId: sample.location.id });
    assert.equal(created.status, 201, created.text);
    // The total is kept for 10 s on its own; the feed's one-second poll clears it sooner.
    const deadline = Date.now() + 2500;
    let total = before;
    while (total === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      total = (await onB.get(path)).data.totalElements as number;
    }
    assert.equal(total, before + 1, 'b counts it within 2.5 s, well before the total would expire');
  });

  it('counts 200 donations exactly once, their confirmations dealt out to both instances and some sent twice', async () => {
    const owner = await fakeUser(database.orm);
    const f = await fakeFundraiser(database.orm, owner.user, { goalMinor: 100_000_000 });
    const amounts = Array.from({ length: 200 }, (_, i) => 100 + ((i * 37) % 900));
    const paid: { ref: string; browser: TestClient }[] = [];
    for (const minor of amounts) {
      const browser = visitor();
      const donation = await browser.post('/api/donations', { fundraiserId: f.id, amount: fromMinor(minor, 'USD'), donorEmail: 'giver@example.com' });
      assert.equal(donation.status, 201, donation.text);
      const ref = (await browser.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'STRIPE' })).data.paymentIntentId as string;
      assert.equal((await browser.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' })).status, 204);
      paid.push({ ref, browser });
    }
    const confirmations = [...paid, ...paid.filter((_, i) => i % 3 === 0)];
    const answers = await Promise.all(confirmations.map(({ ref, browser }) => browser.post(`/api/confirm-payment?paymentIntentId=${ref}`)));
    const wrong = answers.find((answer) => answer.status !== 200 || answer.data.status !== 'SUCCEEDED');
    assert.equal(wrong, undefined, `${wrong?.status} ${wrong?.text}`);
    assert.deepEqual(new Set(answers.map(servedBy)), new Set(['a', 'b']));
    const row = await database.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
    assert.deepEqual([row.raisedMinor, row.donationCount], [amounts.reduce((sum, minor) => sum + minor, 0), 200]);
  });

  it('runs a scheduled job once per tick across both instances', async () => {
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const ticks = [...a.ticks, ...b.ticks].filter((tick) => tick > since);
    assert.ok(ticks.length >= 3, `ran ${ticks.length} times in 4.5 s`);
    assert.equal(new Set(ticks).size, ticks.length, `a tick ran twice: ${ticks.join(', ')}`);
  });

  it('loses nothing when an instance is killed in the middle of a burst of donations', async () => {
    const c = await startInstance('c', env);
    const burstProxy = await startRoundRobin([b, c]);
    try {
      const owner = await fakeUser(database.orm);
      const f = await fakeFundraiser(database.orm, owner.user, { goalMinor: 100_000_000 });
      let confirmedMinor = 0;
      let confirmed = 0;
      const give = async (i: number) => {
        const browser = new TestClient(burstProxy.url);
        const minor = 500 + i;
        // A donor whose request met the dying instance tries again, as a browser's retry would.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          try {
            const donation = await browser.post('/api/donations', { fundraiserId: f.id, amount: fromMinor(minor, 'USD'), donorEmail: 'giver@example.com' });
            if (donation.status !== 201) continue;
            const started = await browser.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'STRIPE' });
            if (started.status !== 200) continue;
            const ref = started.data.paymentIntentId as string;
            await browser.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
            for (let again = 0; again < 5; again += 1) {
              const answer = await browser.post(`/api/confirm-payment?paymentIntentId=${ref}`).catch(() => null);
              if (answer?.status === 200 && answer.data.status === 'SUCCEEDED') {
                confirmedMinor += minor;
                confirmed += 1;
                return;
              }
            }
            return;
          } catch {
            // The connection died with the instance: try again.
          }
        }
      };
      const burst = Promise.all(Array.from({ length: 60 }, (_, i) => give(i)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await c.kill();
      await burst;
      const row = await database.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id });
      assert.ok(confirmed >= 55, `${confirmed} of 60 donors saw their gift confirmed`);
      assert.deepEqual([row.raisedMinor, row.donationCount], [confirmedMinor, confirmed], 'every confirmed gift counted once, and no other');
    } finally {
      await burstProxy.close();
      await c.stop();
    }
  });
});
