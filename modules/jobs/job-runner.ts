import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { JobLockSchema } from './job-lock.entity.ts';

export interface Job {
  name: string;
  /** Cron expression (node-cron syntax). */
  schedule: string;
  /** Longest a run may hold the lock; a crashed instance's lock frees itself after this. */
  lockMs: number;
  run(orm: MikroORM, log: Logger): Promise<string>;
}

const instanceId = randomUUID();

/**
 * Runs a job only if no other instance holds its lock. The lock is a row with an expiry,
 * which works the same on SQLite and MySQL and survives no process: a dead holder's lock
 * simply expires.
 */
export async function runExclusive(orm: MikroORM, job: Job, logger: Logger): Promise<'ran' | 'skipped' | 'failed'> {
  const log = logger.child({ job: job.name });
  // Everything, the lock included, is inside the error handling: a scheduled run is a
  // timer callback, and an error escaping it (the database gone for a moment) would end the
  // process. A run that fails is logged; the next tick simply tries again.
  let acquired: boolean;
  try {
    acquired = await acquire(orm, job.name, job.lockMs);
  } catch (error) {
    log.error({ err: error }, 'job lock could not be taken; will try again on the next run');
    return 'failed';
  }
  if (!acquired) {
    log.debug('another instance holds the lock; skipped');
    return 'skipped';
  }
  const started = performance.now();
  let outcome: string;
  let result: 'ran' | 'failed';
  try {
    outcome = await job.run(orm, log);
    result = 'ran';
    log.info({ ms: Math.round(performance.now() - started), outcome }, 'job finished');
  } catch (error) {
    outcome = `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 255);
    result = 'failed';
    log.error({ ms: Math.round(performance.now() - started), err: error }, 'job failed');
  }
  try {
    await orm.em.fork().nativeUpdate(
      JobLockSchema,
      { name: job.name, owner: instanceId },
      { lockedUntil: new Date(0), lastRunAt: new Date(), lastOutcome: outcome },
    );
  } catch (error) {
    // The lock then frees itself when it expires (lockMs).
    log.error({ err: error }, 'job lock could not be released');
  }
  return result;
}

async function acquire(orm: MikroORM, name: string, lockMs: number): Promise<boolean> {
  const em = orm.em.fork();
  const now = new Date();
  const until = new Date(now.getTime() + lockMs);
  const taken = await em.nativeUpdate(JobLockSchema, { name, lockedUntil: { $lt: now } }, { owner: instanceId, lockedUntil: until });
  if (taken === 1) return true;
  try {
    await em.insert(JobLockSchema, { name, owner: instanceId, lockedUntil: until, lastRunAt: null, lastOutcome: null });
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}
