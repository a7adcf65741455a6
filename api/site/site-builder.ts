import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/core';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import type { Logger } from 'pino';
import { bundleInUse, loadCurrentBuild, projectRoot, readBuildInfo, siteFolder, siteRoot, siteSourceHash, type BuildInfo, type SiteBuild, type SiteFolder } from './site-build.ts';
import type { MediaLinks } from '../../modules/media/index.ts';
import { snapshotSchema } from './snapshot.schemas.ts';
import { exportSnapshot, snapshotHash } from './snapshot.ts';

export interface BuildEnv {
  PUBLIC_URL: string;
  ANALYTICS_ID?: string | undefined;
  RECAPTCHA_SITE_KEY?: string | undefined;
  GOOGLE_CLIENT_ID?: string | undefined;
}

/**
 * The configuration the pages carry (read in .astro files through process.env), and so the
 * only part of it the build gets. Callers pass the whole Config, which also holds secrets
 * and NODE_ENV=development; neither belongs in a build.
 */
const buildEnvNames = ['PUBLIC_URL', 'ANALYTICS_ID', 'RECAPTCHA_SITE_KEY', 'GOOGLE_CLIENT_ID'] as const;

/**
 * Settings that change what the pages contain: turning the bot check, Google sign-in or
 * analytics on must rebuild the site even when neither its sources nor its data changed.
 * PUBLIC_URL is left out: it only fills absolute links, so pages rendered on demand (which
 * read their data in process) are served alike by a build made for another address. Whether
 * a build is stale does count it (see build).
 */
function buildSettingsHash(env: BuildEnv): string {
  const settings = { ANALYTICS_ID: env.ANALYTICS_ID ?? '', RECAPTCHA_SITE_KEY: env.RECAPTCHA_SITE_KEY ?? '', GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID ?? '' };
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 8);
}

/** What a build made now from these settings would record as its sourceHash. */
export function buildSourceHash(env: BuildEnv): string {
  return `${siteSourceHash()}-${buildSettingsHash(env)}`;
}

/** Builds the site into one folder, one build at a time per process. */
export interface SiteBuilder {
  readonly folder: SiteFolder;
  /**
   * Exports the data snapshot and rebuilds the site when its sources or its data changed.
   * The new build goes into a folder of its own and `current` is switched by renaming a
   * symlink, which is atomic: a request sees the old site or the new one, never half of one.
   */
  buildIfStale(em: EntityManager, env: BuildEnv, log: Logger, options?: { force?: boolean; serving?: BuildInfo | null }): Promise<{ built: boolean; info: BuildInfo }>;
  /** The build `current` points at; null when there is none yet. */
  loadCurrent(): Promise<SiteBuild | null>;
}

/** A builder for the folder SITE_DIR names (site/dist by default), whose pages show images from `mediaLinks`. */
export function createSiteBuilder(root: string | undefined, mediaLinks: MediaLinks): SiteBuilder {
  const folder = siteFolder(root);
  let running: Promise<{ built: boolean; info: BuildInfo }> | null = null;
  return {
    folder,
    buildIfStale(em, env, log, options = {}) {
      running ??= build(folder, mediaLinks, em, env, log, options.force ?? false, options.serving ?? null).finally(() => {
        running = null;
      });
      return running;
    },
    loadCurrent: () => loadCurrentBuild(folder),
  };
}

