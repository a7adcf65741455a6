import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const RateLimitHitSchema = defineEntity({
  name: 'RateLimitHit',
  tableName: 'rate_limit_hit',
  indexes: [{ properties: ['bucket', 'hitAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    bucket: p.string().length(191),
    hitAt: p.datetime().index(),
  },
});

export type RateLimitHit = InferEntity<typeof RateLimitHitSchema>;
