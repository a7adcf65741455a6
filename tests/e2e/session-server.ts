import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type SecondServer = { url: string; databaseUrl: string; stop(): Promise<void> };

/**
 * A second app server, on its own port and fresh database, for tests that need other
 * configuration (short session timeouts) without touching the server every other test
 * uses. Its pages are built for its own address and data, so it keeps them in a site folder
 * of its own (kept between runs, like the suite's): in the suite's folder its build would
 * become `current` beside the one every other test is reading.
 */
export async function startSecondServer(port: number, env: Record<string, string>): Promise<SecondServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-second-'));
  const url = `http://localhost:${port}`;
  const databaseUrl = `sqlite:${join(dataDir, 'e2e.db')}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), SITE_DIR: join(tmpdir(), `fundraise-e2e-site-${port}`), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the second server exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/api/categories`).then((response) => response.ok, () => false);
    if (ready) return { url, databaseUrl, stop };
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  await stop();
  throw new Error(`the second server did not answer on ${url}`);
}
