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
  const wait = await take(em, bucket, limit, now);
  if (wait > 0) throw new TooManyRequests(wait);
}

/**
 * Counts the hit like `consume` and answers 0 when the window has room; otherwise counts
 * nothing and answers the seconds until the window ends, for callers that answer a full
 * bucket in their own words, or must not answer it at all.
 */
export async function take(em: EntityManager, bucket: string, limit: Limit, now = new Date()): Promise<number> {
  const key = storedKey(bucket);
  const counted = await addHit(em, key, limit.windowMs, now, limit.limit);
  if (counted.hits <= limit.limit) return 0;
  // Read after the refusal where the statement could not answer it: a reset in between leaves no window, and room now.
  const endsMs = counted.endsMs ?? (await currentWindow(em, key, limit.windowMs))?.endsMs ?? now.getTime();
  // Room now is still a refusal of this hit, which was not counted: it must not read as 0.
  return Math.max((endsMs - now.getTime()) / 1000, 0.001);
}

export interface Slot {
  bucket: string;
  limit: Limit;
}

/**
 * Takes a hit in each slot in turn, for a request that must pass several limits. When one is
 * full, gives back the hits already taken, so that a refused request counts nowhere, and
 * answers which one refused (its index) and the seconds until its window ends; null when
 * every one was taken.
 */
export async function takeEach(em: EntityManager, slots: readonly Slot[], now = new Date()): Promise<{ refused: number; seconds: number } | null> {
  for (const [index, { bucket, limit }] of slots.entries()) {
    const seconds = await take(em, bucket, limit, now);
    if (seconds === 0) continue;
    for (const taken of slots.slice(0, index)) await release(em, taken.bucket, taken.limit, now);
    return { refused: index, seconds };
  }
  return null;
}

/**
 * Gives back a hit taken for an outcome that turned out not to count (a successful sign-in,
 * an invitation not mailed): one out of the current window of each limit, as `take` counted
 * one in each, never below zero (a reset may have emptied the window since). A full window
 * refusals reached holds one more than its limit, their mark, so the count is first brought
 * back to the limit: the hit given back then makes room for exactly one.
 */
export async function release(em: EntityManager, bucket: string, limits: Limit | readonly Limit[], now = new Date()): Promise<void> {
  const list: readonly Limit[] = 'windowMs' in limits ? [limits] : limits;
  for (const { limit, windowMs } of list) {
    await em
      .getConnection()
      .execute(
        'update `rate_limit_counter` set `hits` = case when `hits` > ? then ? when `hits` > 0 then `hits` - 1 else 0 end ' +
          'where `bucket` = ? and `window_ms` = ? and `ends_ms` > ?',
        [limit, Math.max(limit - 1, 0), storedKey(bucket), windowMs, now.getTime()],
        'run',
        em.getTransactionContext(),
      );
  }
}

/**
 * How long until the bucket takes another hit: 0 when it has room now. Counts nothing, so it
 * tells how long a pause lasts but lets nothing through: requests asking together would all
 * see the same room.
 */
export async function secondsUntilFree(em: EntityManager, bucket: string, { limit, windowMs }: Limit, now = new Date()): Promise<number> {
  const current = await currentWindow(em, storedKey(bucket), windowMs);
  if (!current || current.endsMs <= now.getTime() || current.hits < limit) return 0;
  return (current.endsMs - now.getTime()) / 1000;
}

/**
 * Counts a hit whatever the bucket holds, for an outcome that has already happened, in the
 * window of each limit the bucket is checked against: a window is kept per length, and a hit
 * counts only in those it is recorded in.
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
