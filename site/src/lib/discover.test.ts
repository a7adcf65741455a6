import assert from 'node:assert/strict';
import { test } from 'node:test';
import { discoverRequest, discoverSearch, parseDiscoverQuery } from './discover.ts';

test('parseDiscoverQuery keeps valid values and drops the rest', () => {
  assert.deepEqual(parseDiscoverQuery(new URLSearchParams('query=%20water%20&categoryId=3&locationId=x&sort=most_funded&page=2')), {
    query: 'water',
    categoryId: 3,
    locationId: null,
    sort: 'most_funded',
    page: 2,
  });
  assert.deepEqual(parseDiscoverQuery(new URLSearchParams('sort=evil&page=0&categoryId=-1')), { query: '', categoryId: null, locationId: null, sort: null, page: 1 });
});

test('discoverSearch builds page links and leaves out empty values', () => {
  const q = parseDiscoverQuery(new URLSearchParams('query=ውሃ&categoryId=3'));
  assert.equal(discoverSearch(q, 3), '?query=%E1%8B%8D%E1%88%83&categoryId=3&page=3');
  assert.equal(discoverSearch(q, 1), '?query=%E1%8B%8D%E1%88%83&categoryId=3');
  assert.equal(discoverSearch(parseDiscoverQuery(new URLSearchParams())), '');
});

test('discoverRequest asks for a 0-based page and leaves out what the visitor left empty', () => {
  const q = parseDiscoverQuery(new URLSearchParams('page=2&sort=newest&query=&categoryId=3'));
  assert.deepEqual(discoverRequest(q), { page: 1, size: 12, query: undefined, categoryId: 3, locationId: undefined, sort: 'newest' });
});
