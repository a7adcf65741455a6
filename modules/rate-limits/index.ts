export { check, consume, record, reset, resetUnder, secondsUntilFree, purgeOldHits } from './rate-limit.service.ts';
export type { Limit } from './rate-limit.service.ts';
export { purgeRateLimitHitsJob } from './rate-limit.jobs.ts';
export { RateLimitHitSchema } from './rate-limit-hit.entity.ts';

import { RateLimitHitSchema } from './rate-limit-hit.entity.ts';
export const rateLimitEntities = [RateLimitHitSchema];
