/**
 * npm run bench:comments: the first page of a fundraiser's conversation
 * (`GET /api/comments/:fundraiserId`, ten items) with 10 and with 10,000 comments on that one
 * fundraiser, on SQLite and, when a MySQL server answers at BENCH_MYSQL_URL (default root on
 * localhost), on MySQL. The figure that carries over is the ratio: the first page should cost
 * the same however long the conversation is. The API runs in a process of its own; autocannon
 * drives it from this one.
 */
import type { MikroORM } from '@mikro-orm/core';
import autocannon from 'autocannon';
import { migrate, openDatabase, seedReference } from '../db/index.ts';
import { ensureVerifiedUser } from '../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../modules/catalogue/index.ts';
import { CommentSchema, recountComments } from '../modules/comments/index.ts';
import { DonationSchema } from '../modules/donations/index.ts';
import { FundraiserSchema } from '../modules/fundraisers/index.ts';
import { freshDatabase, reachable, startServer } from './bench-support.ts';

const sizes = (process.env.BENCH_COMMENTS ?? '10,10000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = 8;
const mysqlServer = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

const names = ['Abebe', 'Tigist', 'Dawit', 'Hanna', 'Mekdes', 'Yonas', 'Selam', 'Bereket', 'Liya', 'Kebede'];
const words = ['Get well soon, we are praying for you.', 'ብርቱ ሁኑ፤ ከጎናችሁ ነን።', 'Shared this with my church group.', 'እግዚአብሔር ይርዳችሁ።', 'So glad to see the progress!'];

/**
 * One fundraiser with `size` comments (one in fifty hidden, as moderation leaves them) and a
 * few donors' words of support, written straight to the database; a second fundraiser with as
 * many comments, so that the first is not the whole table.
 */
async function fill(databaseUrl: string, size: number): Promise<number> {
  const orm: MikroORM = await openDatabase(databaseUrl);
  try {
    await migrate(orm);
    await seedReference(orm.em.fork());
    const em = orm.em.fork();
    const category = await em.findOneOrFail(CategorySchema, { slug: 'medical' });
    const location = await em.findOneOrFail(LocationSchema, { city: 'Addis Ababa' });
    const people = [];
    for (const [i, firstName] of names.entries()) {
      people.push(await ensureVerifiedUser(orm.em.fork(), { email: `commenter${i}@bench.example`, firstName, lastName: 'Bench' }));
    }
    const fundraiserIds = [];
    for (const title of ['Benchmark conversation', 'Another conversation']) {
      const f = em.create(FundraiserSchema, {
        title,
        description: 'Carries the benchmark comments.',
        beneficiaryName: null,
        owner: people[0]!.id,
        category: category.id,
        location: location.id,
        currency: 'USD',
        goalMinor: 1_000_000,
        raisedMinor: 0,
        donationCount: 0,
        status: 'ACTIVE',
      });
      await em.flush();
      fundraiserIds.push(f.id);
    }
    const now = Date.now();
    for (const fundraiserId of fundraiserIds) {
      const batch = 2000;
      for (let start = 0; start < size; start += batch) {
        const rows = [];
        for (let i = start; i < Math.min(size, start + batch); i += 1) {
          const hidden = i % 50 === 7;
          rows.push({
            fundraiser: fundraiserId,
            author: people[i % people.length]!.id,
            content: `${words[i % words.length]} (${i})`,
            status: hidden ? 'hidden' : 'published',
            hiddenReason: hidden ? 'spam' : null,
            hiddenBy: null,
            removedAt: null,
            likeCount: i % 7,
            repeatKey: `bench:${fundraiserId}:${i}`,
            createdAt: new Date(now - (size - i) * 30_000),
          });
        }
        await orm.em.fork().insertMany(CommentSchema, rows as never[]);
      }
      await recountComments(orm.em.fork(), fundraiserId);
      await orm.em.fork().insertMany(
        DonationSchema,
        Array.from({ length: 5 }, (_, i) => ({
          fundraiser: fundraiserId,
          donor: null,
          amountMinor: 2_500 * (i + 1),
          currency: 'USD',
          message: `A gift with a message (${i})`,
          showAmount: i % 2 === 0,
          donorName: i === 3 ? null : names[i],
          donorEmail: `donor${i}@bench.example`,
          status: 'SUCCEEDED',
          paymentMethod: 'STRIPE',
          creatorSession: null,
          language: 'en',
          createdAt: new Date(now - i * 3_600_000),
          updatedAt: new Date(now - i * 3_600_000),
          succeededAt: new Date(now - i * 3_600_000),
        })) as never[],
      );
    }
    return fundraiserIds[0]!;
  } finally {
    await orm.close();
  }
}

async function measure(url: string, duration: number): Promise<{ rps: number; p95: number }> {
  const latencies: number[] = [];
  const result = await autocannon({
    url,
    connections,
    duration,
    setupClient: (client) => client.on('response', (_status: number, _bytes: number, ms: number) => latencies.push(ms)),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  return { rps: result.requests.average, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

async function main() {
  const dialects: ('sqlite' | 'mysql')[] = ['sqlite'];
  if (await reachable(mysqlServer)) dialects.push('mysql');
  const results: Record<string, Record<number, { rps: number; p95: number }>> = {};
  for (const dialect of dialects) {
    for (const size of sizes) {
      const database = await freshDatabase(dialect, mysqlServer, `comments_${size}`);
      try {
        const fundraiserId = await fill(database.url, size);
        const server = await startServer(database.url);
        try {
          // A query string, so that every request reads the database: the bare first page is
          // kept for visitors until the conversation changes, which would measure the cache.
          const url = `${server.url}/api/comments/${fundraiserId}?page=0&size=10`;
          const sample = await (await fetch(url)).json() as { totalElements: number; content: unknown[] };
          if (sample.content.length !== 10) throw new Error(`${dialect}, ${size}: a first page of ${sample.content.length}`);
          console.error(`${dialect}: ${size} comments (${sample.totalElements} items in the conversation)`);
          await measure(url, 1);
          (results[dialect] ??= {})[size] = await measure(url, seconds);
        } finally {
          server.stop();
        }
      } finally {
        await database.drop();
      }
    }
  }

  const [small, large] = [sizes[0]!, sizes[sizes.length - 1]!];
  console.log(`\n## A fundraiser's first page of comments, ${small.toLocaleString('en')} → ${large.toLocaleString('en')} comments (${seconds} s each, ${connections} connections)\n`);
  console.log(`| database | req/s at ${small} | p95 ms at ${small} | req/s at ${large} | p95 ms at ${large} | req/s ${large} / ${small} |`);
  console.log('|---|---|---|---|---|---|');
  for (const [dialect, bySize] of Object.entries(results)) {
    const a = bySize[small]!;
    const b = bySize[large]!;
    console.log(`| ${dialect} | ${Math.round(a.rps)} | ${a.p95.toFixed(1)} | ${Math.round(b.rps)} | ${b.p95.toFixed(1)} | ${(b.rps / a.rps).toFixed(2)} |`);
  }
}

await main();
