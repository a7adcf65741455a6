import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { listCategories, listLocations } from '../../modules/catalogue/index.ts';
import { featuredFundraisers, fundraiserStats } from '../../modules/fundraisers/index.ts';
import { listPublishedTestimonials } from '../../modules/testimonials/index.ts';

/**
 * The data the pre-rendered pages show, shaped exactly as site/src/data/site-data.ts parses
 * it: up to six open fundraisers for the home page, and real counts.
 */
export async function exportSnapshot(em: EntityManager) {
  const [categories, locations, testimonials, featured, stats] = await Promise.all([
    listCategories(em),
    listLocations(em),
    listPublishedTestimonials(em),
    featuredFundraisers(em.fork(), 6),
    fundraiserStats(em),
  ]);
  return {
    categories,
    locations: locations.map(({ id, city, cityAm, region, regionAm }) => ({ id, city, cityAm, region, regionAm })),
    testimonials,
    featuredFundraisers: featured,
    stats,
  };
}

export type SnapshotData = Awaited<ReturnType<typeof exportSnapshot>>;

/** Hash of the data alone (not of when it was exported), so unchanged data never triggers a rebuild. */
export function snapshotHash(data: SnapshotData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}
