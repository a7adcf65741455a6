import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { ChangeFeed } from './change-feed.ts';

/**
 * How far back each poll looks, by the database's clock. Longer than the gap between two
 * background polls and than a kept copy's lifetime (5 s, docs/adr/0008): a copy older than
 * that is dropped whatever the feed says, so an instance that could not poll for a while
 * misses nothing it still holds.
 */
export const pollWindowMs = 10_000;
/** Polls in the background too, so that an instance nobody asks still hears of changes (and rebuilds its static pages). */
export const backgroundPollMs = 1_000;
/** How long a request waits to hear of other instances' changes before it is answered afresh instead. */
export const syncWaitMs = 1_000;
/** A poll stuck on the database gives up its place after this, so that the next one can start. */
const stuckPollMs = 5_000;

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => {
    setTimeout(() => resolve(value), ms).unref();
  });

interface Dialect {
  nowMs: string;
  upsert(count: number): string;
}

const dialects: Record<'mysql' | 'sqlite', Dialect> = {
  mysql: {
    // Whole seconds, and no time zone in between (a DST change cannot move it); the window is ten of them.
    nowMs: 'unix_timestamp() * 1000',
    upsert: (count) =>
      `insert into \`change_version\` (\`key\`, \`version\`, \`changed_ms\`) values ${Array(count).fill(`(?, 1, ${dialects.mysql.nowMs})`).join(', ')} ` +
      `on duplicate key update \`version\` = \`version\` + 1, \`changed_ms\` = ${dialects.mysql.nowMs}`,
  },
  sqlite: {
    nowMs: `cast((julianday('now') - 2440587.5) * 86400000 as integer)`,
    upsert: (count) =>
      `insert into \`change_version\` (\`key\`, \`version\`, \`changed_ms\`) values ${Array(count).fill(`(?, 1, ${dialects.sqlite.nowMs})`).join(', ')} ` +
      'on conflict (`key`) do update set `version` = `version` + 1, `changed_ms` = excluded.`changed_ms`',
  },
};

/**
 * Shares `feed` with every instance on the same database. A change is recorded in
 * `change_version` in its own transaction; an instance asks for the rows changed lately
 * before it serves a kept copy (`feed.sync()`), and every second besides, and raises as
 * `elsewhere` the keys whose version moved. So a change made on one instance is seen by
 * another at its next request. Its own changes come back to it once too (the poll cannot tell
 * them apart without a race), which drops its copies once more; nothing is kept stale for it.
 *
 * Concurrent `sync` calls share polls: each waits for a poll that started after it was made,
 * so a burst of requests costs one query at a time, and none is answered from before a
 * change it followed. One that cannot hear within `syncWaitMs` (the database slow or away) is
 * answered afresh rather than from a copy, and a stuck poll never holds the next one back.
 */
export function shareChanges(orm: MikroORM, feed: ChangeFeed, options: { dialect: 'mysql' | 'sqlite'; logger: Logger }): { ready: Promise<boolean>; stop(): void } {
  const sql = dialects[options.dialect];
  /** The versions seen of each key; the first poll fills it without raising anything. */
  const seen = new Map<string, number>();
  let primed = false;
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  /** True once the changes are read; false when they could not be. */
  async function poll(): Promise<boolean> {
    try {
      const rows = await orm.em.getConnection().execute<{ key: string; version: number | string }[]>(
        `select \`key\`, \`version\` from \`change_version\` where \`changed_ms\` >= ${sql.nowMs} - ?`,
        [pollWindowMs],
      );
      const moved: string[] = [];
      for (const row of rows) {
        const version = Number(row.version);
        if (seen.get(row.key) !== version) {
          if (primed) moved.push(row.key);
          seen.set(row.key, version);
        }
      }
      primed = true;
      // Keys quiet for longer than the window are not asked for again; their entries only cost memory.
      if (seen.size > 20_000) for (const key of [...seen.keys()].slice(0, seen.size - 10_000)) seen.delete(key);
      if (moved.length > 0) feed.bump(moved, 'elsewhere');
      return true;
    } catch (error) {
      // Kept copies are answered afresh meanwhile; the next poll tries again.
      options.logger.error({ err: error }, 'could not read the changes made on other instances');
      return false;
    }
  }

  function begin(): Promise<boolean> {
    const current: Promise<boolean> = Promise.race([poll(), after(stuckPollMs, false)]).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  /** A poll that begins after this call: the one under way may have begun before it. */
  function pollAfterNow(): Promise<boolean> {
    if (!running) return begin();
    queued ??= running.then(() => {
      queued = null;
      return running ?? begin();
    });
    return queued;
  }

  async function publish(em: EntityManager, keys: readonly string[], transaction?: unknown): Promise<void> {
    // Sorted, so that two transactions raising the same keys take their rows in one order and never deadlock.
    const sorted = [...new Set(keys)].sort();
    if (sorted.length === 0) return;
    const write = em.getConnection().execute(sql.upsert(sorted.length), sorted, 'run', transaction as never);
    if (transaction) {
      await write;
      return;
    }
    // The change is committed already; only the other instances' early notice is lost.
    await write.catch((error: unknown) => options.logger.error({ err: error, keys: sorted }, 'could not record a change for the other instances; their copies expire on their own'));
  }

  feed.share({ publish, sync: () => Promise.race([pollAfterNow(), after(syncWaitMs, false)]) });
  const timer = setInterval(() => void pollAfterNow(), backgroundPollMs);
  timer.unref();
  return {
    /** The first poll, which notes what was changed before this instance began: await it before reading or building anything. */
    ready: pollAfterNow(),
    stop() {
      clearInterval(timer);
    },
  };
}
