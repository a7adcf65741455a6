/**
 * At most `max` values by key; storing one more drops the least recently used. A Map keeps
 * its keys in the order they were set, so a use is a delete and a set again, and the least
 * recently used is always the first key.
 *
 * `get` counts as a use; `peek` does not. A cache that serves a copy on most requests reads
 * with `peek`, so a hit costs one lookup and its copies leave in the order they were stored,
 * whatever the traffic to each.
 */
export class LruCache<K, V> {
  readonly #max: number;
  readonly #entries = new Map<K, V>();

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`an LRU cache holds at least one entry (given ${max})`);
    this.#max = max;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value kept under `key`, its place in line unchanged. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value` under `key` as the most recently used, dropping the least recently used when that makes one too many. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** Whether there was a value under `key` to drop. */
  delete(key: K): boolean {
    return this.#entries.delete(key);
  }
}
