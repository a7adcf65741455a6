import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino, { type Logger } from 'pino';
import { createLogger } from '../../api/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { startTestApp } from '../../tests/helpers/test-app.ts';
import { jobEntities, runExclusive, scheduleJobs, type Job } from './index.ts';
import { tickOf } from './job-runner.ts';

const [JobLockSchema] = jobEntities;
const logger = createLogger('silent');

/** A logger whose lines the test can read. */
function recordingLogger(): { logger: Logger; lines: Array<{ level: number; msg: string; job?: string; err?: { message: string } }> } {
  const lines: Array<{ level: number; msg: string; job?: string; err?: { message: string } }> = [];
  return { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }), lines };
}

/** Fails the test if anything rejects unhandled while `body` runs (and a tick after). */
async function withoutUnhandledRejections(body: () => Promise<void>): Promise<void> {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    await body();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  assert.deepEqual(rejections, []);
}

describe('job runner', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.drop());

  it('runs a job once when two runs start together, and records the outcome', async () => {
    let runs = 0;
    const job: Job = {
      name: 'together',
      schedule: '* * * * *',
      lockMs: 60_000,
      async run() {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'done';
      },
    };
    const results = await Promise.all([runExclusive(db.orm, job, logger), runExclusive(db.orm, job, logger)]);
    assert.deepEqual(results.map((r) => r.result).sort(), ['ran', 'skipped']);
    assert.equal(runs, 1);
    const lock = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'together' });
    assert.equal(lock.lastOutcome, 'done');
    assert.ok(lock.lockedUntil.getTime() < Date.now(), 'released after the run');
    assert.deepEqual(await runExclusive(db.orm, job, logger), { result: 'ran', outcome: 'done' }, 'free again for the next run');
  });

  it('runs a scheduled job once per tick across instances, even when the first run has already freed the lock', async () => {
    let runs = 0;
    const job: Job = { name: 'per-tick', schedule: '* * * * *', lockMs: 60_000, run: async () => `run ${(runs += 1)}` };
    const tick = tickOf(new Date('2026-11-27T10:00:00.400Z'));
    assert.equal(tick.toISOString(), '2026-11-27T10:00:00.000Z');
    // Instance A's timer fires; instance B's fires for the same scheduled time after A has finished and released the lock.
    assert.equal((await runExclusive(db.orm, job, logger, { tick })).result, 'ran');
    assert.equal((await runExclusive(db.orm, job, logger, { tick: new Date('2026-11-27T10:00:00.000Z') })).result, 'skipped');
    assert.equal(runs, 1);
    assert.equal((await runExclusive(db.orm, job, logger, { tick: new Date('2026-11-27T10:01:00.000Z') })).result, 'ran', 'the next tick runs');
    assert.equal((await runExclusive(db.orm, job, logger)).result, 'ran', 'a run by hand is not a tick: it runs whenever the lock is free');
    assert.equal(runs, 3);
  });

  it('takes over a lock whose holder died, once it has expired', async () => {
    await db.orm.em.fork().insert(JobLockSchema!, { name: 'orphan', owner: 'dead-instance', lockedUntil: new Date(Date.now() + 60_000), lastRunAt: null, lastOutcome: null });
    const job: Job = { name: 'orphan', schedule: '* * * * *', lockMs: 1000, run: async () => 'ok' };
    assert.equal((await runExclusive(db.orm, job, logger)).result, 'skipped');
    await db.orm.em.fork().nativeUpdate(JobLockSchema!, { name: 'orphan' }, { lockedUntil: new Date(Date.now() - 1000) });
    assert.equal((await runExclusive(db.orm, job, logger)).result, 'ran');
  });

  it('records a failing job without throwing, and frees its lock', async () => {
    const job: Job = { name: 'failing', schedule: '* * * * *', lockMs: 60_000, run: async () => { throw new Error('disk full'); } };
    assert.deepEqual(await runExclusive(db.orm, job, logger), { result: 'failed', outcome: 'failed: disk full' });
    const lock = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'failing' });
    assert.equal(lock.lastOutcome, 'failed: disk full');
    assert.ok(lock.lockedUntil.getTime() < Date.now(), 'released after the failure');
  });

  it('survives a database error while taking the lock, and runs on the next tick once the database answers', async () => {
    let runs = 0;
    const job: Job = { name: 'db-down', schedule: '* * * * *', lockMs: 60_000, run: async () => String((runs += 1)) };
    const { logger: recording, lines } = recordingLogger();
    const connection = db.orm.em.getConnection();
    await withoutUnhandledRejections(async () => {
      // A real database error: the lock table is not there for a moment.
      await connection.execute('alter table job_lock rename to job_lock_away');
      try {
        assert.equal((await runExclusive(db.orm, job, recording)).result, 'failed');
        assert.equal(runs, 0, 'the job itself did not run without its lock');
      } finally {
        await connection.execute('alter table job_lock_away rename to job_lock');
      }
      assert.equal((await runExclusive(db.orm, job, recording)).result, 'ran');
    });
    assert.equal(runs, 1);
    assert.ok(lines.some((l) => l.level === 50 && l.job === 'db-down' && l.msg.startsWith('job lock could not be taken') && l.err), 'the error is logged');
  });

  it('takes back at once a lock it could not release, instead of waiting for it to expire', async () => {
    let runs = 0;
    const connection = db.orm.em.getConnection();
    const job: Job = {
      name: 'release-fails',
      schedule: '* * * * *',
      lockMs: 60 * 60_000,
      async run() {
        runs += 1;
        // The database goes away after the work is done, before the lock is given back.
        if (runs === 1) await connection.execute('alter table job_lock rename to job_lock_away');
        return `run ${runs}`;
      },
    };
    const { logger: recording, lines } = recordingLogger();
    await withoutUnhandledRejections(async () => {
      try {
        assert.deepEqual(await runExclusive(db.orm, job, recording), { result: 'ran', outcome: 'run 1' });
      } finally {
        await connection.execute('alter table job_lock_away rename to job_lock');
      }
    });
    assert.ok(lines.some((l) => l.level === 50 && l.msg.startsWith('job lock could not be released')), 'the error is logged');
    const held = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'release-fails' });
    assert.ok(held.lockedUntil.getTime() > Date.now(), 'the lock is still held in the database');
    assert.deepEqual(await runExclusive(db.orm, job, recording), { result: 'ran', outcome: 'run 2' }, 'the next run is not locked out for an hour');
    const released = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'release-fails' });
    assert.ok(released.lockedUntil.getTime() < Date.now());
  });
});

