export { runExclusive, lastJobRun, tickOf } from './job-runner.ts';
export type { Job, JobRun } from './job-runner.ts';
export { scheduleJobs } from './job-schedule.ts';

import { JobLockSchema } from './job-lock.entity.ts';
export const jobEntities = [JobLockSchema];
