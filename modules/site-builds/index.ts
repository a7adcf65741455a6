export { recordSiteBuild, latestSiteBuilds } from './site-build.service.ts';
export { siteBuildTriggers, siteBuildResults } from './site-build.entity.ts';
export type { SiteBuild, SiteBuildTrigger } from './site-build.entity.ts';

import { SiteBuildSchema } from './site-build.entity.ts';
export const siteBuildEntities = [SiteBuildSchema];
