import type { MikroORM } from '@mikro-orm/core';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { runExclusive, tickOf, type Job } from './job-runner.ts';

/**
 * Puts each job on its cron schedule, every run through `runExclusive` with its tick (so that
 * of all instances one runs it per tick), which never rejects:
 * a run that fails leaves the timer and the process as they were. Answers a function that
 * stops them all.
 */
export function scheduleJobs(orm: MikroORM, jobs: readonly Job[], logger: Logger): () => void {
  const tasks = jobs.map((job) => cron.schedule(job.schedule, (context) => void runExclusive(orm, job, logger, { tick: tickOf(context.date) }), { name: job.name }));
  return () => {
    for (const task of tasks) void task.stop();
  };
}
