import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createChangeFeed, seenVersions } from '../../kernel/changes/index.ts';
import { variantsOf } from '../../kernel/http/index.ts';
import { createRenderCache, type RenderedPage } from './render-cache.ts';

const feed = createChangeFeed();
function pageReading(...keys: string[]): RenderedPage {
  const seen = seenVersions(feed);
  for (const key of keys) seen.see(key);
  return { status: 200, headers: [['content-type', 'text/html']], body: variantsOf(Buffer.from('<p>page</p>'), 'text/html'), seen };
}

describe('the render cache', () => {
  it('drops a page once something it read changes, and keeps it while nothing does', () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('/fundraiser/1', pageReading('fundraiser:1', 'people'));
    feed.bump(['fundraiser:2']);
    assert.ok(cache.get('/fundraiser/1'), 'another fundraiser changed');
    feed.bump(['fundraiser:1']);
    assert.equal(cache.get('/fundraiser/1'), undefined);
  });

  it('drops a page after its time bound, what other instances changed notwithstanding', () => {
    let now = 1_000;
    const cache = createRenderCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    cache.set('/discover', pageReading('fundraisers'));
    now += 4_999;
    assert.ok(cache.get('/discover'));
    now += 1;
    assert.equal(cache.get('/discover'), undefined);
  });

  it('keeps at most maxEntries, dropping the oldest stored first', () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('/a', pageReading('a'));
    cache.set('/b', pageReading('b'));
    assert.ok(cache.get('/a'), 'served, which does not keep it longer');
    cache.set('/c', pageReading('c'));
    assert.equal(cache.get('/a'), undefined);
    assert.ok(cache.get('/b'));
    assert.ok(cache.get('/c'));
  });

  it('renders a page once for visitors who ask while it is being made', async () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxEntries: 10 });
    let renders = 0;
    let finish = () => {};
    const render = () =>
      new Promise<void>((resolve) => {
        renders += 1;
        finish = resolve;
      });
    const outcomes = [cache.once('/x', render), cache.once('/x', render), cache.once('/x', render)];
    finish();
    assert.deepEqual(await Promise.all(outcomes), ['rendered', 'waited', 'waited']);
    assert.equal(renders, 1);
    // A render that failed leaves the way open for the next.
    await assert.rejects(cache.once('/y', () => Promise.reject(new Error('busy'))), /busy/);
    assert.equal(await cache.once('/y', async () => undefined), 'rendered');
  });

  it('lets a visitor give up on a render that takes too long, or when they leave', async () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxEntries: 10 });
    let finish = () => {};
    void cache.once('/slow', () => new Promise<void>((resolve) => (finish = resolve)));
    assert.equal(await cache.once('/slow', async () => undefined, { waitMs: 20 }), 'gave-up');
    const leaving = new AbortController();
    const waiting = cache.once('/slow', async () => undefined, { waitMs: 60_000, signal: leaving.signal });
    leaving.abort();
    assert.equal(await waiting, 'gave-up');
    const patient = cache.once('/slow', async () => undefined, { waitMs: 60_000 });
    finish();
    assert.equal(await patient, 'waited');
  });
});
