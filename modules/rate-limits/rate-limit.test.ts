import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../kernel/http/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { check, consume, purgeOldHits, record, reset, resetUnder, secondsUntilFree } from './index.ts';

describe('rate limits', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.drop());

  it('allows up to the limit in the window, then answers 429 with the wait until a slot frees', async () => {
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

  it('forgets a bucket on reset and purges old hits', async () => {
    const now = new Date('2026-01-02T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    await consume(db.orm.em.fork(), 'reset:me', limit, now);
    await assert.rejects(consume(db.orm.em.fork(), 'reset:me', limit, now));
    await reset(db.orm.em.fork(), 'reset:me');
    await consume(db.orm.em.fork(), 'reset:me', limit, now);
    assert.ok((await purgeOldHits(db.orm.em.fork(), 60_000, new Date(now.getTime() + 120_000))) >= 1);
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
    for (let i = 0; i < 3; i += 1) await record(db.orm.em.fork(), 'record:me', new Date(now.getTime() + i * 10_000));
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'record:me', limit, new Date(now.getTime() + 30_000)), 40);
    assert.equal(await secondsUntilFree(db.orm.em.fork(), 'record:me', limit, new Date(now.getTime() + 70_000)), 0);
  });

  it('forgets a bucket with every bucket named under it, and no other', async () => {
    const now = new Date('2026-01-05T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    const family = `family:${'f'.repeat(40)}`;
    const members = [family, `${family}:ip:203.0.113.7`, `${family}:ip:${'2001:db8:'.repeat(12)}1`];
    const strangers = [`${family}x`, `other:${family}`];
    for (const bucket of [...members, ...strangers]) await record(db.orm.em.fork(), bucket, now);
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
});
