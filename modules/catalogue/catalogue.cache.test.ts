import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { cachedPerDatabase } from './catalogue.cache.ts';

describe('per-database cache', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  before(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  after(async () => {
    await first.drop();
    await second.drop();
  });

  it('loads once within its lifetime, shares concurrent misses, and keeps databases apart', async () => {
    let loads = 0;
    const cache = cachedPerDatabase(60_000, async (em) => {
      loads += 1;
      return em === undefined ? 'none' : `answer ${loads}`;
    });
    const [a, b] = await Promise.all([cache.get(first.orm.em.fork()), cache.get(first.orm.em.fork())]);
    assert.equal(a, 'answer 1');
    assert.equal(b, 'answer 1');
    assert.equal(await cache.get(second.orm.em.fork()), 'answer 2', 'another database has its own entry');
    cache.clear(first.orm.em);
    assert.equal(await cache.get(first.orm.em.fork()), 'answer 3');
    assert.equal(loads, 3);
  });

  it('loads again once the lifetime is over', async () => {
    let loads = 0;
    const cache = cachedPerDatabase(1, async () => ++loads);
    assert.equal(await cache.get(first.orm.em), 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(await cache.get(first.orm.em), 2);
  });

  it('does not keep a failed load', async () => {
    let loads = 0;
    const cache = cachedPerDatabase(60_000, async () => {
      loads += 1;
      if (loads === 1) throw new Error('database away');
      return loads;
    });
    await assert.rejects(cache.get(first.orm.em), /database away/);
    assert.equal(await cache.get(first.orm.em), 2);
  });
});
