import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const JobLockSchema = defineEntity({
  name: 'JobLock',
  tableName: 'job_lock',
  properties: {
    name: p.string().length(64).primary(),
    owner: p.string().length(64),
    lockedUntil: p.datetime(),
    lastRunAt: p.datetime().nullable(),
    lastOutcome: p.string().length(255).nullable(),
  },
});

export type JobLock = InferEntity<typeof JobLockSchema>;
