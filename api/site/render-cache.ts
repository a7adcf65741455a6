import { LruCache } from '../../kernel/cache/index.ts';
import type { SeenVersions } from '../../kernel/changes/index.ts';
import type { CompressedVariants } from '../../kernel/http/index.ts';

/** A page as rendered for visitors who are not signed in, and what it was read from. */
export interface RenderedPage {
  status: number;
  headers: readonly [string, string][];
  body: CompressedVariants;
  seen: SeenVersions;
}

export interface RenderCache {
  /** The page kept under `key`, if nothing it was read from has changed since and it is within its time bound. */
  get(key: string): RenderedPage | undefined;
  set(key: string, page: RenderedPage): void;
  /**
   * Runs `render` unless a render of `key` is under way already, in which case it waits for
   * that one instead, so that a burst of visitors to a page that just changed renders it
   * once, not once each. Resolves when the render (theirs or this one) has finished, or as
   * 'gave-up' when theirs took longer than `waitMs` or the visitor left.
   */
  once(key: string, render: () => Promise<void>, wait?: { waitMs: number; signal?: AbortSignal }): Promise<'rendered' | 'waited' | 'gave-up'>;
}

/**
 * Renders of pages made on demand, under the keys site-server.ts gives them (a signed-in
 * visitor's copy is their own), dropped by the change that makes them stale (their seen
 * versions, kernel/changes), at the latest after `ttlMs`: the bound for changes made by
 * another instance, which this one cannot see (docs/adr/0008). At most `maxEntries`, the
 * oldest stored dropped first, so that made-up query strings cannot grow it without end;
 * pages are read with `peek`, so that a hit costs one lookup and does not move a page up.
 */
export function createRenderCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): RenderCache {
  const now = options.now ?? Date.now;
  const entries = new LruCache<string, { page: RenderedPage; expires: number }>(options.maxEntries);
  const rendering = new Map<string, Promise<void>>();
  return {
    get(key) {
      const entry = entries.peek(key);
      if (!entry) return undefined;
      if (entry.expires > now() && entry.page.seen.stillCurrent()) return entry.page;
      entries.delete(key);
      return undefined;
    },
    set(key, page) {
      entries.set(key, { page, expires: now() + options.ttlMs });
    },
    async once(key, render, wait) {
      const under = rendering.get(key);
      if (under) {
        if (!wait) {
          await under.catch(() => undefined);
          return 'waited';
        }
        return waitFor(under, wait.waitMs, wait.signal);
      }
      const done = render().finally(() => rendering.delete(key));
      rendering.set(key, done);
      await done;
      return 'rendered';
    },
  };
}

/** 'waited' once `render` has settled, 'gave-up' after `ms` or when `signal` aborts. */
function waitFor(render: Promise<void>, ms: number, signal?: AbortSignal): Promise<'waited' | 'gave-up'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done('gave-up'), ms);
    const onAbort = () => done('gave-up');
    signal?.addEventListener('abort', onAbort, { once: true });
    function done(outcome: 'waited' | 'gave-up') {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
    if (signal?.aborted) done('gave-up');
    void render.then(
      () => done('waited'),
      () => done('waited'),
    );
  });
}
