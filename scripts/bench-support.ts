/**
 * What the API benchmarks share: a fresh database per run (SQLite in a temporary folder, or
 * a MySQL database dropped afterwards), and the API alone (no site, no jobs) in a process of
 * its own, so that the load generator never shares its event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createApp, listen } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { openDatabase } from '../db/index.ts';
import { createMailer } from '../modules/mail/index.ts';

/** Child mode: the API alone (no site, no jobs) on the given database. */
async function serve(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-serve-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), LOG_LEVEL: 'warn' });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(databaseUrl);
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }), site: { current: null } });
  const server = await listen(app, 0, '127.0.0.1');
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
}

export function startServer(databaseUrl: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => {
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill() });
    });
  });
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
