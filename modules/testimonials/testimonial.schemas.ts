import { z } from 'zod';

export const testimonialResponse = z.object({
  id: z.number(),
  name: z.string(),
  nameAm: z.string(),
  role: z.string(),
  roleAm: z.string(),
  quote: z.string(),
  quoteAm: z.string(),
  city: z.string(),
  cityAm: z.string(),
});

export type TestimonialView = z.output<typeof testimonialResponse>;
