import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { TooManyRequests } from '../../api/http/index.ts';
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
  em.create(RateLimitHitSchema, { bucket: storedKey(bucket), hitAt: now });
  await em.flush();
}

/**
 * Throws 429 like `consume` when the bucket is full, but records nothing: for limits that
 * count only some outcomes (failed sign-ins), checked before the attempt and consumed after.
 */
export async function check(em: EntityManager, bucket: string, { limit, windowMs }: Limit, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  const hits = await em.find(
    RateLimitHitSchema,
    { bucket: storedKey(bucket), hitAt: { $gt: since } },
    { orderBy: { hitAt: 'desc' }, limit, fields: ['hitAt'] },
  );
  if (hits.length >= limit) {
    const oldestCounted = hits[hits.length - 1]!.hitAt;
    throw new TooManyRequests((oldestCounted.getTime() + windowMs - now.getTime()) / 1000);
  }
}

/** Forgets a bucket, e.g. after a successful sign-in clears earlier failures. */
export async function reset(em: EntityManager, bucket: string): Promise<void> {
  await em.nativeDelete(RateLimitHitSchema, { bucket: storedKey(bucket) });
}

/**
 * Buckets often embed what a visitor typed (an e-mail address), which can be longer than
 * the indexed column; a long one keeps a readable prefix and a hash of the whole.
 */
function storedKey(bucket: string): string {
  if (bucket.length <= 120) return bucket;
  return `${bucket.slice(0, 60)}#${createHash('sha256').update(bucket).digest('hex')}`;
}

export async function purgeOldHits(em: EntityManager, olderThanMs: number, now = new Date()): Promise<number> {
  return em.nativeDelete(RateLimitHitSchema, { hitAt: { $lt: new Date(now.getTime() - olderThanMs) } });
}
