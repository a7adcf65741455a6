import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { buildsDir, loadBuild } from './site-build.ts';
import { buildSiteIfStale } from './site-builder.ts';
import type { SiteHolder } from './site-server.ts';

/**
 * Rebuilds the site when the data it shows changed, and serves the new build. Not a locked
 * job: the site's output lives on each instance's own disk, so every instance checks its own
 * copy (a shared CDN copy would change that).
 */
export async function rebuildSiteIfDataChanged(orm: MikroORM, config: Config, site: SiteHolder, log: Logger): Promise<void> {
  const result = await buildSiteIfStale(orm.em.fork(), config, log, { serving: site.current?.info ?? null });
  // By its id, not through `current`, which another server on the same folder may have switched since.
  if (site.current?.info.id !== result.info.id) site.current = (await loadBuild(join(buildsDir, result.info.id), site.current)) ?? site.current;
}
