import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { addisDay } from '../../kernel/calendar/index.ts';
import { ShareHourSchema, TrafficHourSchema, createVisitCounter, pageViews } from './index.ts';
import { AnalyticsSaltSchema, ReferrerDaySchema, VisitorAddressSchema, VisitorSeenSchema } from './report.entity.ts';
import { forgetOldVisitors, isBot } from './report.counter.ts';

const phone = 'Mozilla/5.0 (Linux; Android 14; Tecno Spark 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Views and share clicks counted without a cookie or anything kept about the visitor (ADR 0010). */
describe('counting visits and shares', () => {
  let app: TestApp;
  let f: Fundraiser;

  const view = (id: number, body: unknown, userAgent = phone) =>
    app.client().request('POST', `/api/fundraisers/${id}/views`, { json: body, headers: { 'User-Agent': userAgent } });

  async function traffic(fundraiserId: number) {
    // By name: MySQL sorts an enum by its position in the list.
    const rows = await app.orm.em.fork().find(TrafficHourSchema, { fundraiser: fundraiserId });
    return rows.map((r) => [r.channel, r.views, r.visitors]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://ethiofundraise.example' });
    f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
  });
  after(() => app.close());

  it('counts views by channel, visitors once a day, and other sites by host alone, leaving bots out', async () => {
    for (const answer of [
      await view(f.id, {}),
      await view(f.id, {}),
      await view(f.id, { channel: 'telegram', referrer: 'https://t.me/some/private/path?secret=1' }),
      await view(f.id, { channel: 'telegram' }, laptop),
      await view(f.id, { channel: 'myspace', referrer: 'https://www.facebook.com/groups/123' }, laptop),
      await view(f.id, { referrer: 'https://ethiofundraise.example/discover' }, laptop),
      await view(f.id, {}, 'Googlebot/2.1 (+http://www.google.com/bot.html)'),
      await view(f.id, {}, 'Mozilla/5.0 HeadlessChrome/120.0'),
      await view(f.id, {}, ''),
    ]) {
      assert.equal(answer.status, 202);
    }
    assert.equal(await app.flushCounts(), 6, 'six views by people; three by machines left out');
    // The phone: 2 direct views (one visitor), then a Telegram view (the same visitor that day).
    // The laptop: first seen through Telegram, then 2 direct views.
    assert.deepEqual(await traffic(f.id), [
      ['direct', 4, 1],
      ['telegram', 2, 1],
    ]);
    const em = app.orm.em.fork();
    assert.equal(await em.count(VisitorSeenSchema, { fundraiser: f.id }), 2);
    const referrers = await em.find(ReferrerDaySchema, { fundraiser: f.id }, { orderBy: { host: 'asc' } });
    assert.deepEqual(referrers.map((r) => [r.host, r.views, r.day]), [
      ['facebook.com', 1, addisDay(new Date())],
      ['t.me', 1, addisDay(new Date())],
    ], 'hosts only, never a path; our own pages are no referrer');
    const stored = JSON.stringify(await em.find(VisitorSeenSchema, {}));
    assert.ok(!stored.includes('127.0.0.1') && !stored.includes('Android'), 'no address or browser stored');
  });

  it('refuses a malformed count with 400, counts an unknown channel as direct, and only fundraisers that exist', async () => {
    const other = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    for (const body of [{ channel: 42 }, { channel: 'Telegram!' }, { referrer: 'x'.repeat(100_000) }, [], 'garbage', null, { channel: 'x', extra: 1 }]) {
      const answer = await view(other.id, body);
      assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 40));
      assert.ok(answer.data.code, 'in the error shape');
    }
    assert.equal((await view(other.id, { channel: 'emails' })).status, 202);
    assert.equal((await view(999_999, {})).status, 202);
    assert.equal((await view(0, {})).status, 400);
    const gif = await app.client().request('GET', `/api/fundraisers/${other.id}/views.gif`, {
      headers: { 'User-Agent': laptop, Referer: `https://ethiofundraise.example/am/fundraiser/${other.id}?s=whatsapp` },
    });
    assert.equal(gif.status, 200);
    assert.equal(gif.headers.get('content-type'), 'image/gif');
    assert.equal((await app.client().request('GET', `/api/fundraisers/${other.id}/views.gif?s=${'x'.repeat(50)}`)).status, 400);
    assert.equal(await app.flushCounts(), 2, 'the well-formed views of the fundraiser that exists, the image included');
    assert.deepEqual(await traffic(other.id), [
      ['direct', 1, 1],
      ['whatsapp', 1, 1],
    ]);
    assert.equal(await app.orm.em.fork().count(TrafficHourSchema, { fundraiser: 999_999 }), 0);
  });

  it('counts share clicks by channel, and refuses a channel it does not know', async () => {
    const client = app.client();
    const share = (channel: unknown) => client.request('POST', `/api/fundraisers/${f.id}/shares`, { json: { channel }, headers: { 'User-Agent': phone } });
    for (const channel of ['telegram', 'telegram', 'whatsapp', 'copy']) assert.equal((await share(channel)).status, 202);
    const wrong = await share('myspace');
    assert.equal(wrong.status, 400);
    assert.ok(wrong.data.fields.channel);
    await app.flushCounts();
    const rows = await app.orm.em.fork().find(ShareHourSchema, { fundraiser: f.id });
    assert.deepEqual(rows.map((r) => [r.channel, r.shares]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))), [
      ['copy', 1],
      ['telegram', 2],
      ['whatsapp', 1],
    ]);
  });

  it('adds up what several instances counted at the same moment', async () => {
    const target = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    const counters = Array.from({ length: 4 }, () => createVisitCounter({ logger: createLogger('silent') }));
    const at = new Date();
    for (const counter of counters) {
      for (let n = 0; n < 25; n += 1) counter.view({ fundraiserId: target.id, channel: 'facebook', referrerHost: 'facebook.com', visitor: `10.0.0.${n}|${phone}` }, at);
      counter.share(target.id, 'facebook', { at });
    }
    const written = await Promise.all(counters.map((counter) => counter.flush(app.orm.em.fork())));
    assert.deepEqual(written, [26, 26, 26, 26]);
    assert.deepEqual(await traffic(target.id), [['facebook', 100, 25]], 'every view counted; each of the 25 visitors once');
    const referrer = await app.orm.em.fork().findOneOrFail(ReferrerDaySchema, { fundraiser: target.id });
    assert.equal(referrer.views, 100);
    assert.equal((await app.orm.em.fork().findOneOrFail(ShareHourSchema, { fundraiser: target.id })).shares, 4);
    assert.equal(await app.orm.em.fork().count(AnalyticsSaltSchema, { day: addisDay(at) }), 1, 'one salt for the day, whoever made it');
  });

  it('forgets salts and the visitors they made after two days, so that no visitor can be traced back', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 3 * 24 * 60 * 60_000);
    const counter = createVisitCounter({ logger: createLogger('silent') });
    counter.view({ fundraiserId: f.id, channel: 'direct', referrerHost: null, visitor: `10.9.9.9|${phone}` }, old);
    await counter.flush(app.orm.em.fork());
    const em = app.orm.em.fork();
    assert.equal(await em.count(VisitorSeenSchema, { day: addisDay(old) }), 1);
    assert.equal(await em.count(VisitorAddressSchema, { day: addisDay(old) }), 1);
    assert.ok((await forgetOldVisitors(em, now)) >= 2);
    assert.equal(await em.count(VisitorSeenSchema, { day: addisDay(old) }), 0);
    assert.equal(await em.count(VisitorAddressSchema, { day: addisDay(old) }), 0);
    assert.equal(await em.count(AnalyticsSaltSchema, { day: addisDay(old) }), 0);
    assert.equal(await em.count(AnalyticsSaltSchema, { day: addisDay(now) }), 1, 'today’s stays');
    assert.ok((await em.count(TrafficHourSchema, { fundraiser: f.id })) > 0, 'the counts themselves stay');
  });

  it('tells bots from people by their user agent', () => {
    for (const agent of ['Googlebot/2.1', 'facebookexternalhit/1.1', 'TelegramBot (like TwitterBot)', 'WhatsApp/2.23.20.0 A', 'curl/8.5.0', 'Mozilla/5.0 (compatible; bingbot/2.0)', '']) assert.ok(isBot(agent), agent);
    for (const agent of [phone, laptop, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Telegram-iOS']) assert.ok(!isBot(agent), agent);
  });

  it('counts the fundraiser pages the app serves, with the channel of their address and the site they came from; not bots, prefetches, other pages or pages not found', async () => {
    const target = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    const counter = createVisitCounter({ logger: createLogger('silent') });
    const koa = new Koa();
    koa.use(pageViews({ counter, ownHost: 'ethiofundraise.example' }));
    koa.use((ctx) => {
      if (/^\/(am\/)?fundraiser\/\d+(\/team)?$/.test(ctx.path) && !ctx.path.includes('/999')) ctx.body = '<!doctype html><title>page</title>';
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => (await fetch(base + path, { method, headers: { 'User-Agent': phone, ...headers } })).status;
    try {
      assert.equal(await get(`/fundraiser/${target.id}?s=telegram`, { Referer: 'https://t.me/s/some-channel?secret=1' }), 200);
      assert.equal(await get(`/am/fundraiser/${target.id}?s=not-a-channel`, { Referer: 'https://ethiofundraise.example/discover' }, 'GET'), 200);
      assert.equal(await get(`/fundraiser/${target.id}`, { 'User-Agent': 'WhatsApp/2.23.20.0 A' }), 200);
      assert.equal(await get(`/fundraiser/${target.id}`, { 'Sec-Purpose': 'prefetch' }), 200);
      assert.equal(await get(`/fundraiser/${target.id}`, {}, 'HEAD'), 200);
      assert.equal(await get(`/fundraiser/${target.id}/team`), 200);
      assert.equal(await get('/fundraiser/999'), 404);
    } finally {
      server.close();
    }
    assert.equal(await counter.flush(app.orm.em.fork()), 2, 'two views by a person; the rest are not views');
    assert.deepEqual(await traffic(target.id), [
      ['direct', 1, 0],
      ['telegram', 1, 1],
    ]);
    const referrers = await app.orm.em.fork().find(ReferrerDaySchema, { fundraiser: target.id });
    assert.deepEqual(referrers.map((r) => [r.host, r.views]), [['t.me', 1]], 'the host alone, and never our own');
  });

  it('counts at most 5 visitors of a fundraiser from one address a day, however many user agents it rotates through, on every instance', async () => {
    const target = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    // 140 agents from one address, in flushes of 20 (as the counter takes them every 5 s): 140 visitors before, 5 now.
    for (let batch = 0; batch < 7; batch += 1) {
      for (let n = 0; n < 20; n += 1) assert.equal((await view(target.id, {}, `${phone} build/${batch * 20 + n}`)).status, 202);
      await app.flushCounts();
    }
    assert.deepEqual(await traffic(target.id), [['direct', 140, 5]], 'every view counted; 5 visitors from the one address');
    // Another address is other people; and instances writing at once share the same 5 per address.
    const counters = Array.from({ length: 3 }, () => createVisitCounter({ logger: createLogger('silent') }));
    for (const [i, counter] of counters.entries()) {
      for (let n = 0; n < 4; n += 1) counter.view({ fundraiserId: target.id, channel: 'telegram', referrerHost: null, visitor: `10.1.1.1|${laptop} ${i}/${n}` });
    }
    await Promise.all(counters.map((counter) => counter.flush(app.orm.em.fork())));
    assert.deepEqual(await traffic(target.id), [
      ['direct', 140, 5],
      ['telegram', 12, 5],
    ]);
    const stored = JSON.stringify(await app.orm.em.fork().find(VisitorAddressSchema, {}));
    assert.ok(!stored.includes('127.0.0.1') && !stored.includes('10.1.1.1'), 'no address stored');
  });

  it('counts at most 20 views of a fundraiser and 5 share clicks from one address between two flushes, whatever user agents it sends', async () => {
    const target = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user);
    for (let n = 0; n < 30; n += 1) assert.equal((await view(target.id, {}, `${phone} build/${n}`)).status, 202);
    for (let n = 0; n < 8; n += 1) assert.equal((await app.client().post(`/api/fundraisers/${target.id}/shares`, { channel: 'telegram' }, { headers: { 'User-Agent': phone } })).status, 202);
    assert.equal((await app.client().request('HEAD', `/api/fundraisers/${target.id}/views.gif`, { headers: { 'User-Agent': phone } })).status, 200);
    await app.flushCounts();
    const [row] = await traffic(target.id);
    assert.deepEqual(row, ['direct', 20, 5]);
    assert.equal((await app.orm.em.fork().findOneOrFail(ShareHourSchema, { fundraiser: target.id })).shares, 5);
  });
});