describe('scheduled jobs', () => {
  it('a database error inside a scheduled run is logged, frees the lock, the next tick runs the job, and the app keeps serving', async () => {
    const app = await startTestApp();
    const { logger: recording, lines } = recordingLogger();
    let attempts = 0;
    const job: Job = {
      name: 'flaky-query',
      // Every second (node-cron's six-field form), so that the test sees two ticks.
      schedule: '* * * * * *',
      lockMs: 60_000,
      async run(em) {
        attempts += 1;
        // The first run's query fails in the database itself; the next ones succeed.
        const rows = await em.getConnection().execute(`select count(*) as n from ${attempts === 1 ? 'no_such_table' : 'job_lock'}`);
        return `${rows.length} row`;
      },
    };
    let stop: () => void = () => undefined;
    try {
      await withoutUnhandledRejections(async () => {
        stop = scheduleJobs(app.orm, [job], recording);
        const failed = await waitFor(() => lines.find((l) => l.job === 'flaky-query' && l.msg.startsWith('job failed')));
        assert.match(failed.err?.message ?? '', /no_such_table|doesn't exist|no such table/i, 'the database error is in the log');
        const afterFailure = await fetch(`${app.url}/api/categories`);
        assert.equal(afterFailure.status, 200, 'the app still answers after the failed run');
        await waitFor(() => lines.find((l) => l.job === 'flaky-query' && l.msg === 'job finished'));
      });
      stop();
      assert.ok(attempts >= 2, 'the next tick ran the job again');
      const lock = await app.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'flaky-query' });
      assert.equal(lock.lastOutcome, '1 row');
      assert.ok(lock.lockedUntil.getTime() < Date.now(), 'no lock left held');
      assert.equal((await fetch(`${app.url}/api/categories`)).status, 200);
    } finally {
      stop();
      await app.close();
    }
  });
});

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not seen in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
