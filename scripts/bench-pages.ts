/**
 * npm run bench:pages: the pages rendered on demand (a fundraiser in English and Amharic,
 * discover, donate; a fundraiser seen by its signed-in organiser) and the API read behind
 * them, against two baselines measured in the same run: a pre-rendered page (/about) and a
 * cheap API read (/api/categories). Absolute requests per second vary with the machine, so
 * the budgets are ratios to those baselines, plus no failed answer and a short tail at 50
 * connections and no failed answer at 200. Prints a table and a verdict per budget; exits 1
 * when one fails (BENCH_NO_BUDGETS=1: report only).
 *
 * BENCH_SECONDS (default 10) per target at 8 and at 50 connections; the runs at 200
 * connections last 10 s. BENCH_PROFILE=1 then profiles the fundraiser page in a server of
 * its own (the profiler slows it, so never during the measured runs) and splits its CPU time.
 *
 * The app runs in a process of its own (the load generator must not share its event loop) on
 * a fresh SQLite database with the demo data, serving the current site build (made first
 * when missing or built from other sources). Visitors come without cookies, as first
 * visits, and ask for compressed answers, as browsers do.
 */
import type { EntityManager } from '@mikro-orm/core';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { createApp, listen } from '../api/app.ts';
import { countFlushMs } from '../api/server.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { buildSiteIfStale, buildSourceHash, loadCurrentBuild } from '../api/site/index.ts';
import { migrate, openDatabase, seedDemoIfEmpty, seedReference } from '../db/index.ts';
import { generatePassword, hashPassword, UserSchema } from '../modules/accounts/index.ts';
import { demoOrganisers } from '../modules/fundraisers/index.ts';
import { createMailer } from '../modules/mail/index.ts';
import { seedTwinFundraisers, teamsShape } from './bench-teams-data.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const levels = [8, 50];
const stress = { connections: 200, seconds: 10 };
const profileRun = { connections: 8, seconds: 10 };
const maxP99Ms = 250;
/** BENCH_ONLY=<regex>: only the targets whose label matches (and every baseline). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

// ---------------------------------------------------------------- the server (child mode)

/** What the bench server tells the parent once it listens. */
interface Ready {
  port: number;
  /** The password every demo organiser signs in with in this run. */
  password: string;
  organisers: { id: number; email: string }[];
  /** Two copies of a fundraiser, one with 20 teams of 50 members (bench-teams-data.ts). */
  twins: { plain: number; teams: number };
}

/** Child mode: the whole app (site and API, no jobs) with the demo data in a fresh SQLite file. */
async function serve(dir: string) {
  // Behind a proxy as in production, so that counted views can come from many addresses (X-Forwarded-For).
  const config = loadConfig({ ...process.env, DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, DATA_DIR: dir, MEDIA_DIR: join(dir, 'media'), LOG_LEVEL: 'warn', PORT: '0', TRUST_PROXY: 'true' });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(config.DATABASE_URL);
  await migrate(orm);
  await seedReference(orm.em.fork());
  await seedDemoIfEmpty(orm.em.fork(), { mediaDir: config.MEDIA_DIR });
  const twins = await seedTwinFundraisers(orm.em.fork());
  const organisers = await letOrganisersSignIn(orm.em.fork());
  // Pages rendered on demand read the API, not the snapshot: a build of the same sources
  // will do whatever data it was made from, and sparing a rebuild keeps it off the figures.
  let build = await loadCurrentBuild();
  if (!build?.handler || build.info.sourceHash !== buildSourceHash(config)) {
    await buildSiteIfStale(orm.em.fork(), config, logger);
    build = await loadCurrentBuild();
  }
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }), site: { current: build } });
  // Views are written as the server writes them, every few seconds: their cost is part of the figures.
  setInterval(() => void app.counter.flush(orm.em.fork()), countFlushMs).unref();
  const server = await listen(app, 0, '127.0.0.1');
  // --cpu-prof writes its profile only when the process exits by itself, never when a signal kills it.
  process.once('SIGINT', () => {
    server.closeAllConnections();
    server.close(() => void orm.close().then(() => process.exit(0)));
  });
  process.send!({ port: (server.address() as AddressInfo).port, ...organisers, twins } satisfies Ready);
}

