import { z } from 'zod';

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const categoryResponse = z.object({ id: z.number(), slug: z.string(), name: z.string(), nameAm: z.string() });
export const locationResponse = z.object({
  id: z.number(),
  city: z.string(),
  cityAm: z.string(),
  region: z.string(),
  regionAm: z.string(),
});

export type CategoryView = z.output<typeof categoryResponse>;
export type LocationView = z.output<typeof locationResponse>;
