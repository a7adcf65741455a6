import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { indexStaticFiles, type StaticFile } from './static-files.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const projectRoot = resolve(import.meta.dirname, '../..');
export const siteRoot = join(projectRoot, 'site');
/** Where builds go unless SITE_DIR says otherwise: beside the sources, where the server bundle finds the project's node_modules. */
export const defaultSiteDir = join(siteRoot, 'dist');

/** A folder of builds, each in its own subfolder, and the `current` link to the one served. */
export interface SiteFolder {
  root: string;
  builds: string;
  current: string;
}

export function siteFolder(root: string = defaultSiteDir): SiteFolder {
  const absolute = resolve(projectRoot, root);
  return { root: absolute, builds: join(absolute, 'builds'), current: join(absolute, 'current') };
}
export const snapshotFile = join(siteRoot, 'src', 'data', 'snapshot.json');

export interface BuildInfo {
  id: string;
  sourceHash: string;
  snapshotHash: string;
  scriptHashes: string[];
  /** The address absolute links were made with; not a source (see buildSettingsHash), but baked into the server bundle. */
  publicUrl?: string;
  builtAt: string;
}

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

export interface SiteBuild {
  info: BuildInfo;
  dir: string;
  clientDir: string;
  /** Every file of the build by URL path, held in memory: a build never changes once made. */
  files: Map<string, StaticFile>;
  handler: AstroHandler | null;
  /** The build whose server bundle `handler` comes from: this one, or an earlier one with the same sources. */
  handlerBuildId: string | null;
}

/** Builds whose server bundle this process runs: their folders must outlive them (chunks load lazily). */
const bundlesInUse = new Set<string>();

export function bundleInUse(buildId: string): boolean {
  return bundlesInUse.has(buildId);
}

/** What the site is built from besides data: its sources and the installed packages. */
export function siteSourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [join(siteRoot, 'src'), join(siteRoot, 'public'), join(siteRoot, 'astro.config.mjs'), join(projectRoot, 'package-lock.json')];
  for (const input of inputs) hashTree(hash, input);
  return hash.digest('hex').slice(0, 16);
}

function hashTree(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      // The snapshot is data and is hashed on its own; a rebuild for data must not look like a code change.
      if (join(path, entry) === snapshotFile) continue;
      hashTree(hash, join(path, entry));
    }
    return;
  }
  hash.update(relative(projectRoot, path));
  hash.update(readFileSync(path));
}

export function readBuildInfo(dir: string): BuildInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** Loads the build `current` points at; null when there is none yet. */
export async function loadCurrentBuild(folder: SiteFolder): Promise<SiteBuild | null> {
  if (!existsSync(folder.current)) return null;
  return loadBuild(realpathSync(folder.current));
}

/**
 * Loads a build. Given the build being replaced, a rebuild for data alone keeps its server
 * bundle: pages rendered on demand read data from the API, not from the snapshot, and an
 * imported module is never freed, so importing every data rebuild's copy (one every few
 * minutes while donations come in) would grow the process without end.
 */
export async function loadBuild(dir: string, replacing: SiteBuild | null = null): Promise<SiteBuild | null> {
  const info = readBuildInfo(dir);
  if (!info) return null;
  const entry = join(dir, 'server', 'entry.mjs');
  const sameSources =
    replacing !== null && replacing.handler !== null && replacing.info.sourceHash === info.sourceHash && replacing.info.publicUrl === info.publicUrl && info.publicUrl !== undefined;
  // Each build has its own path, so importing a new one never hits the module cache of the old.
  const handler = sameSources
    ? replacing.handler
    : existsSync(entry)
      ? ((await import(pathToFileURL(entry).href)) as { handler: AstroHandler }).handler
      : null;
  const handlerBuildId = sameSources ? replacing.handlerBuildId : handler ? info.id : null;
  if (handlerBuildId) bundlesInUse.add(handlerBuildId);
  const clientDir = join(dir, 'client');
  return { info, dir, clientDir, files: indexStaticFiles(clientDir), handler, handlerBuildId };
}
