import type { EntityManager } from '@mikro-orm/core';
import { encodeJson, NotFound, type EncodedJson } from '../../kernel/http/index.ts';
import { CategorySchema, LocationSchema, type Category, type Location } from './catalogue.entity.ts';
import { readThrough } from './catalogue.cache.ts';
import { referenceCategories, referenceLocations } from './catalogue.reference-data.ts';
import type { CategoryView, LocationView } from './catalogue.schemas.ts';

const categoryView = (c: Category): CategoryView => ({ id: c.id, slug: c.slug, name: c.name, nameAm: c.nameAm });
const locationView = (l: Location): LocationView => ({ id: l.id, city: l.city, cityAm: l.cityAm, region: l.region, regionAm: l.regionAm });

/** Categories by name, read now. */
export async function readCategories(em: EntityManager): Promise<CategoryView[]> {
  return (await em.findAll(CategorySchema, { orderBy: { name: 'asc' } })).map(categoryView);
}

/** Locations by city, read now. */
export async function readLocations(em: EntityManager): Promise<LocationView[]> {
  return (await em.findAll(LocationSchema, { orderBy: { city: 'asc', region: 'asc' } })).map(locationView);
}

/** The reference lists as most pages ask for them: from memory, their JSON encoded once per load. */
export interface CatalogueService {
  categories(): Promise<CategoryView[]>;
  locations(): Promise<LocationView[]>;
  categoriesJson(): Promise<EncodedJson<CategoryView[]>>;
  locationsJson(): Promise<EncodedJson<LocationView[]>>;
  getCategory(id: number): Promise<CategoryView>;
}

/**
 * Reference lists change only through seeds, which run before the app serves (and later an
 * admin), and are read on most pages, so each app keeps them for a minute; other instances
 * catch up within that. The cache reads through forks of the app's root entity manager,
 * outside any request's unit of work.
 */
export function createCatalogueService(deps: { em: EntityManager; cacheMs?: number }): CatalogueService {
  const cacheMs = deps.cacheMs ?? 60_000;
  const categories = readThrough(cacheMs, async () => withJson(await readCategories(deps.em.fork())));
  const locations = readThrough(cacheMs, async () => withJson(await readLocations(deps.em.fork())));
  return {
    categories: async () => (await categories.get()).list,
    locations: async () => (await locations.get()).list,
    categoriesJson: async () => (await categories.get()).json,
    locationsJson: async () => (await locations.get()).json,
    async getCategory(id) {
      const category = (await categories.get()).list.find((c) => c.id === id);
      if (!category) throw new NotFound('category_not_found');
      return category;
    },
  };
}

/** The list and its encoded JSON, so that the API answers with bytes encoded once per load. */
function withJson<T>(list: T[]): { list: T[]; json: EncodedJson<T[]> } {
  return { list, json: encodeJson(list) };
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
  return { categories: referenceCategories.length, locations: referenceLocations.length };
}