/**
 * Demo organisers have no password (nobody signs in as them); this run gives them one, so
 * that the bench can sign in as one through the ordinary sign-in and load their own page.
 */
async function letOrganisersSignIn(em: EntityManager): Promise<Omit<Ready, 'port' | 'twins'>> {
  const password = generatePassword();
  const emails = demoOrganisers.map((organiser) => organiser.email);
  await em.nativeUpdate(UserSchema, { email: { $in: emails } }, { passwordHash: await hashPassword(password) });
  const users = await em.find(UserSchema, { email: { $in: emails } });
  return { password, organisers: users.map((user) => ({ id: user.id, email: user.email })) };
}

// ---------------------------------------------------------------- the server (parent side)

interface BenchServer extends Omit<Ready, 'port'> {
  url: string;
  /** SIGINT, so that the child exits by itself (and writes its CPU profile when it makes one). */
  stop(): Promise<void>;
}

function startServer(options: { cpuProfileDir?: string } = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const flags = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  // The handshake goes over IPC, and the app's log (stdout) is dropped: under load it has a
  // line per failed answer, which the table counts, and would bury the table. Crashes show on stderr.
  const child = spawn(process.execPath, [...flags, import.meta.filename, '--serve', dir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(stuck);
  };
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const { port, ...rest } = message as Ready;
      resolve({ url: `http://127.0.0.1:${port}`, ...rest, stop });
    });
    // Its folder goes whenever it exits; exiting before it listened is a failure (a no-op once resolved).
    void exited.then((code) => {
      rmSync(dir, { recursive: true, force: true });
      reject(new Error(`the bench server exited with ${code} before it listened`));
    });
  });
}

/** The newest fundraiser open for donations: the public list holds no other kind. */
async function activeFundraiser(url: string): Promise<{ id: number; ownerId: number }> {
  const list = (await (await fetch(`${url}/api/fundraisers?page=0&size=1`)).json()) as { content: { id: number; status: string; owner: { id: number } }[] };
  const first = list.content[0];
  if (first?.status !== 'ACTIVE') throw new Error('the demo data has no fundraiser open for donations');
  return { id: first.id, ownerId: first.owner.id };
}

// ---------------------------------------------------------------- signing in

/** Signs in as a browser would (anti-forgery cookie first, echoed in a header) and returns the Cookie header to send. */
async function signIn(url: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${url}/api/csrf`));
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email} answered ${response.status}: ${await response.text()}`);
  // The answer carries the session cookie and an anti-forgery token bound to it.
  keep(response);
  return cookieHeader();
}

/** The organiser's figures mean something only if the page really was rendered for the organiser. */
async function assertOwnerView(url: string, id: number, cookie: string): Promise<void> {
  const ownerMark = `/edit-fundraiser/${id}`;
  const asOwner = await (await fetch(`${url}/fundraiser/${id}`, { headers: { cookie } })).text();
  const asVisitor = await (await fetch(`${url}/fundraiser/${id}`)).text();
  if (!asOwner.includes(ownerMark) || asVisitor.includes(ownerMark)) throw new Error(`/fundraiser/${id} did not show its organiser the owner's controls`);
}

// ---------------------------------------------------------------- load

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Which statuses the non-2xx answers had, e.g. "503×12". */
  statuses: string;
  /** Connection errors and timeouts. */
  failures: number;
}

interface LoadOptions {
  cookie?: string;
  /** A fresh query string on every request, so that nothing keyed by URL can answer from memory. */
  bust?: boolean;
  /**
   * From one of 10,000 addresses in turn, with a browser's user agent (a person: the app counts
   * each answer as a view) or a machine's (not counted): the same requests either way.
   */
  counted?: 'person' | 'machine';
}

const browserAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** As a browser sends them: visitors get compressed answers when the app has them. */
function headersFor(path: string, cookie?: string): Record<string, string> {
  return {
    accept: path.startsWith('/api/') ? 'application/json' : 'text/html,application/xhtml+xml,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br',
    'accept-language': 'en-US,en;q=0.9',
    ...(cookie ? { cookie } : {}),
  };
}

async function load(url: string, path: string, connections: number, duration: number, options: LoadOptions = {}): Promise<Measure> {
  let sent = 0;
  // A parameter the render cache keys pages by (site/src/lib/page-data.ts) and the fundraiser
  // page ignores: every request is made afresh, as after a change.
  const bust = (request: CannonRequest): CannonRequest => ({ ...request, path: `${path}?problem=${(sent += 1)}` });
  // A counted view comes from one of 10,000 readers in turn, each a visitor of the day once.
  let reader = 0;
  const visitor = (request: CannonRequest): CannonRequest =>
    options.counted ? { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(reader = (reader + 1) % 10_000) >> 8}.${reader & 255}.1` } } : request;
  const result = await autocannon({
    url: url + path,
    connections,
    duration,
    headers: { ...headersFor(path, options.cookie), ...(options.counted ? { 'user-agent': options.counted === 'person' ? browserAgent : 'benchbot/1.0', referer: 'https://t.me/' } : {}) },
    // Longer than any answer should take, so that a slow answer is measured rather than cut off.
    timeout: 30,
    ...(options.bust || options.counted ? { requests: [{ setupRequest: (request: CannonRequest) => visitor(options.bust ? bust(request) : request) }] } : {}),
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count ?? 0}`)
    .join(' ');
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, statuses, failures: result.errors + result.timeouts };
}

// ---------------------------------------------------------------- targets and budgets

interface Target {
  label: string;
  path: string;
  /** The baseline's label its req/s is divided by (none: it is a baseline). */
  baseline?: string;
  /** The least ratio to the baseline the budget allows (none: reported only). */
  minRatio?: number;
  /** Whether p99 at 50 connections has a budget. */
  tail: boolean;
  /** Also loaded at 200 connections, where only failed answers count. */
  stress: boolean;
  /** The connection counts it is loaded at, when not both 8 and 50. */
  levels?: number[];
  cookie?: string;
  /** Made afresh for every request (a query parameter the render cache keys by), as after a change. */
  bust?: boolean;
  /** Asked for by a person (each answer counted as a view) or a machine (not counted), from many addresses. */
  counted?: 'person' | 'machine';
}

