import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxUpdatesPage, queryIndex, updatesSliceFrom } from './fundraiser-updates.ts';

test('queryIndex: whole numbers up to the limit, 0 for anything else', () => {
  assert.equal(queryIndex('3', maxUpdatesPage), 3);
  assert.equal(queryIndex('0', 10), 0);
  assert.equal(queryIndex('10', 10), 10);
  for (const bad of [null, '', '-1', '1.5', '2e3', 'abc', '11', '9999999999']) assert.equal(queryIndex(bad, 10), 0);
});

test('updatesSliceFrom: the next slice starts after the updates read; a section not read is null', () => {
  const update = (id: number) => ({ id, fundraiserId: 7, content: `update ${id}`, author: { id: 1, name: 'Abebe Bikila' }, createdAt: '2026-11-01T00:00:00.000Z' });
  assert.deepEqual(updatesSliceFrom({ updates: [update(3), update(2)], total: 22 }, 20), { updates: [update(3), update(2)], total: 22, next: 22 });
  assert.deepEqual(updatesSliceFrom({ updates: [], total: 22 }, 40), { updates: [], total: 22, next: 40 });
  assert.equal(updatesSliceFrom(null, 0), null);
});
