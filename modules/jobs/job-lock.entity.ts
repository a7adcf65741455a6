import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const JobLockSchema = defineEntity({
  name: 'JobLock',
  tableName: 'job_lock',
  properties: {
    name: p.string().length(64).primary(),
    owner: p.string().length(64),
    lockedUntil: p.datetime(),
    lastRunAt: p.datetime().nullable(),
    /**
     * The scheduled time of the last run started on a schedule, by any instance: every
     * instance's timer fires each tick, and a fast run frees the lock before a later timer
     * looks, so the lock alone would let the tick run twice.
     */
    lastTick: p.datetime().nullable(),
    lastOutcome: p.string().length(255).nullable(),
  },
});

export type JobLock = InferEntity<typeof JobLockSchema>;