function targetsFor(id: number, organiserCookie: string, twins: Ready['twins']): Target[] {
  const page = { baseline: '/about', tail: true };
  const { plain, teams } = twins;
  const withTeams = `/fundraiser/${teams}, ${teamsShape.teams} teams of ${teamsShape.members}`;
  return [
    { label: '/about', path: '/about', tail: true, stress: false },
    { label: '/api/categories', path: '/api/categories', tail: true, stress: false },
    { label: `/fundraiser/${id}`, path: `/fundraiser/${id}`, ...page, minRatio: 0.5, stress: true },
    // The same page in the other language: the same budget.
    { label: `/am/fundraiser/${id}`, path: `/am/fundraiser/${id}`, ...page, minRatio: 0.5, stress: false },
    { label: '/discover', path: '/discover', ...page, minRatio: 0.3, stress: true },
    { label: `/donate/${id}`, path: `/donate/${id}`, ...page, minRatio: 0.3, stress: true },
    { label: `GET /api/fundraisers/${id}`, path: `/api/fundraisers/${id}`, baseline: '/api/categories', tail: true, minRatio: 0.5, stress: true },
    { label: `/fundraiser/${id}, its organiser signed in`, path: `/fundraiser/${id}`, baseline: '/about', tail: false, stress: false, levels: [50], cookie: organiserCookie },
    // The teams' cost alone: twin pages, kept and made afresh, with and without 20 teams of 50.
    { label: `/fundraiser/${plain}, no teams`, path: `/fundraiser/${plain}`, tail: true, stress: false },
    { label: withTeams, path: `/fundraiser/${teams}`, baseline: `/fundraiser/${plain}, no teams`, minRatio: 0.8, tail: true, stress: false },
    { label: `/fundraiser/${plain}, no teams, made afresh`, path: `/fundraiser/${plain}`, tail: false, stress: false, bust: true },
    { label: `${withTeams}, made afresh`, path: `/fundraiser/${teams}`, baseline: `/fundraiser/${plain}, no teams, made afresh`, minRatio: 0.8, tail: false, stress: false, bust: true },
    // Counting each view (ADR 0010): the same requests from 10,000 readers, by people (counted) and by a machine (not), kept and made afresh.
    { label: `/fundraiser/${plain}, not counted (a machine)`, path: `/fundraiser/${plain}`, tail: false, stress: false, counted: 'machine' as const },
    { label: `/fundraiser/${plain}, each view counted`, path: `/fundraiser/${plain}`, baseline: `/fundraiser/${plain}, not counted (a machine)`, minRatio: 0.9, tail: false, stress: false, counted: 'person' as const },
    { label: `/fundraiser/${plain}, not counted (a machine), made afresh`, path: `/fundraiser/${plain}`, tail: false, stress: false, bust: true, counted: 'machine' as const },
    {
      label: `/fundraiser/${plain}, each view counted, made afresh`,
      path: `/fundraiser/${plain}`,
      baseline: `/fundraiser/${plain}, not counted (a machine), made afresh`,
      minRatio: 0.9,
      tail: false,
      stress: false,
      bust: true,
      counted: 'person' as const,
    },
  ].filter((target) => !only || only.test(target.label) || !target.baseline);
}

const loadOptions = (target: Target): LoadOptions => ({
  ...(target.cookie ? { cookie: target.cookie } : {}),
  ...(target.bust ? { bust: true } : {}),
  ...(target.counted ? { counted: target.counted } : {}),
});

interface Run {
  target: Target;
  connections: number;
  measure: Measure;
  /** req/s ÷ the baseline's at the same connection count. */
  ratio?: number;
}

/**
 * Each connection count in turn, baselines first, so that a target's ratio compares runs
 * minutes apart at most on a machine whose load drifts.
 */
async function measureAll(url: string, targets: Target[]): Promise<Run[]> {
  // Compiled code, warm caches and a settled database before anything counts.
  for (const target of targets) await load(url, target.path, levels[0]!, 2, loadOptions(target));
  const runs: Run[] = [];
  for (const connections of levels) {
    for (const target of targets.filter((t) => (t.levels ?? levels).includes(connections))) {
      const measure = await load(url, target.path, connections, seconds, loadOptions(target));
      const base = runs.find((run) => run.connections === connections && run.target.label === target.baseline);
      runs.push({ target, connections, measure, ratio: base ? measure.rps / base.measure.rps : undefined });
    }
  }
  for (const target of targets.filter((t) => t.stress)) {
    runs.push({ target, connections: stress.connections, measure: await load(url, target.path, stress.connections, stress.seconds, { cookie: target.cookie }) });
  }
  return runs;
}

interface Verdict {
  pass: boolean;
  text: string;
}

