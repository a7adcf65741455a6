import type { MikroORM } from '@mikro-orm/core';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { purgeAccountTokensJob } from '../modules/accounts/index.ts';
import { expireDonationsJob } from '../modules/donations/index.ts';
import { scheduleJobs, type Job } from '../modules/jobs/index.ts';
import { retryMailJob, type Mailer } from '../modules/mail/index.ts';
import { reconcilePaymentsJob, type PaymentService } from '../modules/payments/index.ts';
import { purgeRateLimitHitsJob } from '../modules/rate-limits/index.ts';
import { purgeSessionsJob } from '../modules/sessions/index.ts';
import type { Config } from './config.ts';
import { rebuildSiteIfDataChanged, type SiteHolder } from './site/index.ts';

export interface JobDependencies {
  mailer: Mailer;
  payments: PaymentService;
}

/**
 * Every job, registered here and nowhere else: what the schedule runs and what
 * `npm run job -- <name>` can run. Each is defined beside the code it serves.
 */
export function jobList(deps: JobDependencies): Job[] {
  return [
    reconcilePaymentsJob(deps.payments),
    expireDonationsJob,
    purgeSessionsJob,
    purgeRateLimitHitsJob,
    purgeAccountTokensJob,
    retryMailJob(deps.mailer),
  ];
}

/** Schedules every job and the site's rebuild; answers a function that stops them all. */
export function scheduleAll(orm: MikroORM, config: Config, deps: JobDependencies & { site: SiteHolder }, logger: Logger): () => void {
  const stopJobs = scheduleJobs(orm, jobList(deps), logger);
  const rebuild = cron.schedule(
    config.SITE_REBUILD_CRON,
    () =>
      void rebuildSiteIfDataChanged(orm, config, deps.site, logger).catch((error: unknown) =>
        logger.error({ err: error }, 'site rebuild failed; the previous build stays online'),
      ),
    { name: 'site-rebuild' },
  );
  return () => {
    stopJobs();
    void rebuild.stop();
  };
}
