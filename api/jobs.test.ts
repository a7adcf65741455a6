import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import cron from 'node-cron';
import { createLogger } from './logger.ts';
import { createMailer } from '../modules/mail/index.ts';
import { createPaymentService } from '../modules/payments/index.ts';
import { createPayoutService } from '../modules/payouts/index.ts';
import { jobList } from './jobs.ts';

describe('job list', () => {
  const logger = createLogger('silent');
  const jobs = jobList({
    mailer: createMailer({ smtpUrl: undefined, from: 'test@localhost', logger }),
    payments: createPaymentService({ providers: {}, publicUrl: 'http://localhost', logger }),
    payouts: createPayoutService({ rail: null, mailer: createMailer({ smtpUrl: undefined, from: 'test@localhost', logger }), holds: { cardDays: 7, chapaDays: 2 }, adminThresholdMinor: { ETB: 1, USD: 1 }, logger }),
  });

  it('names every job once, since a name is its lock', () => {
    const names = jobs.map((job) => job.name);
    assert.deepEqual(new Set(names).size, names.length);
    assert.deepEqual(names.sort(), ['comment-digests', 'expire-donations', 'forget-old-visitors', 'purge-account-tokens', 'purge-rate-limit-hits', 'purge-sessions', 'reconcile-payments', 'reconcile-payouts', 'refund-runs', 'retry-mail', 'team-member-digests']);
  });

  it('gives every job a valid schedule and a lock that outlasts a minute', () => {
    for (const job of jobs) {
      assert.ok(cron.validate(job.schedule), `${job.name}: ${job.schedule}`);
      assert.ok(job.lockMs >= 60_000, job.name);
    }
  });
});
