/**
 * npm run bench: what the home page costs a visitor, and how fast the app answers
 * compared with a bare node:http server sending the same bytes from memory, measured
 * in the same run on the same machine (ratios, not absolute numbers, are what carry over).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { loadConfig } from '../api/config.ts';
import { start } from '../api/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const budgets = { js: 80 * 1024, total: 180 * 1024 };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const running = await start(
  loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`, PORT: '0', LOG_LEVEL: 'warn' }),
  { jobs: false },
);

try {
  const pages = [];
  for (const path of ['/', '/am']) pages.push({ path, ...(await pageWeight(running.url + path)) });

  const throughput = [];
  for (const path of ['/api/categories', '/']) {
    const sample = await fetch(running.url + path);
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/octet-stream';
    const raw = await rawServer(body, contentType);
    try {
      // Warm both up, then measure the baseline and the app back to back.
      await load(raw.url, 1);
      await load(running.url + path, 1);
      const baseline = await load(raw.url, seconds);
      const app = await load(running.url + path, seconds);
      throughput.push({ path, bytes: body.length, baseline, app });
    } finally {
      raw.server.close();
    }
  }

  console.log(`\n## Home page weight (compressed, as a browser receives it)\n`);
  console.log('| page | HTML | CSS | JS | fonts | total | JS budget | total budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const p of pages) {
    console.log(
      `| ${p.path} | ${kb(p.html)} | ${kb(p.css)} | ${kb(p.js)} | ${kb(p.font)} | ${kb(p.total)} | ${p.js <= budgets.js ? 'within' : 'OVER'} ${kb(budgets.js)} | ${p.total <= budgets.total ? 'within' : 'OVER'} ${kb(budgets.total)} |`,
    );
  }
  console.log(`\n## Requests per second (${seconds} s, ${connections} connections, against node:http with the same bytes)\n`);
  console.log('| path | bytes | node:http req/s | app req/s | app / node:http | app p99 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const t of throughput) {
    console.log(
      `| ${t.path} | ${t.bytes} | ${Math.round(t.baseline.rps)} | ${Math.round(t.app.rps)} | ${(t.app.rps / t.baseline.rps).toFixed(2)} | ${t.app.p99} |`,
    );
  }
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function pageWeight(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const requests: import('playwright-core').Request[] = [];
    page.on('requestfinished', (request) => requests.push(request));
    await page.goto(url, { waitUntil: 'networkidle' });
    const totals = { html: 0, css: 0, js: 0, font: 0, other: 0, total: 0 };
    for (const request of requests) {
      const response = await request.response();
      if (!response) continue;
      // Bytes on the wire: the (compressed) body plus response headers.
      const sizes = await request.sizes();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const type = request.resourceType();
      if (type === 'image') continue;
      const key = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : type === 'font' ? 'font' : 'other';
      totals[key] += bytes;
      totals.total += bytes;
    }
    return totals;
  } finally {
    await browser.close();
  }
}

function rawServer(body: Buffer, contentType: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })));
}

async function load(url: string, duration: number): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
