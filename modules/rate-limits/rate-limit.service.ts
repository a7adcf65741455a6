import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { TooManyRequests } from '../../kernel/http/index.ts';
import { RateLimitCounterSchema } from './rate-limit-counter.entity.ts';

export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window limit kept in the database, so every app instance sees the same counts, and
 * counted by one statement that refuses when the window is full, so requests arriving
 * together cannot all pass a bucket with room for one. Counts the hit when the window has
 * room; otherwise throws 429 with the wait until the window ends.
 */
export async function consume(em: EntityManager, bucket: string, limit: Limit, now = new Date()): Promise<void> {
  const key = storedKey(bucket);
  const counted = await addHit(em, key, limit.windowMs, now, limit.limit);
  if (counted.hits <= limit.limit) return;
  // Read after the refusal where the statement could not answer it: a reset in between leaves no window, and room now.
  const endsMs = counted.endsMs ?? (await currentWindow(em, key, limit.windowMs))?.endsMs ?? now.getTime();
  throw new TooManyRequests((endsMs - now.getTime()) / 1000);
}

/**
 * Throws 429 like `consume` when the bucket is full, but counts nothing: for limits that
 * count only some outcomes (failed sign-ins), checked before the attempt and recorded after.
 * Attempts checked together may all pass, and all be recorded: such a limit can be passed by
 * as many as arrive at once.
 */
export async function check(em: EntityManager, bucket: string, limit: Limit, now = new Date()): Promise<void> {
  const wait = await secondsUntilFree(em, bucket, limit, now);
  if (wait > 0) throw new TooManyRequests(wait);
}

/**
 * How long until the bucket takes another hit: 0 when it has room now. For callers that
 * answer a full bucket in their own words, or must not answer it at all.
 */
export async function secondsUntilFree(em: EntityManager, bucket: string, { limit, windowMs }: Limit, now = new Date()): Promise<number> {
  const current = await currentWindow(em, storedKey(bucket), windowMs);
  if (!current || current.endsMs <= now.getTime() || current.hits < limit) return 0;
  return (current.endsMs - now.getTime()) / 1000;
}

/**
 * Counts a hit whatever the bucket holds, for an outcome that has already happened (a failed
 * sign-in), in the window of each limit the bucket is checked against: a window is kept per
 * length, and a hit counts only in those it is recorded in.
 */
export async function record(em: EntityManager, bucket: string, limits: Limit | readonly Limit[], now = new Date()): Promise<void> {
  const list: readonly Limit[] = 'windowMs' in limits ? [limits] : limits;
  for (const windowMs of new Set(list.map((limit) => limit.windowMs))) await addHit(em, storedKey(bucket), windowMs, now, null);
}

/** Forgets a bucket, e.g. after a successful sign-in clears earlier failures. */
export async function reset(em: EntityManager, bucket: string): Promise<void> {
  await em.nativeDelete(RateLimitCounterSchema, { bucket: storedKey(bucket) });
}

/** The part of a long bucket name that `storedKey` keeps readable. */
const readablePrefix = 60;

/**
 * Forgets a bucket and every bucket named under it (`bucket:…`), e.g. all the sign-in
 * counters of one account whatever address they were counted for.
 */
export async function resetUnder(em: EntityManager, bucket: string): Promise<void> {
  // The name becomes a LIKE pattern, and must stay whole in the readable part of a hashed key.
  if (/[%_\\]/.test(bucket) || bucket.length >= readablePrefix) throw new Error(`bucket family name not usable: ${bucket}`);
  await em.nativeDelete(RateLimitCounterSchema, { $or: [{ bucket }, { bucket: { $like: `${bucket}:%` } }] });
}

/** Removes the windows that have ended: their hits count nowhere, and the next hit starts a new one. */
export async function purgeOldHits(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(RateLimitCounterSchema, { endsMs: { $lte: now.getTime() } });
}

/**
 * Buckets often embed what a visitor typed (an e-mail address), which can be longer than
 * the indexed column; a long one keeps a readable prefix and a hash of the whole.
 */
function storedKey(bucket: string): string {
  if (bucket.length <= 120) return bucket;
  return `${bucket.slice(0, readablePrefix)}#${createHash('sha256').update(bucket).digest('hex')}`;
}

/** Read past the identity map: the counts change under it through raw statements. */
function currentWindow(em: EntityManager, key: string, windowMs: number): Promise<{ hits: number; endsMs: number } | null> {
  return em.findOne(RateLimitCounterSchema, { bucket: key, windowMs }, { fields: ['hits', 'endsMs'], disableIdentityMap: true });
}

/**
 * Adds a hit to the bucket's window of `windowMs` in one statement, starting the window at
 * `now` when there is none or it has ended, and answers the hits after it. With a `cap` (the
 * limit) a full window takes one hit more and no further, which tells the hit that filled it
 * (hits = cap) from the ones refused after (cap + 1) while the count stays bounded.
 *
 * SQLite answers the row through RETURNING. MySQL has no RETURNING (MariaDB has, but one
 * statement serves both on the MySQL driver): the new count is passed through
 * LAST_INSERT_ID(expr), which the server sends back in the statement's own reply, so no second
 * statement on the same connection is needed; the window's end is read after only for a
 * refusal's Retry-After. The hits are assigned before the end: MySQL evaluates the
 * assignments in order, each seeing the ones before, so both must read the end as it was.
 */
async function addHit(em: EntityManager, key: string, windowMs: number, now: Date, cap: number | null): Promise<{ hits: number; endsMs: number | null }> {
  const nowMs = now.getTime();
  const endsMs = nowMs + windowMs;
  const grown = cap === null ? '`hits` + 1' : 'case when `hits` > ? then `hits` else `hits` + 1 end';
  const hits = `case when \`ends_ms\` <= ? then 1 else ${grown} end`;
  const params = [key, windowMs, endsMs, nowMs, ...(cap === null ? [] : [cap]), nowMs, endsMs];
  const connection = em.getConnection();
  const transaction = em.getTransactionContext();
  if (em.getPlatform().usesReturningStatement()) {
    const [row] = (await connection.execute(
      'insert into `rate_limit_counter` (`bucket`, `window_ms`, `ends_ms`, `hits`) values (?, ?, ?, 1) ' +
        `on conflict (\`bucket\`, \`window_ms\`) do update set \`hits\` = ${hits}, \`ends_ms\` = case when \`ends_ms\` <= ? then ? else \`ends_ms\` end ` +
        'returning `hits`, `ends_ms`',
      params,
      'all',
      transaction,
    )) as { hits: number | string; ends_ms: number | string }[];
    return { hits: Number(row!.hits), endsMs: Number(row!.ends_ms) };
  }
  const result = (await connection.execute(
    'insert into `rate_limit_counter` (`bucket`, `window_ms`, `ends_ms`, `hits`) values (?, ?, ?, last_insert_id(1)) ' +
      `on duplicate key update \`hits\` = last_insert_id(${hits}), \`ends_ms\` = case when \`ends_ms\` <= ? then ? else \`ends_ms\` end`,
    params,
    'run',
    transaction,
  )) as { insertId?: number };
  return { hits: Number(result.insertId), endsMs: null };
}
