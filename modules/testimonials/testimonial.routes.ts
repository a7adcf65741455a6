import { z } from 'zod';
import { route } from '../../kernel/http/index.ts';
import { listPublishedTestimonials } from './testimonial.service.ts';

const testimonialResponse = z.object({
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

export const testimonialRoutes = [
  route({
    method: 'get',
    path: '/api/testimonials',
    tag: 'testimonials',
    summary: 'Published testimonials, in display order',
    response: z.array(testimonialResponse),
    cache: 300,
    handler: async ({ ctx }) => listPublishedTestimonials(ctx.state.em),
  }),
];
