import type { EntityManager } from '@mikro-orm/core';
import type { MediaLinks } from '../media/index.ts';
import { FundraiserSchema } from './fundraiser.entity.ts';
import type { CategoryFirstPage } from './fundraiser.schemas.ts';
import { staticCards } from './fundraiser.featured.ts';
import { findFundraiserIds } from './fundraiser.search.ts';
import { listedStatuses } from './fundraiser.service.ts';

/**
 * The first page of each category's listed fundraisers, for the pre-rendered category pages.
 * Each is asked for exactly as GET /api/fundraisers?categoryId= asks (same statuses, order
 * and page size), so the later pages a visitor loads from the API continue it without a gap
 * or a repeat. Per category: a count and one page under a LIMIT, both on the (category,
 * status, created_at) index; then the cards of all pages together. A window function would
 * make it one statement, but one that ranks every listed fundraiser to keep a dozen of each.
 */
export async function categoryFirstPages(em: EntityManager, links: MediaLinks, categoryIds: readonly number[], size: number): Promise<CategoryFirstPage[]> {
  const pages: { categoryId: number; ids: number[]; total: number }[] = [];
  // One after the other: a connection runs one statement at a time anyway.
  for (const categoryId of categoryIds) {
    pages.push({ categoryId, ...(await findFundraiserIds(em, { statuses: listedStatuses, categoryId, sort: 'newest', page: 0, size })) });
  }
  const ids = pages.flatMap((page) => page.ids);
  const rows = ids.length ? await em.find(FundraiserSchema, { id: { $in: ids } }, { populate: ['location'] }) : [];
  const cards = new Map((await staticCards(em, links, rows)).map((card) => [card.id, card]));
  return pages.map((page) => ({
    categoryId: page.categoryId,
    size,
    totalElements: page.total,
    content: page.ids.map((id) => cards.get(id)).filter((card) => card !== undefined),
  }));
}
