import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filterChecks, filterQuery, filtersFrom, formatAge, refundProgress, textParts } from './admin.ts';

describe('admin list filters', () => {
  const checks = { query: filterChecks.text, status: filterChecks.oneOf(['FAILED', 'SENT']), fundraiserId: filterChecks.id };

  it('reads the address, leaving out what a hand-edited one got wrong', () => {
    assert.deepEqual(filtersFrom('?query=%20ab%20&status=FAILED&page=3', checks), { query: 'ab', status: 'FAILED', fundraiserId: '', page: 3 });
    assert.deepEqual(filtersFrom('?status=NOPE&fundraiserId=12x&page=-1', checks), { query: '', status: '', fundraiserId: '', page: 0 });
  });

  it('writes the address without empty values or the first page, and the API query with a size', () => {
    assert.equal(filterQuery({ query: '', status: 'FAILED', page: 0 }), 'status=FAILED');
    assert.equal(filterQuery({ query: 'a b', status: '', page: 2 }), 'query=a+b&page=2');
    assert.equal(filterQuery({ query: '', page: 0 }, 20), 'page=0&size=20');
  });
});

describe('mail text', () => {
  it('makes the web addresses links, without the sentence’s full stop', () => {
    assert.deepEqual(textParts('Confirm: https://x.test/verify-email?token=a_b. Thanks'), [
      { text: 'Confirm: ' },
      { href: 'https://x.test/verify-email?token=a_b' },
      { text: '. Thanks' },
    ]);
    assert.deepEqual(textParts('(see http://x.test/a)'), [{ text: '(see ' }, { href: 'http://x.test/a' }, { text: ')' }]);
  });

  it('leaves other schemes as words', () => {
    assert.deepEqual(textParts('javascript:alert(1) mailto:a@b.test'), [{ text: 'javascript:alert(1) mailto:a@b.test' }]);
  });
});

describe('ages and progress', () => {
  it('says how long ago, in words', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    assert.equal(formatAge('en', '2026-11-27T11:55:00Z', now), '5 minutes ago');
    assert.equal(formatAge('en', '2026-11-26T12:00:00Z', now), 'yesterday');
    assert.equal(formatAge('en', '2026-11-27T11:59:50Z', now), 'now');
  });

  it('counts a refund the provider refused as dealt with, though its donation stays paid', () => {
    const run = { id: 1, status: 'RUNNING' as const, refunded: 3, failed: 1, lastError: null, reason: 'r', createdAt: '', finishedAt: null };
    assert.deepEqual(refundProgress({ refundRun: run, donations: { paid: 5, refunded: 3 } }), { done: 4, total: 8, left: 4 });
    assert.deepEqual(refundProgress({ refundRun: { ...run, status: 'DONE' }, donations: { paid: 1, refunded: 3 } }), { done: 4, total: 4, left: 0 });
    assert.equal(refundProgress({ refundRun: null, donations: { paid: 5, refunded: 0 } }), null);
  });
});
