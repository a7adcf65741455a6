import type { EntityManager } from '@mikro-orm/core';

/**
 * Versions of named pieces of content ("fundraiser:12"), raised each time a committed change
 * makes what was read of them stale. A cache keeps the versions it saw before reading and
 * trusts its copy only while they are unchanged, so a change is visible at the very next
 * request however long the copy would otherwise live. In memory, per process; with several
 * instances on one database a shared source (shared-changes.ts) carries each instance's
 * changes to the others, and `sync` brings them in before a kept copy is served.
 */
export interface ChangeFeed {
  /** The current version of `key`; 0 for a key that has never changed. */
  version(key: string): number;
  /** Marks the keys changed: by a change made here, or (`elsewhere`) one another instance made. */
  bump(keys: Iterable<string>, origin?: ChangeOrigin): void;
  /** Calls `listener` with the keys of every bump from now on (a rebuild of what they show, say); answers a function that stops it. */
  listen(listener: (keys: readonly string[], origin: ChangeOrigin) => void): () => void;
  /**
   * Resolves true once the changes other instances had made when it was called are known here
   * (at once when no other instance shares the database), false when they could not be heard
   * of in time: a kept copy is then not to be trusted.
   */
  sync(): Promise<boolean>;
  /** The source other instances' changes come from, when the database is shared; null for one instance alone. */
  readonly shared: SharedSource | null;
  /** Shares this feed's changes with other instances through `source` (one per feed). */
  share(source: SharedSource): void;
}

export type ChangeOrigin = 'here' | 'elsewhere';

/** Carries changes between the instances that share one database (shared-changes.ts). */
export interface SharedSource {
  /**
   * Records keys changed here: in the transaction of the change when there is one
   * (`transaction`), its failure failing the change; right after the change otherwise, its
   * failure only logged (the change is made; other instances' copies expire on their own).
   */
  publish(em: EntityManager, keys: readonly string[], transaction?: unknown): Promise<void>;
  /** Brings in, as `elsewhere` bumps, what other instances published before this call; see ChangeFeed.sync. */
  sync(): Promise<boolean>;
}

export function createChangeFeed(): ChangeFeed {
  const versions = new Map<string, number>();
  const listeners = new Set<(keys: readonly string[], origin: ChangeOrigin) => void>();
  let source: SharedSource | null = null;
  return {
    version: (key) => versions.get(key) ?? 0,
    bump(keys, origin = 'here') {
      const raised = [...keys];
      for (const key of raised) versions.set(key, (versions.get(key) ?? 0) + 1);
      if (raised.length > 0) for (const listener of listeners) listener(raised, origin);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync: () => (source ? source.sync() : Promise.resolve(true)),
    get shared() {
      return source;
    },
    share(given) {
      source = given;
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
