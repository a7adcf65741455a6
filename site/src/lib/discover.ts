/**
 * Discover's query string, both ways: what the visitor asked for (validated, so that a
 * mistyped link shows results rather than an error) and the links to other pages.
 * Pages are 1-based in addresses, 0-based in the API.
 */
import type { FundraiserSort, ListQuery } from '../../../modules/fundraisers/fundraiser.schemas.ts';

/** Listed here, not imported: the parser runs in the browser, which gets no server code. */
export const discoverSorts = ['newest', 'most_funded', 'closest_to_goal', 'relevance'] as const satisfies readonly FundraiserSort[];
export type DiscoverSort = (typeof discoverSorts)[number];

export type DiscoverQuery = {
  query: string;
  categoryId: number | null;
  locationId: number | null;
  sort: DiscoverSort | null;
  /** 1-based. */
  page: number;
};

export const discoverPageSize = 12;

function positiveInt(raw: string | null, max = 1_000_000): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

export function parseDiscoverQuery(params: URLSearchParams): DiscoverQuery {
  const sort = params.get('sort');
  return {
    query: (params.get('query') ?? '').trim().slice(0, 200),
    categoryId: positiveInt(params.get('categoryId')),
    locationId: positiveInt(params.get('locationId')),
    sort: (discoverSorts as readonly string[]).includes(sort ?? '') ? (sort as DiscoverSort) : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The query string of a page of these results; empty values are left out. */
export function discoverSearch(query: DiscoverQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.query) params.set('query', query.query);
  if (query.categoryId !== null) params.set('categoryId', String(query.categoryId));
  if (query.locationId !== null) params.set('locationId', String(query.locationId));
  if (query.sort !== null) params.set('sort', query.sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The request for these results, as GET /api/fundraisers takes it (0-based pages). */
export function discoverRequest(query: DiscoverQuery): ListQuery {
  return {
    page: query.page - 1,
    size: discoverPageSize,
    query: query.query || undefined,
    categoryId: query.categoryId ?? undefined,
    locationId: query.locationId ?? undefined,
    sort: query.sort ?? undefined,
  };
}
