/**
 * A read-through value with a lifetime, owned by whoever made it (one catalogue service per
 * app, so two apps in one process never share it). Concurrent misses share one load, and a
 * failed load is not kept.
 */
export function readThrough<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { expires: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (entry && entry.expires > Date.now()) return entry.value;
      const value = load();
      const current = { expires: Date.now() + ttlMs, value };
      entry = current;
      value.catch(() => {
        if (entry === current) entry = null;
      });
      return value;
    },
  };
}
