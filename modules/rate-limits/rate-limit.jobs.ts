import type { Job } from '../jobs/index.ts';
import { purgeOldHits } from './rate-limit.service.ts';

/** As long as the longest limit's window (a day: team invitations), so no hit that still counts is removed. */
const keptMs = 24 * 60 * 60_000;

export const purgeRateLimitHitsJob: Job = {
  name: 'purge-rate-limit-hits',
  schedule: '19 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    return `${await purgeOldHits(em, keptMs)} rate-limit hits removed`;
  },
};
