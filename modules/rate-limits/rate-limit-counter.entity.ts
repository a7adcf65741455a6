import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The hits of one bucket in its current window of one length: a bucket checked against an
 * hour and a day has two rows. A window starts at the first hit after the last one ended, and
 * the row is started afresh in place, so a bucket in use keeps one row per length.
 */
export const RateLimitCounterSchema = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counter',
  properties: {
    bucket: p.string().length(191).primary(),
    windowMs: p.integer().primary(),
    /** Milliseconds since 1970: whole numbers on both dialects, where MySQL would round a datetime to the second. */
    endsMs: p.bigint('number').index(),
    hits: p.integer(),
  },
});

export type RateLimitCounter = InferEntity<typeof RateLimitCounterSchema>;
