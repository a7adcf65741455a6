/**
 * For npm run bench:pages: a few visitors asking for one address over and over, each on a
 * connection of its own kept open, in a worker thread of their own, so that a load generator
 * in the bench's own thread cannot lengthen their latencies. Unlike autocannon, which drops
 * what is still unanswered when its time is up, they wait for their last answers: an answer
 * that comes late counts at its whole wait, and one that never comes within `timeoutMs` as a
 * failure. With `window`, only the requests under way at some time within it count (others
 * may come and go meanwhile: the visitors are there before and after them).
 */
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface VisitorsOptions {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** A new connection for every request, as visitors arriving do, rather than connections kept open. */
  newConnections?: boolean;
  /** Milliseconds from the visitors' start: the requests under way at some time from `fromMs` until `toMs` are the ones counted. */
  window?: { fromMs: number; toMs: number };
  timeoutMs?: number;
}

export interface VisitorsFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors and answers that did not come within the time limit. */
  failures: number;
}

/** Runs the visitors in a worker thread and resolves with their figures. */
export function visitApart(options: VisitorsOptions): Promise<VisitorsFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', (figures: VisitorsFigures) => resolve(figures));
    worker.once('error', reject);
  });
}

async function visit(options: VisitorsOptions): Promise<VisitorsFigures> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new Agent({ keepAlive: !options.newConnections, maxSockets: options.connections });
  const started = performance.now();
  const window = options.window ?? { fromMs: 0, toMs: options.seconds * 1000 };
  const waits: number[] = [];
  let non2xx = 0;
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const done = (status: number | null) => {
        const answered = performance.now();
        if (sent - started < window.toMs && answered - started > window.fromMs) {
          waits.push(answered - sent);
          if (status === null) failures += 1;
          else if (status < 200 || status > 299) non2xx += 1;
        }
        resolve();
      };
      const req = request(options.url + options.path, { agent, headers: options.headers, timeout: timeoutMs }, (res) => {
        res.resume();
        res.once('end', () => done(res.statusCode ?? null));
        res.once('error', () => done(null));
      });
      req.once('timeout', () => req.destroy(new Error('timed out')));
      req.once('error', () => done(null));
      req.end();
    });
  const until = started + options.seconds * 1000;
  const visitor = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: options.connections }, visitor));
  agent.destroy();
  waits.sort((a, b) => a - b);
  const at = (share: number) => Math.round(waits[Math.min(waits.length - 1, Math.floor(share * waits.length))] ?? 0);
  return { rps: (waits.length * 1000) / (window.toMs - window.fromMs), p50: at(0.5), p99: at(0.99), max: Math.round(waits.at(-1) ?? 0), non2xx, failures };
}

if (!isMainThread) parentPort?.postMessage(await visit(workerData as VisitorsOptions));
