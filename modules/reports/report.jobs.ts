import type { Job } from '../jobs/index.ts';
import { forgetOldVisitors } from './report.counter.ts';

/** Every hour, so that a two-day-old salt is gone within the hour after its time. */
export const forgetVisitorsJob: Job = {
  name: 'forget-old-visitors',
  schedule: '7 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    return `${await forgetOldVisitors(em)} visitor marks deleted with their salts`;
  },
};
