export { siteServer, renderErrorPage } from './site-server.ts';
export { arrivalBase } from './api-base.ts';
export type { SiteHolder } from './site-server.ts';
export { buildSiteIfStale, buildSourceHash } from './site-builder.ts';
export { rebuildSiteIfDataChanged } from './site-rebuild.ts';
export type { BuildEnv } from './site-builder.ts';
export { buildsDir, loadBuild, loadCurrentBuild, siteSourceHash } from './site-build.ts';
export type { SiteBuild, BuildInfo } from './site-build.ts';
export { exportSnapshot } from './snapshot.ts';
