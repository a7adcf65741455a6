import type { EntityManager } from '@mikro-orm/core';
import { CategorySchema, LocationSchema, type Category, type Location } from './catalogue.entity.ts';

/** The category and location rows other modules point at, so that none of them reaches into the tables. */

export function findCategory(em: EntityManager, id: number): Promise<Category | null> {
  return em.findOne(CategorySchema, { id });
}

export function findLocation(em: EntityManager, id: number): Promise<Location | null> {
  return em.findOne(LocationSchema, { id });
}

export function allCategories(em: EntityManager): Promise<Category[]> {
  return em.findAll(CategorySchema);
}

export function allLocations(em: EntityManager): Promise<Location[]> {
  return em.findAll(LocationSchema);
}
