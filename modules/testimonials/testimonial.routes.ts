import { z } from 'zod';
import { route } from '../../kernel/http/index.ts';
import { testimonialResponse } from './testimonial.schemas.ts';
import { listPublishedTestimonials } from './testimonial.service.ts';

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
