import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readThrough } from './catalogue.cache.ts';

describe('read-through cache', () => {
  it('loads once within its lifetime and shares concurrent misses', async () => {
    let loads = 0;
    const cache = readThrough(60_000, async () => `answer ${++loads}`);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    assert.equal(a, 'answer 1');
    assert.equal(b, 'answer 1');
    assert.equal(await cache.get(), 'answer 1');
    assert.equal(loads, 1);
  });

  it('loads again once the lifetime is over', async () => {
    let loads = 0;
    const cache = readThrough(1, async () => ++loads);
    assert.equal(await cache.get(), 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(await cache.get(), 2);
  });

  it('does not keep a failed load', async () => {
    let loads = 0;
    const cache = readThrough(60_000, async () => {
      loads += 1;
      if (loads === 1) throw new Error('database away');
      return loads;
    });
    await assert.rejects(cache.get(), /database away/);
    assert.equal(await cache.get(), 2);
  });
});
