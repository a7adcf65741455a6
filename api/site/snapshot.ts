import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { readCategories, readLocations } from '../../modules/catalogue/index.ts';
import { categoryFirstPages, featuredFundraisers, fundraiserStats } from '../../modules/fundraisers/index.ts';
import type { MediaLinks } from '../../modules/media/index.ts';
import { listPublishedTestimonials } from '../../modules/testimonials/index.ts';
import type { Snapshot } from './snapshot.schemas.ts';

/**
 * A category page's first page holds as many fundraisers as a page of discover
 * (discoverPageSize in site/src/lib/discover.ts; site/src/data/site-data.ts holds it to that):
 * its later pages are discover's pages, through the API or through a link.
 */
export const categoryPageSize = 12;

/**
 * The data the pre-rendered pages show (snapshot.schemas.ts): up to six open fundraisers for
 * the home page, the first page of each category, and real counts.
 */
export async function exportSnapshot(em: EntityManager, links: MediaLinks): Promise<Omit<Snapshot, 'generatedAt'>> {
  const categories = await readCategories(em);
  const [locations, testimonials, featured, stats, categoryPages] = await Promise.all([
    readLocations(em),
    listPublishedTestimonials(em),
    featuredFundraisers(em.fork(), links, 6),
    fundraiserStats(em),
    categoryFirstPages(em.fork(), links, categories.map((category) => category.id), categoryPageSize),
  ]);
  return {
    categories,
    locations,
    testimonials,
    featuredFundraisers: featured,
    categoryPages,
    stats,
  };
}

export type SnapshotData = Awaited<ReturnType<typeof exportSnapshot>>;

/** Hash of the data alone (not of when it was exported), so unchanged data never triggers a rebuild. */
export function snapshotHash(data: SnapshotData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}
