import { z } from 'zod';
import { discoverPageSize } from '../lib/discover.ts';

/**
 * The snapshot's shape (api/site/snapshot.ts exports it), apart from reading the file so
 * that the API's tests can hold the export to it.
 */

// Decimal strings, as the API speaks them; only ever formatted, never summed.
const amount = z.string().regex(/^\d+(\.\d{1,2})?$/);

const card = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  city: z.string(),
  cityAm: z.string(),
  raisedAmount: amount,
  goalAmount: amount,
  currency: z.enum(['USD', 'ETB']),
  donationCount: z.number(),
});

export const snapshotSchema = z.object({
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
  featuredFundraisers: z.array(card),
  categoryPages: z.array(
    z.object({
      categoryId: z.number(),
      // A category page's later pages are discover's, so its first page must be one of them.
      size: z.literal(discoverPageSize),
      totalElements: z.number().int().nonnegative(),
      content: z.array(card).max(discoverPageSize),
    }),
  ),
  stats: z.object({ fundraiserCount: z.number(), donationCount: z.number() }),
});

export type Snapshot = z.infer<typeof snapshotSchema>;
