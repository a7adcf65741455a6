import type { MikroORM } from '@mikro-orm/core';
import cron from 'node-cron';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../kernel/changes/index.ts';
import { purgeAccountTokensJob } from '../modules/accounts/index.ts';
import { refundRunsJob } from '../modules/admin/index.ts';
import { commentDigestJob } from '../modules/comments/index.ts';
import { expireDonationsJob } from '../modules/donations/index.ts';
import { fundraiserKeys } from '../modules/fundraisers/index.ts';
import { scheduleJobs, type Job } from '../modules/jobs/index.ts';
import { retryMailJob, type Mailer } from '../modules/mail/index.ts';
import { reconcilePaymentsJob, type PaymentService } from '../modules/payments/index.ts';
import { reconcilePayoutsJob, type PayoutService } from '../modules/payouts/index.ts';
import { purgeRateLimitHitsJob } from '../modules/rate-limits/index.ts';
import { forgetVisitorsJob } from '../modules/reports/index.ts';
import type { SiteBuildTrigger } from '../modules/site-builds/index.ts';
import { purgeSessionsJob } from '../modules/sessions/index.ts';
import { memberDigestJob } from '../modules/teams/index.ts';
import type { Config } from './config.ts';
import { rebuildOnChange, rebuildSiteIfDataChanged, type SiteHolder } from './site/index.ts';

export interface JobDependencies {
  mailer: Mailer;
  payments: PaymentService;
  payouts: PayoutService;
}

/** What the schedule needs besides the jobs': the site it rebuilds, and the feed whose changes start a rebuild. */
export interface ScheduleDependencies extends JobDependencies {
  site: SiteHolder;
  feed: ChangeFeed;
}

/**
 * Every job, registered here and nowhere else: what the schedule runs and what
 * `npm run job -- <name>` can run. Each is defined beside the code it serves.
 */
export function jobList(deps: JobDependencies): Job[] {
  return [
    reconcilePaymentsJob(deps.payments),
    refundRunsJob(deps.payments, deps.payouts.refundGuard),
    reconcilePayoutsJob(deps.payouts),
    expireDonationsJob,
    purgeSessionsJob,
    purgeRateLimitHitsJob,
    purgeAccountTokensJob,
    retryMailJob(deps.mailer),
    commentDigestJob(deps.mailer),
    memberDigestJob(deps.mailer),
    forgetVisitorsJob,
  ];
}

/** Schedules every job and the site's rebuild; answers a function that stops them all. */
export function scheduleAll(orm: MikroORM, config: Config, deps: ScheduleDependencies, logger: Logger): () => void {
  const stopJobs = scheduleJobs(orm, jobList(deps), logger);
  const rebuildSite = siteRebuilder(orm, config, deps.site, logger);
  // The job catches changes made by hand in the database; those made through an instance (this one or, with a shared feed, another) start a rebuild themselves.
  const rebuild = config.SITE_REBUILD_CRON === 'off' ? null : cron.schedule(config.SITE_REBUILD_CRON, () => void rebuildSite('SCHEDULE'), { name: 'site-rebuild' });
  const stopRebuildOnChange = config.SITE_REBUILD_ON_CHANGE ? rebuildSiteOnChange(deps.feed, () => rebuildSite('CHANGE')) : () => undefined;
  return () => {
    stopJobs();
    stopRebuildOnChange();
    void rebuild?.stop();
  };
}

/** Rebuilds the site if the data it shows changed, logging a failure (the previous build stays). */
export function siteRebuilder(orm: MikroORM, config: Config, site: SiteHolder, logger: Logger): (trigger: SiteBuildTrigger) => Promise<void> {
  return (trigger) =>
    rebuildSiteIfDataChanged(orm, config, site, logger, { trigger }).then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'site rebuild failed; the previous build stays online'),
    );
}

/**
 * Rebuilds the pre-rendered pages when a change on this instance alters what they show: a
 * fundraiser started, suspended, closed or retitled within seconds, totals at most once a
 * minute (api/site/rebuild-on-change.ts). Answers a function that stops it.
 */
export function rebuildSiteOnChange(feed: ChangeFeed, rebuildSite: () => Promise<void>): () => void {
  return rebuildOnChange(feed, rebuildSite, {
    urgent: [fundraiserKeys.listing],
    routine: [fundraiserKeys.lists],
    settleMs: 2_000,
    routineMs: 60_000,
  });
}
