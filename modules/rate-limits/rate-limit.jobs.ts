import type { Job } from '../jobs/index.ts';
import { purgeOldHits } from './rate-limit.service.ts';

export const purgeRateLimitHitsJob: Job = {
  name: 'purge-rate-limit-hits',
  schedule: '19 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    return `${await purgeOldHits(em)} ended rate-limit windows removed`;
  },
};
