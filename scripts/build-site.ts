/** npm run build: exports the data snapshot from the database and builds the site from it. */
import { loadConfig, mediaLinksOf } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { createSiteBuilder } from '../api/site/index.ts';
import { migrate, openDatabase, seedReference } from '../db/index.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const orm = await openDatabase(config.DATABASE_URL);
try {
  await migrate(orm);
  await seedReference(orm.em.fork());
  const { info } = await createSiteBuilder(config.SITE_DIR, mediaLinksOf(config)).buildIfStale(orm.em.fork(), config, logger, { force: process.argv.includes('--force') });
  logger.info({ id: info.id }, 'current site build');
} finally {
  await orm.close();
}
