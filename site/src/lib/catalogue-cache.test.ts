import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { cacheMaxAgeMs, getCategories, getLocations } from './catalogue-cache.ts';

/** Just enough of the Storage interface for the cache, kept in memory. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  failWrites = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
}

const categories = [
  { id: 1, slug: 'education', name: 'Education', nameAm: 'ትምህርት' },
  { id: 2, slug: 'medical', name: 'Medical', nameAm: 'ሕክምና' },
];
const locations = [{ id: 1, city: 'Addis Ababa', cityAm: 'አዲስ አበባ', region: 'Addis Ababa', regionAm: 'አዲስ አበባ' }];
const now = 1_800_000_000_000;

let storage: MemoryStorage;
let requested: string[];
let loggedErrors: () => number;

beforeEach(() => {
  storage = new MemoryStorage();
  requested = [];
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  mock.method(Date, 'now', () => now);
  mock.method(globalThis, 'fetch', async (input: string) => {
    requested.push(input);
    const data = input === '/api/categories' ? categories : locations;
    return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
  });
  const consoleError = mock.method(console, 'error', () => {});
  loggedErrors = () => consoleError.mock.callCount();
});

afterEach(() => mock.restoreAll());

describe('catalogue cache', () => {
  it('fetches categories once and stores them with a timestamp', async () => {
    assert.deepEqual(await getCategories(), categories);
    assert.deepEqual(requested, ['/api/categories']);
    assert.deepEqual(JSON.parse(storage.getItem('categories') ?? ''), { data: categories, timestamp: now });
  });

  it('answers from a fresh cache without a request', async () => {
    storage.setItem('categories', JSON.stringify({ data: categories, timestamp: now - cacheMaxAgeMs + 1 }));
    assert.deepEqual(await getCategories(), categories);
    assert.deepEqual(requested, []);
  });

  it('fetches again once the entry is 24 hours old', async () => {
    const stale = [{ id: 9, slug: 'old', name: 'Old', nameAm: 'አሮጌ' }];
    storage.setItem('categories', JSON.stringify({ data: stale, timestamp: now - 86_400_000 }));
    assert.deepEqual(await getCategories(), categories);
    assert.deepEqual(requested, ['/api/categories']);
    assert.deepEqual(JSON.parse(storage.getItem('categories') ?? '').data, categories);
  });

  it('keeps locations under their own key and address', async () => {
    assert.deepEqual(await getLocations(), locations);
    assert.deepEqual(requested, ['/api/locations']);
    assert.equal(storage.getItem('categories'), null);
    assert.deepEqual(JSON.parse(storage.getItem('locations') ?? ''), { data: locations, timestamp: now });
  });

  it('only logs an unreadable entry and fetches instead', async () => {
    storage.setItem('locations', '{not json');
    assert.deepEqual(await getLocations(), locations);
    assert.deepEqual(requested, ['/api/locations']);
    assert.equal(loggedErrors(), 1);
  });

  it('only logs a failed write and still answers', async () => {
    storage.failWrites = true;
    assert.deepEqual(await getCategories(), categories);
    assert.equal(loggedErrors(), 1);
  });
});
