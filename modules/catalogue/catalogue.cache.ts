import type { EntityManager } from '@mikro-orm/core';

/**
 * A read-through cache with a lifetime, kept apart per database (every fork of one ORM
 * shares its configuration object), so two databases in one process never mix answers.
 * Concurrent misses share one load.
 */
export function cachedPerDatabase<T>(ttlMs: number, load: (em: EntityManager) => Promise<T>) {
  const entries = new WeakMap<object, { expires: number; value: Promise<T> }>();
  return {
    get(em: EntityManager): Promise<T> {
      const key = em.config;
      const entry = entries.get(key);
      if (entry && entry.expires > Date.now()) return entry.value;
      const value = load(em.fork());
      entries.set(key, { expires: Date.now() + ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear(em: EntityManager): void {
      entries.delete(em.config);
    },
  };
}
