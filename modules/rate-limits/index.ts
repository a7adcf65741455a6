export { consume, take, takeEach, release, record, reset, resetUnder, secondsUntilFree } from './rate-limit.service.ts';
export type { Limit, Slot } from './rate-limit.service.ts';
export { purgeRateLimitHitsJob } from './rate-limit.jobs.ts';
export { RateLimitCounterSchema } from './rate-limit-counter.entity.ts';

import { RateLimitCounterSchema } from './rate-limit-counter.entity.ts';
export const rateLimitEntities = [RateLimitCounterSchema];
