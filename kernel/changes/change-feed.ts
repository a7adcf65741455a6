/**
 * Versions of named pieces of content ("fundraiser:12"), raised each time a committed change
 * makes what was read of them stale. A cache keeps the versions it saw before reading and
 * trusts its copy only while they are unchanged, so a change is visible at the very next
 * request however long the copy would otherwise live. In memory, per process: another
 * instance learns of a change only through its caches' own time bound (docs/adr/0008).
 */
export interface ChangeFeed {
  /** The current version of `key`; 0 for a key that has never changed. */
  version(key: string): number;
  /** Marks the keys changed. */
  bump(keys: Iterable<string>): void;
  /** Calls `listener` with the keys of every bump from now on (a rebuild of what they show, say); answers a function that stops it. */
  listen(listener: (keys: readonly string[]) => void): () => void;
}

export function createChangeFeed(): ChangeFeed {
  const versions = new Map<string, number>();
  const listeners = new Set<(keys: readonly string[]) => void>();
  return {
    version: (key) => versions.get(key) ?? 0,
    bump(keys) {
      const raised = [...keys];
      for (const key of raised) versions.set(key, (versions.get(key) ?? 0) + 1);
      if (raised.length > 0) for (const listener of listeners) listener(raised);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The versions a reader saw, taken before it read: `stillCurrent` tells whether anything it
 * read has changed since.
 */
export interface SeenVersions {
  /** Notes `key`'s version, once; call it before reading what the key names. */
  see(key: string): void;
  readonly keys: ReadonlyMap<string, number>;
  stillCurrent(): boolean;
}

export function seenVersions(feed: ChangeFeed): SeenVersions {
  const keys = new Map<string, number>();
  return {
    keys,
    see(key) {
      if (!keys.has(key)) keys.set(key, feed.version(key));
    },
    stillCurrent() {
      for (const [key, version] of keys) if (feed.version(key) !== version) return false;
      return true;
    },
  };
}
