import type { EntityManager } from '@mikro-orm/core';
import { seedReferenceData } from '../modules/catalogue/index.ts';
import { addTestimonial, demoTestimonials, listPublishedTestimonials } from '../modules/testimonials/index.ts';

export async function seedReference(em: EntityManager) {
  return seedReferenceData(em);
}

/** Demo content only goes into an empty database, so it never mixes with real data. */
export async function seedDemoIfEmpty(em: EntityManager): Promise<boolean> {
  if ((await listPublishedTestimonials(em)).length > 0) return false;
  for (const testimonial of demoTestimonials) await addTestimonial(em, testimonial);
  return true;
}
