/**
 * Data the pre-rendered pages show, exported from the database into snapshot.json just
 * before each build. Its shape is the API's (api/site/snapshot.schemas.ts), which checks it
 * on the way out; here only what the site itself decides is checked.
 */
import { readFileSync } from 'node:fs';
import type { Snapshot } from '../../../api/site/snapshot.schemas.ts';
import { discoverPageSize } from '../lib/discover.ts';

export type { Snapshot };
export type FeaturedFundraiser = Snapshot['featuredFundraisers'][number];
export type CategoryFirstPage = Snapshot['categoryPages'][number];

const emptySnapshot: Snapshot = {
  generatedAt: new Date(0).toISOString(),
  categories: [],
  locations: [],
  testimonials: [],
  featuredFundraisers: [],
  categoryPages: [],
  stats: { fundraiserCount: 0, donationCount: 0, raised: [] },
};

/**
 * Absolute path of the database export read at build time; defined in astro.config.mjs.
 * Declared here rather than in env.d.ts: the server's type check reaches this module too.
 */
declare const __SNAPSHOT_PATH__: string;

function readSnapshot(): Snapshot {
  let text: string;
  try {
    // Bundling moves this module into dist/, so import.meta.url cannot find the file;
    // astro.config.mjs passes its absolute path instead.
    text = readFileSync(__SNAPSHOT_PATH__, 'utf8');
  } catch (error) {
    // A fresh checkout has no export yet: the site still builds, with empty states.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptySnapshot;
    throw error;
  }
  const snapshot = JSON.parse(text) as Snapshot;
  // A category page's later pages are discover's, so its first page must be one of them.
  const misfit = snapshot.categoryPages.find((page) => page.size !== discoverPageSize);
  if (misfit) throw new Error(`snapshot.json: category ${misfit.categoryId} has pages of ${misfit.size}, discover has pages of ${discoverPageSize}`);
  return snapshot;
}

export const snapshot: Snapshot = readSnapshot();
