import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { jobEntities, runExclusive, type Job } from './index.ts';

const [JobLockSchema] = jobEntities;
const logger = createLogger('silent');

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
    assert.deepEqual(results.sort(), ['ran', 'skipped']);
    assert.equal(runs, 1);
    const lock = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'together' });
    assert.equal(lock.lastOutcome, 'done');
    assert.ok(lock.lockedUntil.getTime() < Date.now(), 'released after the run');
    assert.equal(await runExclusive(db.orm, job, logger), 'ran', 'free again for the next run');
  });

  it('takes over a lock whose holder died, once it has expired', async () => {
    await db.orm.em.fork().insert(JobLockSchema!, { name: 'orphan', owner: 'dead-instance', lockedUntil: new Date(Date.now() + 60_000), lastRunAt: null, lastOutcome: null });
    const job: Job = { name: 'orphan', schedule: '* * * * *', lockMs: 1000, run: async () => 'ok' };
    assert.equal(await runExclusive(db.orm, job, logger), 'skipped');
    await db.orm.em.fork().nativeUpdate(JobLockSchema!, { name: 'orphan' }, { lockedUntil: new Date(Date.now() - 1000) });
    assert.equal(await runExclusive(db.orm, job, logger), 'ran');
  });

  it('records a failing job without throwing, and frees its lock', async () => {
    const job: Job = { name: 'failing', schedule: '* * * * *', lockMs: 60_000, run: async () => { throw new Error('disk full'); } };
    assert.equal(await runExclusive(db.orm, job, logger), 'failed');
    const lock = await db.orm.em.fork().findOneOrFail(JobLockSchema!, { name: 'failing' });
    assert.equal(lock.lastOutcome, 'failed: disk full');
  });

  it('survives a database error while taking the lock, and runs on the next tick once the database answers', async () => {
    let runs = 0;
    const job: Job = { name: 'db-down', schedule: '* * * * *', lockMs: 60_000, run: async () => String((runs += 1)) };
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const connection = db.orm.em.getConnection();
    // A real database error: the lock table is not there for a moment.
    await connection.execute('alter table `job_lock` rename to `job_lock_away`');
    try {
      assert.equal(await runExclusive(db.orm, job, logger), 'failed');
      assert.equal(runs, 0, 'the job itself did not run without its lock');
    } finally {
      await connection.execute('alter table `job_lock_away` rename to `job_lock`');
    }
    assert.equal(await runExclusive(db.orm, job, logger), 'ran');
    assert.equal(runs, 1);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onRejection);
    assert.deepEqual(rejections, []);
  });
});
