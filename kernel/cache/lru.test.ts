import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LruCache } from './index.ts';

/** The keys still kept, found without changing their order. */
const keptOf = (cache: LruCache<string, number>, keys: readonly string[]) => keys.filter((key) => cache.peek(key) !== undefined);

describe('the LRU cache', () => {
  it('keeps at most its size, dropping the least recently stored first', () => {
    const cache = new LruCache<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) cache.set(key, i);
    assert.equal(cache.size, 3);
    assert.deepEqual(keptOf(cache, ['a', 'b', 'c', 'd', 'e']), ['c', 'd', 'e']);
    assert.equal(cache.get('e'), 4);
  });

  it('counts a get as a use, so the value read outlives one stored after it', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3);
    assert.deepEqual(keptOf(cache, ['a', 'b', 'c']), ['a', 'c'], '"b" was the least recently used');
  });

  it('does not count a peek as a use', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.peek('a'), 1);
    cache.set('c', 3);
    assert.deepEqual(keptOf(cache, ['a', 'b', 'c']), ['b', 'c'], '"a" was still the first stored');
  });

  it('replaces the value of a key stored again, making it the most recent without dropping another', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    assert.equal(cache.size, 2);
    assert.equal(cache.peek('a'), 10);
    cache.set('c', 3);
    assert.deepEqual(keptOf(cache, ['a', 'b', 'c']), ['a', 'c']);
  });

  it('drops a key on delete, making room without dropping another', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.delete('a'), true);
    assert.equal(cache.delete('a'), false, 'nothing left to drop');
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.size, 1);
    cache.set('c', 3);
    assert.deepEqual(keptOf(cache, ['a', 'b', 'c']), ['b', 'c']);
  });

  it('answers undefined for a key never stored, without storing it', () => {
    const cache = new LruCache<string, number>(1);
    assert.equal(cache.get('x'), undefined);
    assert.equal(cache.peek('x'), undefined);
    assert.equal(cache.size, 0);
  });

  it('refuses a size that could keep nothing', () => {
    assert.throws(() => new LruCache(0), RangeError);
    assert.throws(() => new LruCache(1.5), RangeError);
  });
});
