/**
 * npm run bench: what the home page costs a visitor (`npm run bench:weight` alone), and how
 * fast the app answers compared with a bare node:http server sending the same bytes from
 * memory, measured in the same run on the same machine (ratios, not absolute numbers, are
 * what carry over). Exits 1 when a page-weight budget is broken.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startApp, waitFor } from './bench-support.ts';
import { reportWeights, weighPages } from './bench-weight.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** What a browser sends on a first visit (no cookies yet). */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9', accept: '*/*' };

/** The baselines' bodies, for their processes to read. */
const dataDir = mkdtempSync(join(tmpdir(), 'bench-raw-'));
// Server and baseline each run in a process of their own, apart from the load generator,
// so that neither shares an event loop with autocannon.
const running = await startApp();

try {
  const pages = await weighPages(running.url);

  // A first visit gets the anti-forgery cookie issued; a returning visitor presents it.
  const firstVisit = await exchange(`${running.url}/api/csrf`, browserHeaders);
  const xsrfCookie = String(firstVisit.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const visitors = { first: browserHeaders, returning: { ...browserHeaders, cookie: xsrfCookie } };

  const throughput = [];
  for (const path of ['/api/categories', '/']) {
    for (const [visitor, headers] of Object.entries(visitors)) {
      const sample = await exchange(running.url + path, headers);
      const raw = await rawServer(sample.headers, sample.body);
      try {
        // Warm both up, then measure baseline and app back to back, in several rounds: on a
        // small shared machine one round can be skewed by whatever else runs; the median is not.
        await load(raw.url, 1, headers);
        await load(running.url + path, 1, headers);
        const rounds = [];
        for (let round = 0; round < roundCount; round += 1) {
          const baseline = await load(raw.url, seconds, headers);
          const app = await load(running.url + path, seconds, headers);
          rounds.push({ baseline, app, ratio: app.rps / baseline.rps });
        }
        rounds.sort((a, b) => a.ratio - b.ratio);
        const median = rounds[Math.floor(rounds.length / 2)]!;
        throughput.push({ path, visitor, bytes: sample.body.length, ...median, lowest: rounds[0]!.ratio, highest: rounds[rounds.length - 1]!.ratio });
      } finally {
        raw.process.kill();
      }
    }
  }

  // The whole report first, then the verdict: a broken budget is no reason to skip the rest.
  if (reportWeights(pages).length > 0) process.exitCode = 1;
  console.log(`\n## Requests per second (${roundCount} rounds of ${seconds} s, ${connections} connections; node:http answers the same headers and body from memory, in its own process)\n`);
  console.log('| path | visitor | body bytes | node:http req/s | app req/s | app / node:http (median) | lowest–highest round | app p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const t of throughput) {
    console.log(
      `| ${t.path} | ${t.visitor} | ${t.bytes} | ${Math.round(t.baseline.rps)} | ${Math.round(t.app.rps)} | ${t.ratio.toFixed(2)} | ${t.lowest.toFixed(2)}–${t.highest.toFixed(2)} | ${t.app.p99} |`,
    );
  }
} finally {
  running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The answer as it arrives: headers and (compressed) body. */
function exchange(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** The baseline: the same status, headers and body, answered from memory by node:http alone, in its own process. */
async function rawServer(headers: Record<string, string | string[]>, body: Buffer): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const file = join(dataDir, `raw-${port}.json`);
  writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
  const code = `const { headers, body } = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
const bytes = Buffer.from(body, 'base64');
require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(bytes); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { process: child, url };
}

async function load(url: string, duration: number, headers: Record<string, string>): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections, duration, pipelining: 1, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}
