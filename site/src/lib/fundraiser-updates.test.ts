import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { FundraiserUpdate } from './fundraiser.ts';
import { maxUpdatesPage, queryIndex, readUpdates } from './fundraiser-updates.ts';

const realFetch = globalThis.fetch;
const context = { request: new Request('http://localhost/fundraiser/7'), locals: { apiBase: 'http://127.0.0.1:8080' } };
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('queryIndex: whole numbers up to the limit, 0 for anything else', () => {
  assert.equal(queryIndex('3', maxUpdatesPage), 3);
  assert.equal(queryIndex('0', 10), 0);
  assert.equal(queryIndex('10', 10), 10);
  for (const bad of [null, '', '-1', '1.5', '2e3', 'abc', '11', '9999999999']) assert.equal(queryIndex(bad, 10), 0);
});

test('readUpdates: a page of updates from a position, which may lie inside a page of the API', async () => {
  const update = (id: number): FundraiserUpdate => ({ id, fundraiserId: 7, content: `Update ${id}`, author: { id: 1, name: 'Almaz' }, createdAt: '2026-03-01T08:00:00Z' });
  const total = 47;
  const asked: string[] = [];
  globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    asked.push(url.search);
    const page = Number(url.searchParams.get('page'));
    const content = Array.from({ length: 20 }, (_, i) => page * 20 + i).filter((n) => n < total).map(update);
    return Response.json({ content, page, size: 20, totalElements: total, totalPages: 3 });
  };

  const aligned = await readUpdates(context, 7, 20, 'en');
  assert.deepEqual(asked.splice(0), ['?page=1&size=20']);
  assert.deepEqual(aligned.ok && [aligned.data.updates[0]?.id, aligned.data.updates.length, aligned.data.next], [20, 20, 40]);

  const inside = await readUpdates(context, 7, 19, 'en');
  assert.deepEqual(asked.splice(0).sort(), ['?page=0&size=20', '?page=1&size=20']);
  assert.deepEqual(inside.ok && inside.data.updates.map((u) => u.id), Array.from({ length: 20 }, (_, i) => 19 + i));

  const last = await readUpdates(context, 7, 44, 'en');
  assert.deepEqual(last.ok && [last.data.updates.map((u) => u.id), last.data.total, last.data.next], [[44, 45, 46], 47, 47]);
});

test('readUpdates: passes a refusal on', async () => {
  globalThis.fetch = async () => new Response('{}', { status: 404 });
  assert.deepEqual(await readUpdates(context, 7, 0, 'en'), { ok: false, status: 404 });
});
