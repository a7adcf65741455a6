import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { listCategories, listLocations } from '../../modules/catalogue/index.ts';
import { listPublishedTestimonials } from '../../modules/testimonials/index.ts';

/**
 * The data the pre-rendered pages show. Fundraisers join this when that module exists;
 * until then the featured list is empty and the pages show their empty state.
 */
export async function exportSnapshot(em: EntityManager) {
  const [categories, locations, testimonials] = await Promise.all([
    listCategories(em),
    listLocations(em),
    listPublishedTestimonials(em),
  ]);
  return {
    categories,
    locations: locations.map(({ id, city, cityAm, region, regionAm }) => ({ id, city, cityAm, region, regionAm })),
    testimonials,
    featuredFundraisers: [] as unknown[],
    stats: { fundraiserCount: 0, donationCount: 0 },
  };
}

export type SnapshotData = Awaited<ReturnType<typeof exportSnapshot>>;

/** Hash of the data alone (not of when it was exported), so unchanged data never triggers a rebuild. */
export function snapshotHash(data: SnapshotData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}
