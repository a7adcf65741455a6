import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const TestimonialSchema = defineEntity({
  name: 'Testimonial',
  tableName: 'testimonial',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    nameAm: p.string().length(100),
    role: p.string().length(200),
    roleAm: p.string().length(200),
    quote: p.text(),
    quoteAm: p.text(),
    city: p.string().length(100),
    cityAm: p.string().length(100),
    published: p.boolean().default(true),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Testimonial = InferEntity<typeof TestimonialSchema>;