function verdicts(runs: Run[]): Verdict[] {
  const out: Verdict[] = [];
  for (const { target, connections, measure, ratio } of runs) {
    const at = `${target.label} at ${connections} connections`;
    if (target.minRatio !== undefined && ratio !== undefined) {
      out.push({ pass: ratio >= target.minRatio, text: `${at}: ${ratio.toFixed(2)} × ${target.baseline} req/s (budget ≥ ${target.minRatio})` });
    }
    if (connections >= 50) {
      out.push({ pass: measure.non2xx === 0 && measure.failures === 0, text: `${at}: ${measure.non2xx} non-2xx, ${measure.failures} errors or timeouts (budget 0)` });
    }
    if (connections === 50 && target.tail) out.push({ pass: measure.p99 <= maxP99Ms, text: `${at}: p99 ${measure.p99} ms (budget ≤ ${maxP99Ms} ms)` });
  }
  return out;
}

function printRuns(runs: Run[]): void {
  console.log(`\n## Pages under load (${seconds} s per run at ${levels.join(' and ')} connections, ${stress.seconds} s at ${stress.connections}; one run)\n`);
  console.log('| target | connections | req/s | p50 ms | p99 ms | non-2xx | errors, timeouts | req/s ÷ baseline |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { target, connections, measure: m, ratio } of runs) {
    const non2xx = m.non2xx > 0 ? `${m.non2xx} (${m.statuses})` : '0';
    const versus = ratio === undefined ? (target.baseline ? '' : 'baseline') : `${ratio.toFixed(3)} × ${target.baseline}`;
    console.log(`| ${target.label} | ${connections} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${non2xx} | ${m.failures} | ${versus} |`);
  }
}

// ---------------------------------------------------------------- CPU profile

