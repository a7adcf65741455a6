export { runExclusive, lastJobRun } from './job-runner.ts';
export type { Job } from './job-runner.ts';
export { scheduleJobs } from './job-schedule.ts';

import { JobLockSchema } from './job-lock.entity.ts';
export const jobEntities = [JobLockSchema];
