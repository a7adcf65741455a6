import type { TotalsCache } from './fundraiser.search.ts';

/**
 * Totals of the discovery lists for a few seconds. Counting every open fundraiser is a scan
 * of an index that grows with the site, paid on every page of every list; a total a few
 * seconds old only moves the page count. The content of each page is always read fresh.
 * Writes through this process clear it; other instances catch up within `ttlMs`.
 */
export function createTotalsCache(ttlMs: number, maxEntries = 1000): TotalsCache & { clear(): void } {
  const entries = new Map<string, { total: number; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.total;
      entries.delete(key);
      return undefined;
    },
    set(key, total) {
      // Filters are few in practice (status × category × location); a flood of odd ones only resets the cache.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { total, until: Date.now() + ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}
