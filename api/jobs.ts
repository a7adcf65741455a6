import type { MikroORM } from '@mikro-orm/core';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { purgeOldTokens } from '../modules/accounts/index.ts';
import { runExclusive, type Job } from '../modules/jobs/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { purgeOldHits } from '../modules/rate-limits/index.ts';
import { purgeExpiredSessions } from '../modules/sessions/index.ts';
import type { Config } from './config.ts';
import { buildSiteIfStale, loadCurrentBuild, type SiteHolder } from './site/index.ts';

export function jobs(deps: { config: Config; mailer: Mailer; site: SiteHolder }): Job[] {
  return [
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
  const result = await buildSiteIfStale(orm.em.fork(), config, log);
  if (result.built || site.current?.info.id !== result.info.id) site.current = await loadCurrentBuild();
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
