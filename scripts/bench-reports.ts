/**
 * npm run bench:reports: a fundraiser's report (`GET /api/reports/fundraisers/{id}`, as its
 * progress page asks for it) for a fundraiser with 100,000 donations against the same report
 * for one with 100, both a year old with the same visits, measured in the same run on SQLite
 * and, when a server answers at BENCH_MYSQL_URL, on MySQL. Reports read daily and hourly sums,
 * so the budget is a ratio: the big one answers at least 0.8 times as many reports a second.
 * Also reported, without a budget: the whole year in one report. Exits 1 when a budget fails.
 */
import autocannon from 'autocannon';
import type { EntityManager } from '@mikro-orm/core';
import { migrate, openDatabase, seedReference } from '../db/index.ts';
import { hashPassword, UserSchema } from '../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../modules/catalogue/index.ts';
import { DonationSchema, rebuildBuckets } from '../modules/donations/index.ts';
import { FundraiserSchema, visitChannels } from '../modules/fundraisers/index.ts';
import { wholeToMinor } from '../modules/money/index.ts';
import { ShareHourSchema, TrafficHourSchema } from '../modules/reports/index.ts';
import { freshDatabase, reachable, startServer } from './bench-support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 8;
const mysqlServer = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const sizes = { small: 100, big: 100_000 };
const minRatio = 0.8;
const password = 'Bench-reports-1';
const dayMs = 86_400_000;

/** Two fundraisers of one organiser, a year old, with `sizes` donations spread over that year and the same visits. */
export async function prepare(databaseUrl: string): Promise<{ small: number; big: number; email: string }> {
  const orm = await openDatabase(databaseUrl);
  try {
    await migrate(orm);
    await seedReference(orm.em.fork());
    const em = orm.em.fork();
    const email = 'organiser@bench.example';
    const owner = em.create(UserSchema, { email, firstName: 'Hana', lastName: 'Bench', language: 'en', admin: false, emailVerifiedAt: new Date(), passwordHash: await hashPassword(password) });
    await em.flush();
    const category = await em.findOneOrFail(CategorySchema, { slug: 'medical' });
    const location = await em.findOneOrFail(LocationSchema, { city: 'Addis Ababa' });
    const now = Date.now();
    const ids = { small: 0, big: 0 };
    for (const size of ['small', 'big'] as const) {
      const f = em.create(FundraiserSchema, {
        title: `Benchmark fundraiser (${sizes[size]} donations)`,
        description: 'Receives the benchmark donations.',
        beneficiaryName: null,
        owner: owner.id,
        category: category.id,
        location: location.id,
        currency: 'ETB',
        goalMinor: 2_000_000_000,
        raisedMinor: 0,
        donationCount: 0,
        status: 'ACTIVE',
        createdAt: new Date(now - 366 * dayMs),
      });
      await em.flush();
      ids[size] = f.id;
      await donate(em, f.id, sizes[size], now);
      await rebuildBuckets(em, [f.id]);
      await visits(em, f.id, now);
    }
    return { ...ids, email };
  } finally {
    await orm.close();
  }
}

async function donate(em: EntityManager, fundraiserId: number, count: number, now: number): Promise<void> {
  let raised = 0;
  for (let start = 0; start < count; start += 2000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 2000); i += 1) {
      const at = new Date(now - 365 * dayMs + Math.floor(((i + 0.5) / count) * 365 * dayMs));
      const amountMinor = wholeToMinor(100 + ((i * 37) % 900), 'ETB');
      raised += amountMinor;
      rows.push({
        fundraiser: fundraiserId,
        amountMinor,
        currency: 'ETB' as const,
        donorName: i % 5 === 0 ? null : `Donor ${i}`,
        donorEmail: `donor${i % Math.max(1, Math.floor(count * 0.7))}@bench.example`,
        status: 'SUCCEEDED' as const,
        paymentMethod: (i % 4 === 0 ? 'PAYPAL' : 'STRIPE') as 'PAYPAL' | 'STRIPE',
        channel: visitChannels[i % visitChannels.length]!,
        language: 'en' as const,
        createdAt: at,
        updatedAt: at,
        succeededAt: at,
      });
    }
    await em.insertMany(DonationSchema, rows);
  }
  await em.nativeUpdate(FundraiserSchema, { id: fundraiserId }, { raisedMinor: raised, donationCount: count });
}

