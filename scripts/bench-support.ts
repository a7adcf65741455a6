/**
 * What the benchmarks share: a fresh database per run (SQLite in a temporary folder, or a
 * MySQL database dropped afterwards), and the API alone (no site, no jobs) or the whole app
 * in a process of its own, so that the load generator never shares its event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createApp, listen } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { dialectOf, openDatabase } from '../db/index.ts';
import { createChangeFeed, shareChanges } from '../kernel/changes/index.ts';
import { createMailer } from '../modules/mail/index.ts';
import { unlimitedDonations } from '../tests/helpers/unlimited-donations.ts';

/** Child mode: the API alone (no site, no jobs) on the given database. */
async function serve(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-serve-'));
  const config = loadConfig({ ...unlimitedDonations, ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), LOG_LEVEL: 'warn' });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(databaseUrl);
  const feed = createChangeFeed();
  if (config.CHANGE_FEED === 'database') await shareChanges(orm, feed, { dialect: dialectOf(databaseUrl), logger }).ready;
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }), feed });
  const server = await listen(app, 0, '127.0.0.1');
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
}

/** The API alone in a process of its own; `env` adds configuration (a provider's key and local stand-in). */
export function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => {
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill() });
    });
  });
}

/**
 * The whole app as `npm start` runs it (site, API, jobs; demo data in a fresh SQLite file), in
 * a process of its own. The site is built first when there is no build, as start-up does.
 */
export async function startApp(): Promise<{ url: string; stop(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'start.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it answered`))));
  try {
    await Promise.race([waitFor(`${url}/api/categories`), exited]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; a first start builds the site, which can take a minute on a slow machine. */
export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

/** `label` names the MySQL database (bench_<label>_<pid>), so that parallel runs never meet. */
export async function freshDatabase(dialect: 'sqlite' | 'mysql', mysqlServer: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
    return { url: `sqlite:${join(dir, 'bench.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_${label}_${process.pid}`;
  const admin = await createConnection(mysqlServer);
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  return {
    url: `${mysqlServer}/${name}`,
    async drop() {
      await admin.query(`drop database if exists \`${name}\``);
      await admin.end();
    },
  };
}

export async function reachable(url: string): Promise<boolean> {
  try {
    const connection = await createConnection(url);
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] === import.meta.filename && process.argv[2] === '--serve') await serve(process.argv[3]!);
