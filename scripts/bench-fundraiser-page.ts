/**
 * npm run bench:page: the fundraiser page, rendered on demand and reading the app's own
 * /api over loopback, at 50 connections, measured in the same run as two baselines: a
 * static page and the API read the page makes. Every answer must be a whole page or a
 * deliberate 503 with Retry-After; any other 5xx, error or cut-off page fails the run.
 * The app runs in a process of its own on a fresh SQLite database with the demo data,
 * serving the current site build (made first when missing or built from other sources).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApp, listen } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { buildSiteIfStale, buildSourceHash, loadCurrentBuild } from '../api/site/index.ts';
import { migrate, openDatabase, seedDemoIfEmpty, seedReference } from '../db/index.ts';
import { createMailer } from '../modules/mail/index.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const headers = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en-US,en;q=0.9' };

interface Outcome {
  target: string;
  ok: number;
  busy: number;
  busyWithoutRetryAfter: number;
  otherStatus: number;
  cutOff: number;
  failures: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

/** Child mode: the whole app (site and API, no jobs) with the demo data in a fresh SQLite file. */
async function serve(dir: string) {
  const config = loadConfig({ ...process.env, DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, DATA_DIR: dir, MEDIA_DIR: join(dir, 'media'), LOG_LEVEL: 'warn', PORT: '0' });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(config.DATABASE_URL);
  await migrate(orm);
  await seedReference(orm.em.fork());
  await seedDemoIfEmpty(orm.em.fork(), { mediaDir: config.MEDIA_DIR });
  // Pages rendered on demand read the API, not the snapshot: a build of the same sources
  // will do whatever data it was made from, and sparing a rebuild keeps it off the figures.
  let build = await loadCurrentBuild();
  if (!build?.handler || build.info.sourceHash !== buildSourceHash(config)) {
    await buildSiteIfStale(orm.em.fork(), config, logger);
    build = await loadCurrentBuild();
  }
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }), site: { current: build } });
  const server = await listen(app, 0, '127.0.0.1');
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
}

function startServer(dir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill() }));
  });
}

async function load(target: string, url: string, duration: number): Promise<Outcome> {
  const counts = { ok: 0, busy: 0, busyWithoutRetryAfter: 0, otherStatus: 0, cutOff: 0 };
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    // Longer than any answer should take, so that a slow answer is measured rather than cut off.
    timeout: 30,
    requests: [
      {
        method: 'GET',
        onResponse(status, body, _context, answerHeaders) {
          if (status === 503) {
            counts.busy += 1;
            if (!Object.keys(answerHeaders ?? {}).some((name) => name.toLowerCase() === 'retry-after')) counts.busyWithoutRetryAfter += 1;
          } else if (status >= 200 && status < 300) counts.ok += 1;
          else counts.otherStatus += 1;
          // No Accept-Encoding is sent, so every page arrives whole and readable.
          if (body.startsWith('<!') && !body.trimEnd().endsWith('</html>')) counts.cutOff += 1;
        },
      },
    ],
  });
  return {
    target,
    ...counts,
    failures: result.errors + result.timeouts,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-page-'));
  const server = await startServer(dir);
  try {
    const list = (await (await fetch(`${server.url}/api/fundraisers?page=0&size=1`)).json()) as { content: { id: number }[] };
    const id = list.content[0]!.id;
    const targets = [
      { target: 'static page /', path: '/' },
      { target: `API /api/fundraisers/${id}`, path: `/api/fundraisers/${id}` },
      { target: `on-demand page /fundraiser/${id}`, path: `/fundraiser/${id}` },
    ];
    const outcomes: Outcome[] = [];
    for (const { target, path } of targets) {
      await load(target, server.url + path, 2);
      outcomes.push(await load(target, server.url + path, seconds));
    }

    const staticRps = outcomes[0]!.rps;
    const apiRps = outcomes[1]!.rps;
    console.log(`\n## Fundraiser page under load (${connections} connections, ${seconds} s each, in one run)\n`);
    console.log('| target | 2xx | 503 + Retry-After | 503 without Retry-After | other status (5xx, 4xx) | cut-off pages | errors, timeouts | req/s | p50 ms | p99 ms | max ms | req/s ÷ static | req/s ÷ API |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const o of outcomes) {
      console.log(
        `| ${o.target} | ${o.ok} | ${o.busy - o.busyWithoutRetryAfter} | ${o.busyWithoutRetryAfter} | ${o.otherStatus} | ${o.cutOff} | ${o.failures} | ${Math.round(o.rps)} | ${o.p50} | ${o.p99} | ${o.max} | ${(o.rps / staticRps).toFixed(3)} | ${(o.rps / apiRps).toFixed(3)} |`,
      );
    }
    const bad = outcomes.filter((o) => o.otherStatus > 0 || o.cutOff > 0 || o.failures > 0 || o.busyWithoutRetryAfter > 0);
    if (bad.length > 0) {
      console.error(`\nFAILED: ${bad.map((o) => o.target).join(', ')} answered something other than a whole page or a 503 with Retry-After`);
      process.exitCode = 1;
    }
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
