/**
 * A fundraiser's updates as its page shows them: 20 at a time, newest first. Without
 * JavaScript "Show older updates" opens the next page of 20 (?updatesPage=N); with it, the
 * next updates are appended from where the list ends, which deleting updates shifts, so
 * the script asks by position (?from=N) rather than by page, and pages read by position.
 */
import type { FundraiserUpdate } from './fundraiser.ts';

export const updatesPageSize = 20;
/** The largest page number the API takes (modules/fundraisers, updatesQuery). */
export const maxUpdatesPage = 1_000_000;
/** The last position whose update, and the 19 after it, lie on pages the API still takes. */
export const maxUpdatesFrom = (maxUpdatesPage - 1) * updatesPageSize;

/** A page number or position from the query string; anything else (missing, negative, too large) is 0. */
export function queryIndex(raw: string | null, max: number): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 0;
  const value = Number(raw);
  return value <= max ? value : 0;
}

export type UpdatesSlice = {
  updates: FundraiserUpdate[];
  /** All the fundraiser's updates. */
  total: number;
  /** The position of the first update after these. */
  next: number;
};

/** What the page shows of a slice read from position `from` (page-data.ts), with where the next one starts. */
export function updatesSliceFrom(read: { updates: FundraiserUpdate[]; total: number } | null, from: number): UpdatesSlice | null {
  return read ? { updates: read.updates, total: read.total, next: from + read.updates.length } : null;
}
