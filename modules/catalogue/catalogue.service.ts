import type { EntityManager } from '@mikro-orm/core';
import { encodeJson, NotFound, type EncodedJson } from '../../kernel/http/index.ts';
import { CategorySchema, LocationSchema, type Category, type Location } from './catalogue.entity.ts';
import { cachedPerDatabase } from './catalogue.cache.ts';
import { referenceCategories, referenceLocations } from './catalogue.reference-data.ts';
import type { CategoryView, LocationView } from './catalogue.schemas.ts';

const categoryView = (c: Category): CategoryView => ({ id: c.id, slug: c.slug, name: c.name, nameAm: c.nameAm });
const locationView = (l: Location): LocationView => ({ id: l.id, city: l.city, cityAm: l.cityAm, region: l.region, regionAm: l.regionAm });

/**
 * Reference lists change only through seeds (and later an admin), and are read on most
 * pages, so each process keeps them for a minute; other instances catch up within that.
 */
const cacheMs = 60_000;
const categoryCache = cachedPerDatabase(cacheMs, async (em) =>
  withJson((await em.findAll(CategorySchema, { orderBy: { name: 'asc' } })).map(categoryView)),
);
const locationCache = cachedPerDatabase(cacheMs, async (em) =>
  withJson((await em.findAll(LocationSchema, { orderBy: { city: 'asc', region: 'asc' } })).map(locationView)),
);

/** The list and its encoded JSON, so that the API answers with bytes encoded once per load. */
function withJson<T>(list: T[]): { list: T[]; json: EncodedJson<T[]> } {
  return { list, json: encodeJson(list) };
}

export async function listCategories(em: EntityManager): Promise<CategoryView[]> {
  return (await categoryCache.get(em)).list;
}

export async function categoriesJson(em: EntityManager): Promise<EncodedJson<CategoryView[]>> {
  return (await categoryCache.get(em)).json;
}

export async function locationsJson(em: EntityManager): Promise<EncodedJson<LocationView[]>> {
  return (await locationCache.get(em)).json;
}

export async function getCategory(em: EntityManager, id: number): Promise<CategoryView> {
  const category = (await categoryCache.get(em)).list.find((c) => c.id === id);
  if (!category) throw new NotFound('category_not_found');
  return category;
}

export async function listLocations(em: EntityManager): Promise<LocationView[]> {
  return (await locationCache.get(em)).list;
}

/** Adds missing reference rows and refreshes names of existing ones; never deletes (fundraisers point at them). */
export async function seedReferenceData(em: EntityManager): Promise<{ categories: number; locations: number }> {
  const categories = await em.findAll(CategorySchema);
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  for (const data of referenceCategories) {
    const existing = bySlug.get(data.slug);
    if (existing) em.assign(existing, { name: data.name, nameAm: data.nameAm });
    else em.create(CategorySchema, { ...data });
  }
  const locations = await em.findAll(LocationSchema);
  const byPlace = new Map(locations.map((l) => [`${l.city}|${l.region}`, l]));
  for (const data of referenceLocations) {
    const existing = byPlace.get(`${data.city}|${data.region}`);
    if (existing) em.assign(existing, { cityAm: data.cityAm, regionAm: data.regionAm });
    else em.create(LocationSchema, { ...data });
  }
  await em.flush();
  categoryCache.clear(em);
  locationCache.clear(em);
  return { categories: referenceCategories.length, locations: referenceLocations.length };
}