interface CallFrame {
  functionName: string;
  url: string;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  /** Microseconds of the system's monotonic clock, the one process.hrtime reads. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Window {
  label: string;
  start: number;
  end: number;
}

const special: Record<string, string> = { '(idle)': 'idle', '(garbage collector)': 'garbage collection', '(program)': 'program' };

/** First match wins: the database's and the renderer's packages before anything matching HTTP. */
const categories: [string, RegExp][] = [
  ['database', /@mikro-orm|kysely|libsql|mysql2|\/db\//],
  ['rendering', /astro|site\/dist|react/],
  // Koa's own helpers by name; the render cache and compression (api/site, kernel/http) are HTTP work too.
  ['HTTP', /koa|find-my-way|kernel\/http|kernel\/changes|\/api\/|\/(delegates|cookies|on-finished|ee-first|statuses|accepts|negotiator|type-is|fresh|vary)\/|^node:(_http|http|net|internal\/http|zlib)/],
];

/** A frame's own category: none for native code, WebAssembly and Node's own modules, which count for their caller. */
function ownCategory({ functionName, url }: CallFrame): string | undefined {
  const matched = special[functionName] ?? categories.find(([, pattern]) => pattern.test(url))?.[0];
  return matched ?? (url && !/^(node|wasm):/.test(url) ? 'other' : undefined);
}

/**
 * Each frame's category, and the source it is charged to. Native code, WebAssembly (fetch's
 * HTTP parser) and Node's own modules (streams, buffers, zlib) go to the nearest caller that
 * has a category, so that JSON.parse in the ORM counts as database and a stream write from Koa as HTTP.
 */
function categorise(profile: CpuProfile): Map<number, { category: string; source: string }> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const result = new Map<number, { category: string; source: string }>();
  for (const node of profile.nodes) {
    let frame = node.callFrame;
    let category = ownCategory(frame);
    for (let up = parent.get(node.id); !category && up !== undefined; up = parent.get(up)) {
      category = ownCategory(byId.get(up)!.callFrame);
      if (category) frame = byId.get(up)!.callFrame;
    }
    result.set(node.id, { category: category ?? 'other', source: sourceOf(frame) });
  }
  return result;
}

/** A package, a file of the app, a Node module or a native function: what "other" is made of. */
function sourceOf({ functionName, url }: CallFrame): string {
  if (!url) return `native ${functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  return url.replace(`file://${join(import.meta.dirname, '..')}/`, '');
}

/** Self time (µs) per category and, for "other", per source, of the samples taken inside the window. */
function selfTime(profile: CpuProfile, frames: ReturnType<typeof categorise>, window: Window) {
  const byCategory = new Map<string, number>();
  const otherBySource = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((nodeId, index) => {
    at += profile.timeDeltas[index]!;
    // A sample stands for the time until the next one.
    const spent = profile.timeDeltas[index + 1] ?? 0;
    if (at < window.start || at > window.end) return;
    const { category, source } = frames.get(nodeId)!;
    byCategory.set(category, (byCategory.get(category) ?? 0) + spent);
    if (category === 'other') otherBySource.set(source, (otherBySource.get(source) ?? 0) + spent);
  });
  return { byCategory, otherBySource };
}

const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** One server with the profiler on, one window per variant, so that startup and seeding stay out of the split. */
async function profilePage(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-profile-'));
  try {
    const server = await startServer({ cpuProfileDir: dir });
    const windows: Window[] = [];
    try {
      const { id } = await activeFundraiser(server.url);
      const path = `/fundraiser/${id}`;
      await load(server.url, path, profileRun.connections, 2);
      for (const [label, bust] of [[path, false], [`${path}?problem=n`, true]] as const) {
        const start = nowMicros();
        await load(server.url, path, profileRun.connections, profileRun.seconds, { bust });
        windows.push({ label, start, end: nowMicros() });
      }
    } finally {
      await server.stop();
    }
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the bench server wrote no CPU profile');
    printProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, windows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printProfile(profile: CpuProfile, windows: Window[]): void {
  const frames = categorise(profile);
  const splits = windows.map((window) => selfTime(profile, frames, window));
  const busy = splits.map(({ byCategory }) => [...byCategory].filter(([name]) => name !== 'idle').reduce((sum, [, us]) => sum + us, 0));
  const share = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = (us: number, of: number) => share.format(us / of);
  console.log(`\n## CPU time of the fundraiser page at ${profileRun.connections} connections, ${profileRun.seconds} s per variant (share of non-idle time)\n`);
  console.log(`| category | ${windows.map((w) => w.label).join(' | ')} |`);
  console.log(`|---|${windows.map(() => '---|').join('')}`);
  for (const name of [...categories.map(([category]) => category), 'garbage collection', 'program', 'other']) {
    console.log(`| ${name} | ${splits.map(({ byCategory }, i) => percent(byCategory.get(name) ?? 0, busy[i]!)).join(' | ')} |`);
  }
  console.log(`| (idle, share of all time) | ${splits.map(({ byCategory }, i) => percent(byCategory.get('idle') ?? 0, busy[i]! + (byCategory.get('idle') ?? 0))).join(' | ')} |`);
  splits.forEach(({ otherBySource }, i) => {
    const largest = [...otherBySource].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`\nLargest in "other" for ${windows[i]!.label}: ${largest.map(([source, us]) => `${source} ${percent(us, busy[i]!)}`).join(', ')}`);
  });
}

// ---------------------------------------------------------------- main

async function main() {
  const server = await startServer();
  let runs: Run[];
  try {
    const { id, ownerId } = await activeFundraiser(server.url);
    const organiser = server.organisers.find((o) => o.id === ownerId);
    if (!organiser) throw new Error(`fundraiser ${id} is not a demo organiser's`);
    const cookie = await signIn(server.url, organiser.email, server.password);
    await assertOwnerView(server.url, id, cookie);
    runs = await measureAll(server.url, targetsFor(id, cookie, server.twins));
  } finally {
    await server.stop();
  }
  printRuns(runs);
  const results = verdicts(runs);
  console.log('\n## Budgets\n');
  for (const { pass, text } of results) console.log(`${pass ? 'PASS' : 'FAIL'}  ${text}`);
  if (process.env.BENCH_PROFILE === '1') await profilePage();
  if (results.some((result) => !result.pass) && process.env.BENCH_NO_BUDGETS !== '1') {
    console.error('\nFAILED: at least one budget is broken');
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
