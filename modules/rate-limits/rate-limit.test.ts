import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../api/http/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { check, consume, purgeOldHits, reset } from './index.ts';

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

  it('counts buckets longer than the column, such as ones holding a long e-mail address, apart', async () => {
    const now = new Date('2026-01-03T10:00:00Z');
    const limit = { limit: 1, windowMs: 60_000 };
    const long = `contact:email:${'a'.repeat(240)}@example.com`;
    await consume(db.orm.em.fork(), long, limit, now);
    await assert.rejects(consume(db.orm.em.fork(), long, limit, now), (error: AppError) => error.status === 429);
    await consume(db.orm.em.fork(), long.replace('@example.com', '@example.org'), limit, now);
  });
});
