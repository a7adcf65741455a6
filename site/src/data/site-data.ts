import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Data the pre-rendered pages show, exported from the database into snapshot.json by
 * another script just before each build. It is parsed here so that a change on the
 * exporting side fails the build with a precise message instead of rendering blanks.
 */
const snapshotSchema = z.object({
  generatedAt: z.string(),
  categories: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string(), nameAm: z.string() })),
  locations: z.array(
    z.object({ id: z.number(), city: z.string(), cityAm: z.string(), region: z.string(), regionAm: z.string() }),
  ),
  testimonials: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      nameAm: z.string(),
      role: z.string(),
      roleAm: z.string(),
      quote: z.string(),
      quoteAm: z.string(),
      city: z.string(),
      cityAm: z.string(),
    }),
  ),
  featuredFundraisers: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      summary: z.string(),
      imageUrl: z.string().nullable(),
      city: z.string(),
      cityAm: z.string(),
      // Decimal strings, as the API speaks them; only ever formatted, never summed.
      raisedAmount: z.string().regex(/^\d+(\.\d{1,2})?$/),
      goalAmount: z.string().regex(/^\d+(\.\d{1,2})?$/),
      currency: z.enum(['USD', 'ETB']),
      donationCount: z.number(),
    }),
  ),
  stats: z.object({ fundraiserCount: z.number(), donationCount: z.number() }),
});

export type Snapshot = z.infer<typeof snapshotSchema>;
export type FeaturedFundraiser = Snapshot['featuredFundraisers'][number];

const emptySnapshot: Snapshot = {
  generatedAt: new Date(0).toISOString(),
  categories: [],
  locations: [],
  testimonials: [],
  featuredFundraisers: [],
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