async function build(folder: SiteFolder, mediaLinks: MediaLinks, em: EntityManager, env: BuildEnv, log: Logger, force: boolean, serving: BuildInfo | null): Promise<{ built: boolean; info: BuildInfo }> {
  const data = await exportSnapshot(em, mediaLinks);
  const dataHash = snapshotHash(data);
  const sourceHash = buildSourceHash(env);
  // One made for another address (a start on another port, PUBLIC_URL unset) would give
  // pages canonical, share and Open Graph links to where the app is not.
  const upToDate = (info: BuildInfo | null): info is BuildInfo =>
    !!info && info.sourceHash === sourceHash && info.snapshotHash === dataHash && info.publicUrl === env.PUBLIC_URL;
  // The build this process serves comes first: another server on the same folder (a browser
  // test's second server, a second developer) switching `current` to a build of its own data
  // must not make this one build again, and then the other in turn, every few seconds.
  if (!force && upToDate(serving) && existsSync(join(folder.builds, serving.id))) return { built: false, info: serving };
  const current = existsSync(folder.current) ? readBuildInfo(realpathSync(folder.current)) : null;
  if (!force && upToDate(current)) return { built: false, info: current };

  const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${sourceHash.slice(0, 6)}${dataHash.slice(0, 6)}`;
  const out = join(folder.builds, id);
  reachProjectModules(folder);
  // A file of this build's own, not one beside the sources: servers sharing the folder may
  // export and build at the same time, and each build must read its own data, whole.
  const snapshotPath = join(tmpdir(), `site-snapshot-${process.pid}-${id}.json`);
  // Checked against its schema on the way out: the site's build takes this shape on trust.
  writeFileSync(snapshotPath, JSON.stringify(snapshotSchema.parse({ generatedAt: new Date().toISOString(), ...data }), null, 2));
  const started = performance.now();
  log.info({ id, reason: current ? 'stale' : 'missing' }, 'building the site');
  try {
    await runAstroBuild(out, env, snapshotPath);
  } finally {
    rmSync(snapshotPath, { force: true });
  }

  const clientDir = join(out, 'client');
  const info: BuildInfo = { id, sourceHash, snapshotHash: dataHash, scriptHashes: inlineScriptHashes(clientDir), publicUrl: env.PUBLIC_URL, builtAt: new Date().toISOString() };
  await precompress(clientDir);
  writeFileSync(join(out, 'build-info.json'), JSON.stringify(info, null, 2));

  const nextLink = `${folder.current}.next`;
  rmSync(nextLink, { force: true });
  symlinkSync(join('builds', id), nextLink);
  renameSync(nextLink, folder.current);
  removeOldBuilds(folder, id, current?.id);
  log.info({ id, ms: Math.round(performance.now() - started) }, 'site built and switched');
  return { built: true, info };
}

/**
 * A build's server bundle imports the project's packages, which Node looks for in the
 * node_modules folders above the bundle: a folder outside the project (a test run's, in the
 * temp folder) gets a link to the project's.
 */
function reachProjectModules(folder: SiteFolder): void {
  mkdirSync(folder.builds, { recursive: true });
  if (!relative(projectRoot, folder.root).startsWith('..')) return;
  try {
    symlinkSync(join(projectRoot, 'node_modules'), join(folder.root, 'node_modules'), 'dir');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function runAstroBuild(outDir: string, env: BuildEnv, snapshotPath: string): Promise<void> {
  const astro = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--root', siteRoot, '--silent'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...Object.fromEntries(buildEnvNames.map((name) => [name, env[name] ?? ''])),
        // Always a production build: a development NODE_ENV (the app's default outside
        // production) would ship React's development build, four times the size.
        NODE_ENV: 'production',
        SITE_OUT_DIR: outDir,
        SITE_SNAPSHOT_PATH: snapshotPath,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`astro build exited with code ${code}`))));
  });
}

const inlineScript = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Astro's island scripts, which a page made on demand carries inline for its islands: their
 * hashes cannot be read from the pre-rendered pages, which may carry none of them.
 */
const islandScripts = [islandScript, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];
const scriptHash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** CSP hashes of every inline script the built pages carry, and of Astro's island scripts; data blocks (JSON-LD) are not scripts the browser runs. */
export function inlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set(islandScripts.map(scriptHash));
  for (const file of walk(clientDir)) {
    if (extname(file) !== '.html') continue;
    for (const match of readFileSync(file, 'utf8').matchAll(inlineScript)) {
      const attributes = match[1] ?? '';
      const type = /\stype=["']?([^"'\s>]+)/.exec(attributes)?.[1];
      if (type && type !== 'module' && type !== 'text/javascript') continue;
      hashes.add(scriptHash(match[2] ?? ''));
    }
  }
  return [...hashes].sort();
}

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Compressed once at build time at the highest levels, rather than on every request. */
const brotli = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress);
const gzip = promisify<Buffer, ZlibOptions, Buffer>(gzipCallback);

/**
 * Brotli at its best quality takes seconds over a whole build; zlib's callback form runs it on
 * libuv's thread pool, so the app keeps answering requests while a rebuild compresses.
 */
async function precompress(clientDir: string): Promise<void> {
  const files = [...walk(clientDir)].filter((file) => compressible.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < 512) return;
      const [br, gz] = await Promise.all([brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(content, { level: 9 })]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const keepOthersMs = 15 * 60_000;

/**
 * Keeps the new build and the one before it (pages already open may still ask for the old
 * assets), and any other made in the last quarter of an hour.
 */
function removeOldBuilds(folder: SiteFolder, keep: string, previous: string | undefined): void {
  for (const entry of readdirSync(folder.builds)) {
    if (entry === keep || entry === previous || bundleInUse(entry)) continue;
    const dir = join(folder.builds, basename(entry));
    // Another server sharing the folder may be making a recent one, or serving it.
    const made = statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (Date.now() - made < keepOthersMs) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}
