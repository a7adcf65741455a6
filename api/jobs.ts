import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { purgeOldTokens } from '../modules/accounts/index.ts';
import { expireAbandoned, pendingLifetimeMs } from '../modules/donations/index.ts';
import { runExclusive, type Job } from '../modules/jobs/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import type { PaymentService } from '../modules/payments/index.ts';
import { purgeOldHits } from '../modules/rate-limits/index.ts';
import { purgeExpiredSessions } from '../modules/sessions/index.ts';
import type { Config } from './config.ts';
import { buildSiteIfStale, buildsDir, loadBuild, type SiteHolder } from './site/index.ts';

export function jobs(deps: { config: Config; mailer: Mailer; site: SiteHolder; payments: PaymentService }): Job[] {
  return [
    {
      // Before expiry: a payment the donor completed but never came back from is found here.
      name: 'reconcile-payments',
      schedule: '*/10 * * * *',
      lockMs: 10 * 60_000,
      async run(orm) {
        const now = Date.now();
        const { asked, settled } = await deps.payments.reconcile(orm.em.fork(), { from: new Date(now - 2 * pendingLifetimeMs), to: new Date(now - 10 * 60_000) });
        return `${asked} open payments asked about, ${settled} settled`;
      },
    },
    {
      name: 'expire-donations',
      schedule: '23 * * * *',
      lockMs: 10 * 60_000,
      async run(orm) {
        const expired = await expireAbandoned(orm.em.fork(), new Date(Date.now() - pendingLifetimeMs));
        return `${expired} abandoned donations expired`;
      },
    },
    {
      name: 'purge-expired',
      schedule: '17 * * * *',
      lockMs: 10 * 60_000,
      async run(orm) {
        const em = orm.em.fork();
        const sessions = await purgeExpiredSessions(em);
        const hits = await purgeOldHits(em, 24 * 60 * 60_000);
        const tokens = await purgeOldTokens(em);
        return `${sessions} sessions, ${hits} rate-limit hits, ${tokens} account tokens removed`;
      },
    },
    {
      name: 'retry-mail',
      schedule: '*/5 * * * *',
      lockMs: 5 * 60_000,
      async run(orm) {
        const retried = await deps.mailer.retryFailed(orm.em.fork());
        return `${retried} mails retried`;
      },
    },
  ];
}

/**
 * The site's output lives on each instance's own disk, so every instance checks its own
 * copy; no cross-instance lock is wanted here (a shared CDN copy would change that).
 */
export async function rebuildSiteIfDataChanged(orm: MikroORM, config: Config, site: SiteHolder, log: Logger): Promise<void> {
  const result = await buildSiteIfStale(orm.em.fork(), config, log, { serving: site.current?.info ?? null });
  // By its id, not through `current`, which another server on the same folder may have switched since.
  if (site.current?.info.id !== result.info.id) site.current = (await loadBuild(join(buildsDir, result.info.id), site.current)) ?? site.current;
}

export function scheduleJobs(orm: MikroORM, config: Config, list: Job[], site: SiteHolder, logger: Logger): () => void {
  const tasks = list.map((job) => cron.schedule(job.schedule, () => void runExclusive(orm, job, logger), { name: job.name }));
  tasks.push(
    cron.schedule(
      config.SITE_REBUILD_CRON,
      () =>
        void rebuildSiteIfDataChanged(orm, config, site, logger).catch((error: unknown) =>
          logger.error({ err: error }, 'site rebuild failed; the previous build stays online'),
        ),
      { name: 'site-rebuild' },
    ),
  );
  return () => {
    for (const task of tasks) void task.stop();
  };
}
