import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initials, newItems, nextPageIndex, relativeTime, type ConversationItem } from './conversation.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

test('relativeTime: the largest whole unit, in English and Amharic', () => {
  assert.equal(relativeTime('en', ago(20), now), 'now');
  assert.equal(relativeTime('en', ago(90), now), '1 minute ago');
  assert.equal(relativeTime('en', ago(3 * 3600 + 59), now), '3 hours ago');
  assert.equal(relativeTime('en', ago(30 * 3600), now), 'yesterday');
  assert.equal(relativeTime('en', ago(400 * 86_400), now), 'last year');
  assert.equal(relativeTime('am', ago(3 * 3600), now), 'ከ3 ሰዓቶች በፊት');
  assert.equal(relativeTime('am', ago(5), now), 'አሁን');
});

test('relativeTime: a time ahead of the clock is now', () => {
  assert.equal(relativeTime('en', new Date(now + 90_000).toISOString(), now), 'now');
});

test('initials: up to two letters, Ethiopic too', () => {
  assert.equal(initials('Almaz Tadesse'), 'AT');
  assert.equal(initials('  selam  '), 'S');
  assert.equal(initials('Liya & Dawit'), 'LD');
  assert.equal(initials('አበበ በቀለ ተሰማ'), 'አበ');
  assert.equal(initials(''), '');
});

test('newItems: what a later page repeats of the list is left out, comments and donations told apart', () => {
  const item = (kind: ConversationItem['kind'], id: number): ConversationItem => ({
    id,
    kind,
    content: `${kind} ${id}`,
    createdAt: '2026-11-23T10:00:00Z',
    author: null,
    likeCount: 0,
    likedByMe: false,
    donation: null,
  });
  const shown = [item('comment', 3), item('donation', 2)];
  assert.deepEqual(newItems(shown, [item('donation', 2), item('comment', 2), item('donation', 3)]), [item('comment', 2), item('donation', 3)]);
});

test('nextPageIndex: counts what is shown, so a removed item makes the next page start earlier', () => {
  assert.equal(nextPageIndex(0, 10, 10), 1);
  assert.equal(nextPageIndex(0, 10, 9), 0);
  assert.equal(nextPageIndex(2, 10, 10), 3);
  assert.equal(nextPageIndex(0, 10, 11), 1);
});