/** The same visits and shares for both: a few hours a day through every channel, all year. */
async function visits(em: EntityManager, fundraiserId: number, now: number): Promise<void> {
  const today = Math.floor(now / dayMs) * dayMs;
  const traffic = [];
  const shares = [];
  for (let day = today - 365 * dayMs; day < today; day += dayMs) {
    for (const hour of [7, 12, 17]) {
      for (const channel of visitChannels) {
        traffic.push({ fundraiser: fundraiserId, hour: new Date(day + hour * 3_600_000), channel, views: 12, visitors: 9 });
        if (channel !== 'direct') shares.push({ fundraiser: fundraiserId, hour: new Date(day + hour * 3_600_000), channel, shares: 2 });
      }
    }
  }
  for (let i = 0; i < traffic.length; i += 5000) await em.insertMany(TrafficHourSchema, traffic.slice(i, i + 5000));
  for (let i = 0; i < shares.length; i += 5000) await em.insertMany(ShareHourSchema, shares.slice(i, i + 5000));
}

async function signIn(url: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${url}/api/csrf`));
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in answered ${response.status}`);
  keep(response);
  return header();
}

async function rate(url: string, path: string, cookie: string, duration: number): Promise<number> {
  const result = await autocannon({ url: url + path, connections, duration, headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip' }, timeout: 30 });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dialects: ('sqlite' | 'mysql')[] = ['sqlite'];
  if (await reachable(mysqlServer)) dialects.push('mysql');
  const rows: string[] = [];
  let failed = false;
  for (const dialect of dialects) {
    const database = await freshDatabase(dialect, mysqlServer, 'reports');
    try {
      const { small, big, email } = await prepare(database.url);
      const server = await startServer(database.url);
      try {
        const cookie = await signIn(server.url, email);
        const from = new Date(Date.now() - 364 * dayMs).toISOString().slice(0, 10);
        for (const [label, query, budget] of [['the last 30 days (the page’s default)', '', true], ['the whole year', `?from=${from}`, false]] as const) {
          const paths = { small: `/api/reports/fundraisers/${small}${query}`, big: `/api/reports/fundraisers/${big}${query}` };
          // Warm both before anything counts.
          await rate(server.url, paths.small, cookie, 1);
          await rate(server.url, paths.big, cookie, 1);
          const measured = { small: [] as number[], big: [] as number[] };
          for (let round = 0; round < rounds; round += 1) {
            measured.small.push(await rate(server.url, paths.small, cookie, seconds));
            measured.big.push(await rate(server.url, paths.big, cookie, seconds));
          }
          const [a, b] = [median(measured.small), median(measured.big)];
          const ratio = b / a;
          const verdict = budget ? (ratio >= minRatio ? `PASS (≥ ${minRatio})` : `FAIL (< ${minRatio})`) : 'reported';
          if (budget && ratio < minRatio) failed = true;
          rows.push(`| ${dialect} | ${label} | ${Math.round(a)} | ${Math.round(b)} | ${ratio.toFixed(2)} | ${verdict} |`);
        }
      } finally {
        server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  console.log(`\n## A fundraiser's report: ${sizes.big.toLocaleString('en')} donations against ${sizes.small} (${connections} connections, median of ${rounds} × ${seconds} s)\n`);
  console.log(`| database | period | reports/s, ${sizes.small} donations | reports/s, ${sizes.big.toLocaleString('en')} donations | ratio | budget |`);
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (failed) {
    console.error('\nFAILED: a budget is broken');
    process.exitCode = 1;
  }
}

if (import.meta.main) await main();
