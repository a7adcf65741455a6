import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { buildsDir, currentLink, projectRoot, readBuildInfo, siteRoot, siteSourceHash, snapshotFile, type BuildInfo } from './site-build.ts';
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
 * PUBLIC_URL is left out on purpose: it only fills absolute links, and counting it would
 * rebuild on every switch between `npm start` and the browser tests' server.
 */
function buildSettingsHash(env: BuildEnv): string {
  const settings = { ANALYTICS_ID: env.ANALYTICS_ID ?? '', RECAPTCHA_SITE_KEY: env.RECAPTCHA_SITE_KEY ?? '', GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID ?? '' };
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 8);
}

/** What a build made now from these settings would record as its sourceHash. */
export function buildSourceHash(env: BuildEnv): string {
  return `${siteSourceHash()}-${buildSettingsHash(env)}`;
}

let running: Promise<{ built: boolean; info: BuildInfo }> | null = null;

/**
 * Exports the data snapshot and rebuilds the site when its sources or its data changed.
 * The new build goes into a folder of its own and `current` is switched by renaming a
 * symlink, which is atomic: a request sees the old site or the new one, never half of one.
 */
export function buildSiteIfStale(em: EntityManager, env: BuildEnv, log: Logger, options: { force?: boolean } = {}) {
  running ??= build(em, env, log, options.force ?? false).finally(() => {
    running = null;
  });
  return running;
}

async function build(em: EntityManager, env: BuildEnv, log: Logger, force: boolean): Promise<{ built: boolean; info: BuildInfo }> {
  const data = await exportSnapshot(em);
  const dataHash = snapshotHash(data);
  const sourceHash = buildSourceHash(env);
  const current = existsSync(currentLink) ? readBuildInfo(realpathSync(currentLink)) : null;
  if (!force && current && current.sourceHash === sourceHash && current.snapshotHash === dataHash) {
    return { built: false, info: current };
  }

  mkdirSync(dirname(snapshotFile), { recursive: true });
  writeFileSync(snapshotFile, JSON.stringify({ generatedAt: new Date().toISOString(), ...data }, null, 2));

  const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${sourceHash.slice(0, 6)}${dataHash.slice(0, 6)}`;
  const out = join(buildsDir, id);
  const started = performance.now();
  log.info({ id, reason: current ? 'stale' : 'missing' }, 'building the site');
  await runAstroBuild(out, env);

  const clientDir = join(out, 'client');
  const info: BuildInfo = { id, sourceHash, snapshotHash: dataHash, scriptHashes: inlineScriptHashes(clientDir), builtAt: new Date().toISOString() };
  precompress(clientDir);
  writeFileSync(join(out, 'build-info.json'), JSON.stringify(info, null, 2));

  const nextLink = `${currentLink}.next`;
  rmSync(nextLink, { force: true });
  symlinkSync(join('builds', id), nextLink);
  renameSync(nextLink, currentLink);
  removeOldBuilds(id, current?.id);
  log.info({ id, ms: Math.round(performance.now() - started) }, 'site built and switched');
  return { built: true, info };
}

function runAstroBuild(outDir: string, env: BuildEnv): Promise<void> {
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
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`astro build exited with code ${code}`))));
  });
}

const inlineScript = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** CSP hashes of every inline script the built pages carry; data blocks (JSON-LD) are not scripts the browser runs. */
export function inlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of walk(clientDir)) {
    if (extname(file) !== '.html') continue;
    for (const match of readFileSync(file, 'utf8').matchAll(inlineScript)) {
      const attributes = match[1] ?? '';
      const type = /\stype=["']?([^"'\s>]+)/.exec(attributes)?.[1];
      if (type && type !== 'module' && type !== 'text/javascript') continue;
      hashes.add(`sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}`);
    }
  }
  return [...hashes].sort();
}

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Compressed once at build time at the highest levels, rather than on every request. */
function precompress(clientDir: string): void {
  for (const file of walk(clientDir)) {
    if (!compressible.has(extname(file))) continue;
    const content = readFileSync(file);
    if (content.length < 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Keeps the new build and the one before it: pages already open may still ask for the old assets. */
function removeOldBuilds(keep: string, previous: string | undefined): void {
  for (const entry of readdirSync(buildsDir)) {
    if (entry === keep || entry === previous) continue;
    rmSync(join(buildsDir, basename(entry)), { recursive: true, force: true });
  }
}
