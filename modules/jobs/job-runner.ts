import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { JobLockSchema } from './job-lock.entity.ts';

/**
 * A piece of work done on a schedule. It lives in the module whose data it serves
 * (`<module>.jobs.ts`), gets what it needs from its caller, and is run only by
 * `runExclusive`.
 */
export interface Job {
  /** Also the name of its lock and of `npm run job -- <name>`. */
  name: string;
  /** Cron expression (node-cron syntax). */
  schedule: string;
  /** Longest a run may hold the lock; a crashed instance's lock frees itself after this. */
  lockMs: number;
  /** Does the work with a fresh entity manager, and answers one line on what it did. */
  run(em: EntityManager, log: Logger): Promise<string>;
}

export type JobRun = { result: 'ran'; outcome: string } | { result: 'failed'; outcome: string } | { result: 'skipped' };

const instanceId = randomUUID();

/**
 * Jobs whose lock this instance took but could not give back (the database went away after
 * the run). The row still names this instance, so the next run takes it back at once
 * instead of waiting out `lockMs`.
 */
const unreleased = new Set<string>();

/**
 * The scheduled time a timer fired for, to the second: each instance's timer fires when its
 * own clock reaches the schedule's time, so instances whose clocks differ name the same tick.
 */
export function tickOf(scheduledAt: Date): Date {
  return new Date(Math.floor(scheduledAt.getTime() / 1000) * 1000);
}

/**
 * Runs a job only if no other instance holds its lock, and, for a scheduled run (`tick`),
 * only if no instance has started it for that tick. The lock is a row with an expiry,
 * which works the same on SQLite and MySQL and survives no process: a dead holder's lock
 * simply expires.
 *
 * Never rejects. Everything, taking and giving back the lock included, is inside the error
 * handling: a scheduled run is a timer callback, and an error escaping it (the database gone
 * for a moment) would end the process. A run that fails is logged, and the next tick simply
 * tries again.
 */
export async function runExclusive(orm: MikroORM, job: Job, logger: Logger, options: { tick?: Date } = {}): Promise<JobRun> {
  const log = logger.child({ job: job.name });
  let acquired: boolean;
  try {
    acquired = await acquire(orm.em.fork(), job.name, job.lockMs, options.tick ?? null);
  } catch (error) {
    log.error({ err: error }, 'job lock could not be taken; will try again on the next run');
    return { result: 'failed', outcome: `failed: ${message(error)}`.slice(0, 255) };
  }
  if (!acquired) {
    log.debug('another instance holds the lock; skipped');
    return { result: 'skipped' };
  }
  const started = performance.now();
  let run: JobRun;
  try {
    const outcome = await job.run(orm.em.fork(), log);
    run = { result: 'ran', outcome };
    log.info({ ms: Math.round(performance.now() - started), outcome }, 'job finished');
  } catch (error) {
    run = { result: 'failed', outcome: `failed: ${message(error)}`.slice(0, 255) };
    log.error({ ms: Math.round(performance.now() - started), err: error }, 'job failed; will try again on the next run');
  }
  try {
    await orm.em.fork().nativeUpdate(
      JobLockSchema,
      { name: job.name, owner: instanceId },
      { lockedUntil: new Date(0), lastRunAt: new Date(), lastOutcome: run.outcome },
    );
    unreleased.delete(job.name);
  } catch (error) {
    unreleased.add(job.name);
    log.error({ err: error }, 'job lock could not be released; this instance takes it back on the next run');
  }
  return run;
}

async function acquire(em: EntityManager, name: string, lockMs: number, tick: Date | null): Promise<boolean> {
  const now = new Date();
  const until = new Date(now.getTime() + lockMs);
  // Taken out of the set before any await, so that of two runs starting together in this
  // process only one may take back the lock it still holds.
  const takeBack = unreleased.delete(name);
  try {
    const free = takeBack ? { name, $or: [{ lockedUntil: { $lt: now } }, { owner: instanceId }] } : { name, lockedUntil: { $lt: now } };
    // A tick an hour past this one was written by an instance whose clock is wrong: it must not stop the job everywhere.
    const notYetThisTick = tick ? { $or: [{ lastTick: null }, { lastTick: { $lt: tick } }, { lastTick: { $gt: new Date(tick.getTime() + 60 * 60_000) } }] } : {};
    const taken = await em.nativeUpdate(JobLockSchema, { $and: [free, notYetThisTick] }, { owner: instanceId, lockedUntil: until, ...(tick ? { lastTick: tick } : {}) });
    if (taken === 1) return true;
  } catch (error) {
    if (takeBack) unreleased.add(name);
    throw error;
  }
  try {
    await em.insert(JobLockSchema, { name, owner: instanceId, lockedUntil: until, lastRunAt: null, lastOutcome: null, lastTick: tick });
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** When a job last ran (on any instance) and what it said; null if it never has. */
export async function lastJobRun(em: EntityManager, name: string): Promise<{ at: Date; outcome: string } | null> {
  const lock = await em.findOne(JobLockSchema, { name });
  return lock?.lastRunAt ? { at: lock.lastRunAt, outcome: lock.lastOutcome ?? '' } : null;
}
