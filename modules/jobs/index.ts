export { runExclusive } from './job-runner.ts';
export type { Job } from './job-runner.ts';

import { JobLockSchema } from './job-lock.entity.ts';
export const jobEntities = [JobLockSchema];
