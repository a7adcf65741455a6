import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../kernel/http/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { check, consume, purgeOldHits, RateLimitCounterSchema, record, reset, resetUnder, secondsUntilFree } from './index.ts';

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

  it('checks a bucket without recording a hit', async () => {
    const now = new Date('2026-01-03T10:00:00Z');
    const limit = { limit: 2, windowMs: 60_000 };
    for (let i = 0; i < 5; i += 1) await check(db.orm.em.fork(), 'check:me', limit, now);
    await consume(db.orm.em.fork(), 'check:me', limit, now);
    await consume(db.orm.em.fork(), 'check:me', limit, now);
    await assert.rejects(
      check(db.orm.em.fork(), 'check:me', limit, new Date(now.getTime() + 15_000)),
      (error: AppError) => error.status === 429 && error.headers['Retry-After'] === '45',
    );
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
