import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { recordSiteBuild, type SiteBuildTrigger } from '../../modules/site-builds/index.ts';
import type { Config } from '../config.ts';
import { loadBuild } from './site-build.ts';
import type { SiteHolder } from './site-server.ts';

/**
 * Rebuilds the site when the data it shows changed (always with `force`), serves the new
 * build, and notes a build made or failed (modules/site-builds). Not a locked job: the
 * site's output lives on each instance's own disk, so every instance checks its own copy
 * (a shared CDN copy would change that). A failure is thrown after it is noted.
 */
export async function rebuildSiteIfDataChanged(
  orm: MikroORM,
  config: Config,
  site: SiteHolder,
  log: Logger,
  options: { trigger: SiteBuildTrigger; force?: boolean },
): Promise<{ built: boolean }> {
  const startedAt = new Date();
  const started = performance.now();
  const note = (result: 'BUILT' | 'FAILED', buildId: string | null, error: string | null) =>
    recordSiteBuild(orm.em.fork(), { startedAt, durationMs: Math.round(performance.now() - started), trigger: options.trigger, result, buildId, error }).catch(
      (failure: unknown) => log.error({ err: failure }, 'could not note the site build'),
    );
  let result: Awaited<ReturnType<SiteHolder['builder']['buildIfStale']>>;
  try {
    result = await site.builder.buildIfStale(orm.em.fork(), config, log, { serving: site.current?.info ?? null, force: options.force ?? false });
  } catch (error) {
    await note('FAILED', null, error instanceof Error ? error.message : String(error));
    throw error;
  }
  if (result.built) await note('BUILT', result.info.id, null);
  // By its id, not through `current`, which another server on the same folder may have switched since.
  if (site.current?.info.id !== result.info.id) site.current = (await loadBuild(join(site.builder.folder.builds, result.info.id), site.current)) ?? site.current;
  return { built: result.built };
}
