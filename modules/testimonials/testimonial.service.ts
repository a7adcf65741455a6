import type { EntityManager } from '@mikro-orm/core';
import { TestimonialSchema, type Testimonial } from './testimonial.entity.ts';
import type { TestimonialView } from './testimonial.schemas.ts';

const view = (t: Testimonial): TestimonialView => ({
  id: t.id,
  name: t.name,
  nameAm: t.nameAm,
  role: t.role,
  roleAm: t.roleAm,
  quote: t.quote,
  quoteAm: t.quoteAm,
  city: t.city,
  cityAm: t.cityAm,
});

export async function listPublishedTestimonials(em: EntityManager): Promise<TestimonialView[]> {
  const rows = await em.find(TestimonialSchema, { published: true }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
  return rows.map(view);
}

export async function addTestimonial(em: EntityManager, data: Omit<TestimonialView, 'id'> & { sortOrder?: number }): Promise<TestimonialView> {
  const row = em.create(TestimonialSchema, { ...data, published: true, sortOrder: data.sortOrder ?? 0 });
  await em.flush();
  return view(row);
}
