import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/core';
import { SiteBuildSchema, type SiteBuild, type SiteBuildResult, type SiteBuildTrigger } from './site-build.entity.ts';

/** Notes a build made or failed; a failure to note it is the caller's to log, never the build's. */
export async function recordSiteBuild(
  em: EntityManager,
  build: { startedAt: Date; durationMs: number; trigger: SiteBuildTrigger; result: SiteBuildResult; buildId: string | null; error: string | null },
): Promise<void> {
  await em.insert(SiteBuildSchema, { ...build, error: build.error?.slice(0, 500) ?? null, host: hostname().slice(0, 100) });
}

/** The last builds, newest first. */
export function latestSiteBuilds(em: EntityManager, limit: number): Promise<SiteBuild[]> {
  return em.find(SiteBuildSchema, {}, { orderBy: { id: 'desc' }, limit });
}
