import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../kernel/http/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { consume, RateLimitCounterSchema, record, release, reset, resetUnder, secondsUntilFree, take, takeEach } from './index.ts';
import { purgeOldHits } from './rate-limit.service.ts';

describe('rate limits', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.drop());

  it('allows up to the limit in the window, then answers 429 with the wait until the window ends', async () => {
    const start = new Date('2026-01-01T10:00:00Z');
    const limit = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) await consume(db.orm.em.fork(), 'login:a', limit, new Date(start.getTime() + i * 10_000));
    await assert.rejects(
      consume(db.orm.em.fork(), 'login:a', limit, new Date(start.getTime() + 30_000)),
      (error: AppError) => error.status === 429 && error.headers['Retry-After'] === '30',
    );
    await consume(db.orm.em.fork(), 'login:b', limit, new Date(start.getTime() + 30_000));
    await consume(db.orm.em.fork(), 'login:a', limit, new Date(start.getTime() + 61_000));
  });

  it('forgets a bucket on reset, and purges the windows that have ended', async () => {
    const now = new Date('2026-01-02T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    await consume(db.orm.em.fork(), 'reset:me', limit, now);
    await assert.rejects(consume(db.orm.em.fork(), 'reset:me', limit, now));
    await reset(db.orm.em.fork(), 'reset:me');
    await consume(db.orm.em.fork(), 'reset:me', limit, now);
    await purgeOldHits(db.orm.em.fork(), new Date(now.getTime() + 59_000));
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'reset:me', limit, new Date(now.getTime() + 59_000)), 1, 'a window still open is kept');
    assert.ok((await purgeOldHits(db.orm.em.fork(), new Date(now.getTime() + 60_000))) >= 1);
    assert.equal(await db.orm.em.fork().count(RateLimitCounterSchema, { bucket: 'reset:me' }), 0);
  });

  it('takes a hit and answers 0, or answers the wait and counts nothing', async () => {
    const now = new Date('2026-01-03T10:00:00Z');
    const limit = { limit: 2, windowMs: 60_000 };
    for (let i = 0; i < 2; i += 1) assert.equal(await take(db.orm.em.fork(), 'take:me', limit, now), 0);
    const later = new Date(now.getTime() + 15_000);
    for (let i = 0; i < 3; i += 1) assert.equal(await take(db.orm.em.fork(), 'take:me', limit, later), 45);
    await release(db.orm.em.fork(), 'take:me', limit, later);
    assert.equal(await take(db.orm.em.fork(), 'take:me', limit, later), 0, 'the refusals took nothing');
  });

  it('gives back a hit of the current window: room for one more however many were refused, and never below zero', async () => {
    const now = new Date('2026-01-09T10:00:00Z');
    const limit = { limit: 3, windowMs: 60_000 };
    const takes = async (count: number) => {
      let taken = 0;
      for (let i = 0; i < count; i += 1) if ((await take(db.orm.em.fork(), 'give:back', limit, now)) === 0) taken += 1;
      return taken;
    };
    assert.equal(await takes(8), limit.limit);
    await release(db.orm.em.fork(), 'give:back', limit, now);
    assert.equal(await takes(3), 1);
    for (let i = 0; i < 10; i += 1) await release(db.orm.em.fork(), 'give:back', [limit], now);
    assert.equal(await takes(5), limit.limit);
    await release(db.orm.em.fork(), 'never:taken', limit, now);
    assert.equal(await db.orm.em.fork().count(RateLimitCounterSchema, { bucket: 'never:taken' }), 0);
    await release(db.orm.em.fork(), 'give:back', limit, new Date(now.getTime() + limit.windowMs));
    assert.ok((await secondsUntilFree(db.orm.em.fork(), 'give:back', limit, now)) > 0, 'a window that has ended is left as it was');
  });

  it('gives back in the window of each limit, one hit for each', async () => {
    const now = new Date('2026-01-10T10:00:00Z');
    const hour = { limit: 2, windowMs: 60 * 60_000 };
    const minute = { limit: 2, windowMs: 60_000 };
    for (const limit of [hour, hour, minute, minute]) assert.equal(await take(db.orm.em.fork(), 'two:windows', limit, now), 0);
    await release(db.orm.em.fork(), 'two:windows', [hour, minute], now);
    assert.equal(await take(db.orm.em.fork(), 'two:windows', hour, now), 0);
    assert.equal(await take(db.orm.em.fork(), 'two:windows', minute, now), 0);
    assert.ok((await take(db.orm.em.fork(), 'two:windows', minute, now)) > 0);
  });

  it('leaves a window empty after 50 hits taken and given back at once', async () => {
    const now = new Date('2026-01-11T10:00:00Z');
    const limit = { limit: 10, windowMs: 60_000 };
    const cycle = async () => {
      const em = db.orm.em.fork();
      if ((await take(em, 'cycle', limit, now)) === 0) await release(em, 'cycle', limit, now);
    };
    await Promise.all(Array.from({ length: 50 }, cycle));
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => take(db.orm.em.fork(), 'cycle', limit, now)));
    assert.equal(outcomes.filter((wait) => wait === 0).length, limit.limit);
  });

  it('takes a hit in each slot in turn, and gives back the ones taken when a later one is full', async () => {
    const now = new Date('2026-01-12T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    await consume(db.orm.em.fork(), 'slot:b', limit, now);
    const slots = [
      { bucket: 'slot:a', limit },
      { bucket: 'slot:b', limit },
      { bucket: 'slot:c', limit },
    ];
    assert.deepEqual(await takeEach(db.orm.em.fork(), slots, new Date(now.getTime() + 20_000)), { refused: 1, seconds: 40 });
    assert.equal(await take(db.orm.em.fork(), 'slot:a', limit, now), 0, 'given back');
    assert.equal(await take(db.orm.em.fork(), 'slot:c', limit, now), 0, 'never taken');
    await reset(db.orm.em.fork(), 'slot:b');
    for (const bucket of ['slot:a', 'slot:c']) await reset(db.orm.em.fork(), bucket);
    assert.equal(await takeEach(db.orm.em.fork(), slots, now), null);
    for (const { bucket } of slots) assert.ok((await take(db.orm.em.fork(), bucket, limit, now)) > 0, bucket);
  });

  it('records outcomes past the limit, and says how long until a full bucket has room', async () => {
    const now = new Date('2026-01-04T10:00:00Z');
    const limit = { limit: 2, windowMs: 60_000 };
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'record:me', limit, now), 0);
    for (let i = 0; i < 3; i += 1) await record(db.orm.em.fork(), 'record:me', limit, new Date(now.getTime() + i * 10_000));
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'record:me', limit, new Date(now.getTime() + 30_000)), 30);
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'record:me', limit, new Date(now.getTime() + 70_000)), 0);
  });

  it('forgets a bucket with every bucket named under it, and no other', async () => {
    const now = new Date('2026-01-05T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    const family = `family:${'f'.repeat(40)}`;
    const members = [family, `${family}:ip:203.0.113.7`, `${family}:ip:${'2001:db8:'.repeat(12)}1`];
    const strangers = [`${family}x`, `other:${family}`];
    for (const bucket of [...members, ...strangers]) await record(db.orm.em.fork(), bucket, limit, now);
    await resetUnder(db.orm.em.fork(), family);
    for (const bucket of members) assert.equal(await secondsUntilFree(db.orm.em.fork(), bucket, limit, now), 0, bucket);
    for (const bucket of strangers) assert.ok((await secondsUntilFree(db.orm.em.fork(), bucket, limit, now)) > 0, bucket);
    await assert.rejects(resetUnder(db.orm.em.fork(), 'login:100%'));
  });

  it('counts buckets longer than the column, such as ones holding a long e-mail address, apart', async () => {
    const now = new Date('2026-01-03T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    const long = `contact:email:${'a'.repeat(240)}@example.com`;
    await consume(db.orm.em.fork(), long, limit, now);
    await assert.rejects(consume(db.orm.em.fork(), long, limit, now), (error: AppError) => error.status === 429);
    await consume(db.orm.em.fork(), long.replace('@example.com', '@example.org'), limit, now);
  });

  it('lets exactly the limit through of 50 requests at once, in a new window and in one started again', async () => {
    const limit = { limit: 10, windowMs: 60_000 };
    for (const at of [new Date('2026-01-06T10:00:00Z'), new Date('2026-01-06T10:01:00Z')]) {
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => consume(db.orm.em.fork(), 'burst', limit, at)));
      assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, limit.limit);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') assert.ok(outcome.reason instanceof AppError && outcome.reason.status === 429 && outcome.reason.headers['Retry-After'] === '60', String(outcome.reason));
      }
    }
  });

  it('starts a window at the first hit after the last one ended: a burst across two windows passes at most twice the limit', async () => {
    const start = new Date('2026-01-07T10:00:00Z');
    const limit = { limit: 3, windowMs: 60_000 };
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    await consume(db.orm.em.fork(), 'straddle', limit, at(0));
    for (let i = 0; i < 2; i += 1) await consume(db.orm.em.fork(), 'straddle', limit, at(59));
    await assert.rejects(consume(db.orm.em.fork(), 'straddle', limit, at(59)), (error: AppError) => error.headers['Retry-After'] === '1');
    for (let i = 0; i < 3; i += 1) await consume(db.orm.em.fork(), 'straddle', limit, at(70));
    await assert.rejects(consume(db.orm.em.fork(), 'straddle', limit, at(71)), (error: AppError) => error.headers['Retry-After'] === '59');
  });

  it('counts a recorded hit in the window of each limit it is recorded for, and in no other', async () => {
    const now = new Date('2026-01-08T10:00:00Z');
    const hour = { limit: 2, windowMs: 60 * 60_000 };
    const minute = { limit: 1, windowMs: 60_000 };
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await record(db.orm.em.fork(), 'windows', [hour, minute], now);
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'windows', minute, later(10)), 50);
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'windows', hour, later(10)), 0);
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'windows', { limit: 1, windowMs: 30_000 }, later(10)), 0, 'never recorded in');
    await record(db.orm.em.fork(), 'windows', [hour, minute, { limit: 100, windowMs: minute.windowMs }], later(61));
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'windows', minute, later(70)), 51, 'one window of a length, however many limits share it');
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'windows', hour, later(70)), 3600 - 70);
  });
});
