import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { TooManyRequests } from '../../kernel/http/index.ts';
import { RateLimitHitSchema } from './rate-limit-hit.entity.ts';

export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * Sliding-window limit kept in the database, so every app instance sees the same counts.
 * Records the hit when under the limit; otherwise throws 429 with the wait until the oldest
 * hit in the window falls out of it.
 */
export async function consume(em: EntityManager, bucket: string, limit: Limit, now = new Date()): Promise<void> {
  await check(em, bucket, limit, now);
  await record(em, bucket, now);
}

/**
 * Throws 429 like `consume` when the bucket is full, but records nothing: for limits that
 * count only some outcomes (failed sign-ins), checked before the attempt and consumed after.
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
  const since = new Date(now.getTime() - windowMs);
  const hits = await em.find(
    RateLimitHitSchema,
    { bucket: storedKey(bucket), hitAt: { $gt: since } },
    { orderBy: { hitAt: 'desc' }, limit, fields: ['hitAt'] },
  );
  if (hits.length < limit) return 0;
  const oldestCounted = hits[hits.length - 1]!.hitAt;
  return (oldestCounted.getTime() + windowMs - now.getTime()) / 1000;
}

/** Counts a hit whatever the bucket holds: for an outcome that has already happened (a failed sign-in). */
export async function record(em: EntityManager, bucket: string, now = new Date()): Promise<void> {
  em.create(RateLimitHitSchema, { bucket: storedKey(bucket), hitAt: now });
  await em.flush();
}

/** Forgets a bucket, e.g. after a successful sign-in clears earlier failures. */
export async function reset(em: EntityManager, bucket: string): Promise<void> {
  await em.nativeDelete(RateLimitHitSchema, { bucket: storedKey(bucket) });
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
  await em.nativeDelete(RateLimitHitSchema, { $or: [{ bucket }, { bucket: { $like: `${bucket}:%` } }] });
}

/**
 * Buckets often embed what a visitor typed (an e-mail address), which can be longer than
 * the indexed column; a long one keeps a readable prefix and a hash of the whole.
 */
function storedKey(bucket: string): string {
  if (bucket.length <= 120) return bucket;
  return `${bucket.slice(0, readablePrefix)}#${createHash('sha256').update(bucket).digest('hex')}`;
}

export async function purgeOldHits(em: EntityManager, olderThanMs: number, now = new Date()): Promise<number> {
  return em.nativeDelete(RateLimitHitSchema, { hitAt: { $lt: new Date(now.getTime() - olderThanMs) } });
}
