import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/core';
import type { ChangeFeed } from '../../kernel/changes/index.ts';
import { createApp, listen } from '../../api/app.ts';
import { loadConfig, mediaLinksOf, type Config } from '../../api/config.ts';
import { createLogger } from '../../api/logger.ts';
import { createSiteBuilder, type SiteBuild, type SiteHolder } from '../../api/site/index.ts';
import { seedReference } from '../../db/index.ts';
import type { PasswordHashing } from '../../modules/accounts/index.ts';
import { createMailer, type Mailer } from '../../modules/mail/index.ts';
import type { MediaLinks } from '../../modules/media/index.ts';
import { cheapHashing } from './accounts.ts';
import { TestClient } from './http-client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { testSiteDir } from './test-site.ts';
import { unlimitedDonations } from './unlimited-donations.ts';

export interface TestApp {
  orm: MikroORM;
  config: Config;
  mailer: Mailer;
  site: SiteHolder;
  /** The feed the app's caches check their copies against. */
  feed: ChangeFeed;
  /** The addresses the app gives images (what views and snapshots are made with). */
  mediaLinks: MediaLinks;
  /** A fresh folder for uploaded images, removed on close (unless MEDIA_DIR was given). */
  mediaDir: string;
  url: string;
  /** Writes the views and shares counted so far, as the server's timer does. */
  flushCounts(): Promise<number>;
  client(): TestClient;
  close(): Promise<void>;
}

/** The real app on a real (fresh) database, listening on a free loopback port. */
export async function startTestApp(env: Record<string, string> = {}, options: { build?: SiteBuild; passwordHashing?: PasswordHashing } = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const ownMediaDir = env.MEDIA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'fundraise-media-')) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'data',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema',
    LOG_LEVEL: 'silent',
    SITE_DIR: testSiteDir,
    ...unlimitedDonations,
    ...(ownMediaDir ? { MEDIA_DIR: ownMediaDir } : {}),
    ...env,
  });
  await seedReference(database.orm.em.fork());
  const logger = createLogger(config.LOG_LEVEL);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const mediaLinks = mediaLinksOf(config);
  const site: SiteHolder = { current: options.build ?? null, builder: createSiteBuilder(config.SITE_DIR, mediaLinks) };
  const app = createApp({ config, orm: database.orm, logger, mailer, site, passwordHashing: options.passwordHashing ?? cheapHashing });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    orm: database.orm,
    config,
    mailer,
    site,
    feed: app.feed,
    mediaLinks,
    mediaDir: config.MEDIA_DIR,
    url,
    flushCounts: () => app.counter.flush(database.orm.em.fork()),
    client: () => new TestClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
      if (ownMediaDir) rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}
