export { testimonialRoutes } from './testimonial.routes.ts';
export { listPublishedTestimonials, addTestimonial } from './testimonial.service.ts';
export { testimonialResponse } from './testimonial.schemas.ts';
export { demoTestimonials } from './testimonial.demo-data.ts';

import { TestimonialSchema } from './testimonial.entity.ts';
export const testimonialEntities = [TestimonialSchema];
