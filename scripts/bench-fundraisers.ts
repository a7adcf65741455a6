/**
 * npm run bench -- fundraisers: how list, category, search and detail requests hold up as
 * the number of fundraisers grows (1,000 → 100,000 by default), on SQLite and, when a
 * MySQL server answers at BENCH_MYSQL_URL (default root on localhost), on MySQL. The API
 * runs in a process of its own; autocannon drives it from this one.
 */
import type { MikroORM } from '@mikro-orm/core';
import autocannon from 'autocannon';
import { migrate, openDatabase, seedReference } from '../db/index.ts';
import { ensureVerifiedUser } from '../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../modules/catalogue/index.ts';
import { FundraiserSchema, fundedRank, goalRank } from '../modules/fundraisers/index.ts';
import { freshDatabase, reachable, startServer } from './bench-support.ts';

async function main() {
  const sizes = (process.env.BENCH_FUNDRAISERS ?? '1000,100000').split(',').map(Number);
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const mysqlServer = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const dialects: ('sqlite' | 'mysql')[] = ['sqlite'];
  if (await reachable(mysqlServer)) dialects.push('mysql');

  const rows: { dialect: string; endpoint: string; results: Record<number, { rps: number; p95: number }> }[] = [];
  for (const dialect of dialects) {
    for (const size of sizes) {
      const database = await freshDatabase(dialect, mysqlServer, `fundraisers_${size}`);
      try {
        const started = performance.now();
        const ids = await fill(database.url, size);
        console.error(`${dialect}: ${size} fundraisers written in ${Math.round((performance.now() - started) / 1000)} s`);
        const server = await startServer(database.url);
        try {
          const endpoints = {
            'list (page 4, most funded)': '/api/fundraisers?page=3&size=10&sort=most_funded',
            'category page': `/api/fundraisers?categoryId=${ids.categoryId}&page=0&size=12`,
            'search (English)': '/api/fundraisers/search?query=school',
            'search (Amharic)': `/api/fundraisers/search?query=${encodeURIComponent('ትምህርት')}`,
            'search (a word of 10 fundraisers)': '/api/fundraisers/search?query=ref000007',
            detail: `/api/fundraisers/${ids.middle}`,
          };
          for (const [endpoint, path] of Object.entries(endpoints)) {
            await measure(server.url + path, 1);
            const result = await measure(server.url + path, seconds);
            let row = rows.find((r) => r.dialect === dialect && r.endpoint === endpoint);
            if (!row) rows.push((row = { dialect, endpoint, results: {} }));
            row.results[size] = result;
          }
        } finally {
          server.stop();
        }
      } finally {
        await database.drop();
      }
    }
  }

  const [small, large] = [sizes[0]!, sizes[sizes.length - 1]!];
  console.log(`\n## Fundraiser reads, ${small.toLocaleString('en')} → ${large.toLocaleString('en')} fundraisers (${seconds} s each, 8 connections)\n`);
  console.log(`| endpoint | database | req/s at ${small} | p95 ms at ${small} | req/s at ${large} | p95 ms at ${large} | req/s ${large} / ${small} |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const a = row.results[small]!;
    const b = row.results[large]!;
    console.log(`| ${row.endpoint} | ${row.dialect} | ${Math.round(a.rps)} | ${a.p95.toFixed(1)} | ${Math.round(b.rps)} | ${b.p95.toFixed(1)} | ${(b.rps / a.rps).toFixed(2)} |`);
  }
}

async function measure(url: string, duration: number): Promise<{ rps: number; p95: number }> {
  const latencies: number[] = [];
  const result = await autocannon({
    url,
    connections: 8,
    duration,
    setupClient: (client) => client.on('response', (_status: number, _bytes: number, ms: number) => latencies.push(ms)),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  return { rps: result.requests.average, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

// Some Amharic titles carry the searched word on its own (ትምህርት in "የልጆች ትምህርት ቤት"), not only
// with a prefix glued on (የትምህርት), as real titles do; a whole-word index finds only the former.
const subjects = [
  ['school fees for', 'የልጆች ትምህርት ቤት ክፍያ'],
  ['kidney surgery for', 'ለኩላሊት ቀዶ ጥገና'],
  ['rebuilding the home of', 'ቤት መልሶ ለመገንባት'],
  ['funeral costs for', 'ለቀብር ወጪ'],
  ['a clean water well in', 'ለንጹሕ የመጠጥ ውሃ ጉድጓድ'],
  ['medicine for', 'ለመድኃኒት'],
  ['a new roof for the church in', 'ለቤተ ክርስቲያን ጣሪያ'],
  ['textbooks for', 'የትምህርት መጻሕፍት እና ደብተር ለልጆች ትምህርት'],
  ['a wheelchair for', 'ለዊልቸር'],
  ['a small shop for', 'ለትንሽ ሱቅ'],
] as const;
const names = ['Abebe', 'Tigist', 'Dawit', 'Hanna', 'Mekdes', 'Yonas', 'Selam', 'Bereket', 'Liya', 'Kebede', 'Almaz', 'Tesfaye'];

/** Writes `size` varied fundraisers in both languages straight to the database, in batches. */
async function fill(databaseUrl: string, size: number): Promise<{ categoryId: number; middle: number }> {
  const orm: MikroORM = await openDatabase(databaseUrl);
  try {
    await migrate(orm);
    await seedReference(orm.em.fork());
    const em = orm.em.fork();
    const categories = await em.findAll(CategorySchema);
    const locations = await em.findAll(LocationSchema);
    const owners = [];
    for (let i = 0; i < 50; i += 1) {
      owners.push(await ensureVerifiedUser(orm.em.fork(), { email: `owner${i}@bench.example`, firstName: names[i % names.length]!, lastName: 'Bench' }));
    }
    const batch = 2000;
    const now = Date.now();
    for (let start = 0; start < size; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(size, start + batch); i += 1) {
        const [english, amharic] = subjects[i % subjects.length]!;
        const name = names[(i * 7) % names.length]!;
        const inAmharic = i % 4 === 0;
        const goalMinor = 50_000 + ((i * 7919) % 2_000_000);
        const currency = i % 3 === 0 ? 'ETB' : 'USD';
        const raisedMinor = (i * 104_729) % goalMinor;
        rows.push({
          title: inAmharic ? `${amharic} ${name} #${i}` : `Help with ${english} ${name} #${i}`,
          // A reference word shared by ten fundraisers at any size (same width, so no word is a
          // prefix of another): a search as selective as a name or a village usually is.
          description: `${
            inAmharic
              ? `${name} ${amharic} የእርስዎን ድጋፍ ይፈልጋል። ቤተሰቡ በሙሉ ያመሰግናል።`
              : `${name} needs your support with ${english} a family in need. Every gift helps, and updates follow.`
          } ref${String(i % Math.max(1, size / 10)).padStart(6, '0')}`,
          beneficiaryName: null,
          owner: owners[i % owners.length]!.id,
          category: categories[i % categories.length]!.id,
          location: locations[i % locations.length]!.id,
          currency,
          goalMinor,
          raisedMinor,
          // A bulk insert skips the entity's hooks that derive these.
          fundedRank: fundedRank({ currency, raisedMinor, goalMinor }),
          goalRank: goalRank({ currency, raisedMinor, goalMinor }),
          donationCount: i % 40,
          // Odd rows only, so the Amharic rows (every fourth) with the searched words stay listed.
          status: i % 20 === 3 ? 'CLOSED' : 'ACTIVE',
          createdAt: new Date(now - (size - i) * 60_000),
          updatedAt: new Date(now - (size - i) * 60_000),
        });
      }
      await orm.em.fork().insertMany(FundraiserSchema, rows as never[]);
    }
    return { categoryId: categories[0]!.id, middle: Math.max(1, Math.floor(size / 2)) };
  } finally {
    await orm.close();
  }
}

await main();
