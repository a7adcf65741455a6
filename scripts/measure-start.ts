/**
 * node scripts/measure-start.ts [runs]: how soon `npm start` answers once its database and site
 * build exist. A first start in a temporary folder makes the database (demo data) and, when
 * there is none or its data differs, the site build, and is left running until that build is
 * done; then each of `runs` (5) starts is timed from spawn to the first 200 of `GET /` and of
 * `GET /api/categories`, and stopped. `--cpu-prof <dir>` writes each timed start's CPU profile
 * there (node's --cpu-prof, written when the process exits).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..');
const node = join(root, 'node_modules', '.bin', 'node');
const paths = ['/', '/api/categories'] as const;
const pollMs = 20;
/** A first start may build the site, which takes a minute or more on a busy machine. */
const firstStartLimitMs = 10 * 60_000;
const timedStartLimitMs = 30_000;
/** How long after the first answer a rebuild of a stale build would have announced itself. */
const rebuildNoticeMs = 5_000;

const args = process.argv.slice(2);
const profileIndex = args.indexOf('--cpu-prof');
const profileDir = profileIndex === -1 ? null : resolve(args.splice(profileIndex, 2)[1] ?? 'cpu-profiles');
const runs = Number(args[0] ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('usage: node scripts/measure-start.ts [runs] [--cpu-prof <dir>]');

interface Start {
  child: ChildProcess;
  /** Messages the app logged so far (pino's `msg`), in order. */
  messages: string[];
  /** When the app logged that it listens (performance.now()), once it did. */
  servingAt: number | null;
  exited: Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

function spawnApp(env: NodeJS.ProcessEnv, nodeArgs: string[]): Start {
  const child = spawn(node, [...nodeArgs, 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const start: Start = { child, messages: [], servingAt: null, exited: new Promise((resolveExit) => child.once('exit', () => resolveExit())) };
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let message = line;
      try {
        message = String((JSON.parse(line) as { msg?: unknown }).msg);
      } catch {
        // Not one of the logger's lines.
      }
      start.messages.push(message);
      if (message === 'serving') start.servingAt ??= performance.now();
    }
  });
  return start;
}

/** Milliseconds from `since` to the first 200 of `url`, asked every `pollMs` (each ask waits for its answer). */
async function firstOk(url: string, since: number, start: Start, limitMs: number): Promise<number> {
  let exited = false;
  void start.exited.then(() => (exited = true));
  while (performance.now() - since < limitMs) {
    if (exited) throw new Error(`the app exited before ${url} answered 200`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(pollMs);
  }
  throw new Error(`${url} did not answer 200 within ${limitMs} ms`);
}

/**
 * CPU time the process has used so far (all its threads), from Linux's /proc in ticks of
 * USER_HZ (100 a second); null elsewhere. Unlike the wall clock, barely moved by whatever
 * else the machine is running.
 */
function cpuMs(pid: number | undefined): number | null {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return null;
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function stop(start: Start): Promise<void> {
  start.child.kill('SIGTERM');
  const killed = setTimeout(() => start.child.kill('SIGKILL'), 10_000);
  await start.exited;
  clearTimeout(killed);
}

/** Resolves once the start announced no rebuild within `rebuildNoticeMs`, or finished the one it began. */
async function rebuildSettled(start: Start): Promise<void> {
  const noticeBy = performance.now() + rebuildNoticeMs;
  const building = () => start.messages.includes('building the site') && !start.messages.some((m) => m === 'site built and switched' || m.startsWith('site rebuild failed'));
  while (performance.now() < noticeBy || building()) await sleep(100);
}

const dir = mkdtempSync(join(tmpdir(), 'measure-start-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
  DATA_DIR: dir,
  MEDIA_DIR: join(dir, 'media'),
};
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => Math.round(sorted[i] ?? NaN);
  return `median ${at(Math.floor(sorted.length / 2))} ms, min ${at(0)} ms, max ${at(sorted.length - 1)} ms`;
};

try {
  const port = await freePort();
  const first = spawnApp({ ...env, PORT: String(port) }, []);
  const since = performance.now();
  try {
    await firstOk(`http://127.0.0.1:${port}/api/categories`, since, first, firstStartLimitMs);
    await rebuildSettled(first);
  } finally {
    await stop(first);
  }
  console.log(`first start (database and build made): ${Math.round(performance.now() - since)} ms until settled`);

  const times: Record<(typeof paths)[number] | 'listening' | 'cpu', number[]> = { listening: [], '/': [], '/api/categories': [], cpu: [] };
  for (let run = 1; run <= runs; run += 1) {
    const runPort = await freePort();
    const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
    const spawned = performance.now();
    const start = spawnApp({ ...env, PORT: String(runPort) }, nodeArgs);
    try {
      const [page, api] = await Promise.all(paths.map((path) => firstOk(`http://127.0.0.1:${runPort}${path}`, spawned, start, timedStartLimitMs)));
      const cpu = cpuMs(start.child.pid) ?? NaN;
      const listening = (start.servingAt ?? NaN) - spawned;
      times.listening.push(listening);
      times['/'].push(page!);
      times['/api/categories'].push(api!);
      times.cpu.push(cpu);
      console.log(`run ${run}: listening (logged) ${Math.round(listening)} ms, GET / ${Math.round(page!)} ms, GET /api/categories ${Math.round(api!)} ms, CPU used by then ${cpu} ms`);
    } finally {
      await stop(start);
    }
    // Another server on the same site/dist may have switched `current` to a build of its own data.
    if (start.messages.includes('building the site')) console.log(`run ${run} began a site rebuild: its figures include that work`);
  }
  for (const path of paths) console.log(`GET ${path}: ${stats(times[path])} (${runs} runs)`);
  console.log(`listening (logged): ${stats(times.listening)}`);
  console.log(`CPU time used by the first two 200s: ${stats(times.cpu)}`);
  if (profileDir) console.log(`CPU profiles in ${profileDir}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
