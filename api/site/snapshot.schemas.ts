import { z } from 'zod';
import { categoryResponse, locationResponse } from '../../modules/catalogue/index.ts';
import { categoryFirstPageResponse, staticCardResponse } from '../../modules/fundraisers/index.ts';
import { currencies } from '../../modules/money/index.ts';
import { testimonialResponse } from '../../modules/testimonials/index.ts';

/**
 * snapshot.json, the data the pre-rendered pages show: written by the API's site builder, read
 * by the site's build (site/src/data/site-data.ts, which takes this type). Each part is its
 * module's own response schema, so the static pages and the API cannot describe a card twice.
 */
export const snapshotSchema = z.strictObject({
  generatedAt: z.string(),
  categories: z.array(categoryResponse),
  locations: z.array(locationResponse),
  testimonials: z.array(testimonialResponse),
  featuredFundraisers: z.array(staticCardResponse),
  categoryPages: z.array(categoryFirstPageResponse),
  stats: z.object({
    fundraiserCount: z.number(),
    donationCount: z.number(),
    raised: z.array(z.object({ currency: z.enum(currencies), amount: z.string() })),
  }),
});

export type Snapshot = z.output<typeof snapshotSchema>;
