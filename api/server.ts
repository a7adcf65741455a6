import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { dialectOf, openDatabase, seedDemoIfEmpty, seedReference, underStartupLock } from '../db/index.ts';
import { createChangeFeed, shareChanges } from '../kernel/changes/index.ts';
import { createMailer } from '../modules/mail/index.ts';
import { mediaLinks, mediaStorage } from '../modules/media/index.ts';
import { createApp, listen } from './app.ts';
import { assertServable, mediaStorageOptions, type Config } from './config.ts';
import { scheduleAll } from './jobs.ts';
import { assertCanListen, listeningProblem } from './listening.ts';
import { createLogger } from './logger.ts';
import { createSiteBuilder, rebuildSiteIfDataChanged, type SiteHolder } from './site/index.ts';

export interface Running {
  server: Server;
  orm: MikroORM;
  logger: Logger;
  url: string;
  stop(): Promise<void>;
}

/**
 * Everything `npm start` does: migrate, seed, make sure a site build exists, serve, and
 * schedule jobs. A missing build is made before serving; a stale one is served while the
 * new one builds.
 */
/** How often counted views and shares are written: a crash loses at most this much of them. */
export const countFlushMs = 5_000;

export async function start(config: Config, options: { jobs?: boolean } = {}): Promise<Running> {
  // What would fail only once the database is migrated and the site built fails first, in one line.
  assertServable(config);
  await assertCanListen(config.PORT, config.HOST);
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(config.DATABASE_URL);
  const mediaStore = mediaStorage(mediaStorageOptions(config));
  // One instance at a time: another starting beside it waits, then finds the work done.
  const demo = await underStartupLock(orm, async () => {
    const applied = (await orm.migrator.up()).map((m) => m.name);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    await seedReference(orm.em.fork());
    return seedDemoIfEmpty(orm.em.fork(), { storage: mediaStore });
  });
  if (demo) {
    logger.info({ fundraisers: demo.fundraisers }, 'demo data loaded into the empty database');
    // In the message, not a field: the logger redacts fields named password.
    logger.warn(`demo admin account: ${demo.admin.email} with password ${demo.admin.password} (generated now and shown only once)`);
  }

  // Before the site is built from the data and before the app serves: what other instances
  // change from then on is heard of, and no kept page is answered without asking them first.
  // One feed for the process: a change and the caches it makes stale may be anywhere in it (a webhook's transaction, a job, a page's render cache).
  const feed = createChangeFeed();
  const sharing = config.CHANGE_FEED === 'database' ? shareChanges(orm, feed, { dialect: dialectOf(config.DATABASE_URL), logger }) : null;
  await sharing?.ready;
  // The static pages name images by the address they are served from, which the storage decides.
  const builder = createSiteBuilder(config.SITE_DIR, mediaLinks(mediaStore.publicBase));
  const site: SiteHolder = { current: await builder.loadCurrent(), builder };
  if (!site.current) {
    await rebuildSiteIfDataChanged(orm, config, site, logger, { trigger: 'START' });
    site.current ??= await builder.loadCurrent();
  } else {
    void rebuildSiteIfDataChanged(orm, config, site, logger, { trigger: 'START' }).catch((error: unknown) =>
      logger.error({ err: error }, 'site rebuild failed; the previous build stays online'),
    );
  }

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  if (!mailer.delivers) logger.warn('SMTP_URL is not set: mails are kept in the outbox table and logged');
  if (!config.RECAPTCHA_SECRET) logger.warn('RECAPTCHA_SECRET is not set: the bot check is off');
  const app = createApp({ config, orm, logger, mailer, site, feed });
  const stopJobs = options.jobs === false ? () => undefined : scheduleAll(orm, config, { mailer, payments: app.payments, payouts: app.payouts, site, feed }, logger);

  // Counted views and shares go to the database every few seconds, and once more on the way out.
  const flushCounts = () => app.counter.flush(orm.em.fork());
  const counting = setInterval(() => void flushCounts(), countFlushMs);
  counting.unref();

  const server = await listen(app, config.PORT, config.HOST).catch((error: unknown) => {
    throw listeningProblem(error, config.PORT, config.HOST);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${urlHost(config.HOST)}:${port}`;
  logger.info({ url, publicUrl: config.PUBLIC_URL }, 'serving');

  return {
    server,
    orm,
    logger,
    url,
    async stop() {
      stopJobs();
      sharing?.stop();
      clearInterval(counting);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await flushCounts();
      await orm.close();
    },
  };
}

/** The host part of the address the app is reached at on this machine: localhost unless it listens on one interface. */
function urlHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
