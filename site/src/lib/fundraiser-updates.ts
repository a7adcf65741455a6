/**
 * A fundraiser's updates as its page shows them: 20 at a time, newest first. Without
 * JavaScript "Show older updates" opens the next page of 20 (?updatesPage=N); with it, the
 * next updates are appended from where the list ends, which deleting updates shifts, so
 * the script asks by position (?from=N) rather than by page.
 */
import type { FundraiserUpdate, Page } from './fundraiser.ts';
import { serverGet, type ServerApiContext, type ServerApiResult } from './server-api.ts';

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

/**
 * Up to a page of updates from position `from`. The API reads by page number, so a position
 * inside a page reads that page and the next, and keeps the 20 from `from` on.
 */
export async function readUpdates(context: ServerApiContext, fundraiserId: number, from: number, lang: string): Promise<ServerApiResult<UpdatesSlice>> {
  const page = Math.floor(from / updatesPageSize);
  const skip = from % updatesPageSize;
  const pages = skip === 0 ? [page] : [page, page + 1];
  const results = await Promise.all(
    pages.map((n) => serverGet<Page<FundraiserUpdate>>(context, `/api/fundraisers/${fundraiserId}/updates?page=${n}&size=${updatesPageSize}`, lang)),
  );
  const content: FundraiserUpdate[] = [];
  let total = 0;
  for (const result of results) {
    if (!result.ok) return result;
    content.push(...result.data.content);
    total = result.data.totalElements;
  }
  const updates = content.slice(skip, skip + updatesPageSize);
  return { ok: true, data: { updates, total, next: from + updates.length } };
}
