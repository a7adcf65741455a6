import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'category',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Stable key for URLs (/category/medical); names may be reworded, slugs are not. */
    slug: p.string().length(64).unique(),
    name: p.string().length(100),
    nameAm: p.string().length(100),
  },
});

export const LocationSchema = defineEntity({
  name: 'Location',
  tableName: 'location',
  uniques: [{ properties: ['city', 'region'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    city: p.string().length(100),
    cityAm: p.string().length(100),
    region: p.string().length(100),
    regionAm: p.string().length(100),
  },
});

export type Category = InferEntity<typeof CategorySchema>;
export type Location = InferEntity<typeof LocationSchema>;
