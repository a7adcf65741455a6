/**
 * Data the pre-rendered pages show, exported from the database into snapshot.json by
 * another script just before each build. It is parsed here so that a change on the
 * exporting side fails the build with a precise message instead of rendering blanks.
 */
import { readFileSync } from 'node:fs';
import { snapshotSchema, type Snapshot } from './snapshot-schema.ts';

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
  stats: { fundraiserCount: 0, donationCount: 0 },
};

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
  return snapshotSchema.parse(JSON.parse(text));
}

export const snapshot: Snapshot = readSnapshot();
