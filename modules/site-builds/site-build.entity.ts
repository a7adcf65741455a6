import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const siteBuildTriggers = ['START', 'SCHEDULE', 'CHANGE', 'ADMIN'] as const;
export type SiteBuildTrigger = (typeof siteBuildTriggers)[number];

export const siteBuildResults = ['BUILT', 'FAILED'] as const;
export type SiteBuildResult = (typeof siteBuildResults)[number];

/**
 * A build of the pre-rendered pages, made or failed (a check that found the pages up to date
 * is not one). Written by the instance that built, so with many instances each has its rows.
 */
export const SiteBuildSchema = defineEntity({
  name: 'SiteBuild',
  tableName: 'site_build',
  properties: {
    id: p.integer().primary().autoincrement(),
    startedAt: p.datetime().index(),
    durationMs: p.integer(),
    trigger: p.enum(siteBuildTriggers),
    result: p.enum(siteBuildResults),
    /** The build's folder name; null when it failed. */
    buildId: p.string().length(80).nullable(),
    error: p.string().length(500).nullable(),
    host: p.string().length(100),
  },
});

export type SiteBuild = InferEntity<typeof SiteBuildSchema>;
