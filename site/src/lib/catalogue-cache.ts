import type { CategoryView, LocationView } from '../../../modules/catalogue/catalogue.schemas.ts';
import { apiFetch } from './api.ts';

/**
 * Categories and locations change rarely and feed every filter and form, so they are
 * stored in localStorage for a day (24 hours) rather than fetched on each page.
 */

/** As /api/categories and /api/locations answer, with the Amharic names beside the English. */
export type Category = CategoryView;
export type Location = LocationView;

type CacheEntry<T> = { data: T; timestamp: number };

export const cacheMaxAgeMs = 86_400_000;

function readCache<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (Date.now() - entry.timestamp < cacheMaxAgeMs) return entry.data;
  } catch (error) {
    // Storage may be disabled or hold garbage; either way the network still answers.
    console.error(`Could not read the ${key} cache`, error);
  }
  return undefined;
}

function writeCache<T>(key: string, data: T): void {
  try {
    const entry: CacheEntry<T> = { data, timestamp: Date.now() };
    localStorage.setItem(key, JSON.stringify(entry));
  } catch (error) {
    console.error(`Could not write the ${key} cache`, error);
  }
}

async function cached<T>(key: string, path: string): Promise<T> {
  const hit = readCache<T>(key);
  if (hit !== undefined) return hit;
  const data = await apiFetch<T>(path);
  writeCache(key, data);
  return data;
}

export function getCategories(): Promise<Category[]> {
  return cached<Category[]>('categories', '/api/categories');
}

export function getLocations(): Promise<Location[]> {
  return cached<Location[]>('locations', '/api/locations');
}
