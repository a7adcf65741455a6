/**
 * npm run bench:donations: donations per second through the whole server side of giving, by
 * several donors at once to one fundraiser, on SQLite and, when a server answers at
 * BENCH_MYSQL_URL, on MySQL. Two rails: a card gift in dollars through the sandbox (create →
 * start payment → the sandbox checkout's outcome → confirm), and a birr gift through Chapa's
 * real client against a local Chapa (create → initialize → the donor pays → confirm, which
 * verifies). The baseline, measured in the same run by the same donors, is a plain read of the
 * fundraiser: the figure that carries over is how many reads one donation costs. On MySQL,
 * card gifts also go through a round-robin proxy to one instance and then to two sharing the
 * database, each donor's requests dealt out to both: donations per second against one.
 */
import { openDatabase, migrate, seedReference } from '../db/index.ts';
import { ensureVerifiedUser } from '../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../modules/catalogue/index.ts';
import { FundraiserSchema } from '../modules/fundraisers/index.ts';
import { fromMinor, wholeToMinor, type Currency } from '../modules/money/index.ts';
import { startFakeChapa } from '../tests/helpers/fake-chapa.ts';
import { TestClient } from '../tests/helpers/http-client.ts';
import { startRoundRobin } from '../tests/helpers/round-robin.ts';
import { freshDatabase, reachable, startServer } from './bench-support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const donors = Number(process.env.BENCH_DONORS ?? 8);
const mysqlServer = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** A fundraiser in each currency with a goal no benchmark reaches. */
async function prepare(databaseUrl: string): Promise<Record<Currency, number>> {
  const orm = await openDatabase(databaseUrl);
  try {
    await migrate(orm);
    await seedReference(orm.em.fork());
    const owner = await ensureVerifiedUser(orm.em.fork(), { email: 'organiser@bench.example', firstName: 'Hana', lastName: 'Bench' });
    const em = orm.em.fork();
    const category = (await em.findOneOrFail(CategorySchema, { slug: 'medical' })).id;
    const location = (await em.findOneOrFail(LocationSchema, { city: 'Addis Ababa' })).id;
    const [usd, etb] = (['USD', 'ETB'] as const).map((currency) =>
      em.create(FundraiserSchema, {
        title: `Benchmark fundraiser in ${currency}`,
        description: 'Receives the benchmark donations.',
        beneficiaryName: null,
        owner: owner.id,
        category,
        location,
        currency,
        goalMinor: 1_000_000_000,
        raisedMinor: 0,
        donationCount: 0,
        status: 'ACTIVE',
      }),
    );
    await em.flush();
    return { USD: usd!.id, ETB: etb!.id };
  } finally {
    await orm.close();
  }
}

/** Runs `step` in a loop on each donor's own client until the time is up; counts and times each. */
async function drive(url: string, step: (client: TestClient, i: number) => Promise<void>): Promise<{ perSecond: number; p95: number; count: number }> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: donors }, async (_, donor) => {
      const client = new TestClient(url);
      for (let i = 0; performance.now() < until; i += 1) {
        const started = performance.now();
        await step(client, donor * 1_000_000 + i);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0, count: latencies.length };
}

function expectOk(answer: { status: number; text: string }, what: string) {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`);
}

const chapaKeys = { secretKey: 'CHASECK_TEST-bench', webhookSecret: 'bench-webhook-secret' };
type FakeChapa = Awaited<ReturnType<typeof startFakeChapa>>;

/** The steps each donor repeats, and the totals they must add up to. */
function givingFlows(fundraisers: Record<Currency, number>, chapa: FakeChapa) {
  const expectedMinor: Record<Currency, number> = { USD: 0, ETB: 0 };
  const read = async (client: TestClient) => expectOk(await client.request('GET', `/api/fundraisers/${fundraisers.USD}`), 'read');
  const donation = async (client: TestClient, i: number, currency: Currency, paymentMethod: 'STRIPE' | 'CHAPA') => {
    const minor = wholeToMinor(1, currency) + (i % 9_900);
    const created = await client.request('POST', '/api/donations', {
      json: { fundraiserId: fundraisers[currency], amount: fromMinor(minor, currency), donorName: `Donor ${i}`, donorEmail: `donor${i}@bench.example`, currency },
    });
    expectOk(created, 'create');
    const started = await client.request('POST', '/api/payments', { json: { donationId: created.data.id, paymentMethod } });
    expectOk(started, 'start');
    return { ref: started.data.paymentIntentId as string, minor };
  };
  const confirm = async (client: TestClient, ref: string) => {
    const confirmed = await client.request('POST', `/api/confirm-payment?paymentIntentId=${ref}`);
    expectOk(confirmed, 'confirm');
    if (confirmed.data.status !== 'SUCCEEDED') throw new Error(`confirm answered ${confirmed.data.status}`);
  };
  return {
    expectedMinor,
    read,
    async byCard(client: TestClient, i: number) {
      const { ref, minor } = await donation(client, i, 'USD', 'STRIPE');
      expectOk(await client.request('POST', `/api/sandbox/payments/${ref}/complete`, { json: { outcome: 'succeeded' } }), 'checkout');
      await confirm(client, ref);
      expectedMinor.USD += minor;
    },
    async byChapa(client: TestClient, i: number) {
      const { ref, minor } = await donation(client, i, 'ETB', 'CHAPA');
      chapa.pay(ref, 'telebirr');
      await confirm(client, ref);
      expectedMinor.ETB += minor;
    },
  };
}

/** The point of it all: every confirmed donation counted, once. */
async function assertTotals(databaseUrl: string, fundraisers: Record<Currency, number>, expectedMinor: Record<Currency, number>, counts: Record<Currency, number>) {
  const orm = await openDatabase(databaseUrl);
  try {
    for (const currency of ['USD', 'ETB'] as const) {
      const f = await orm.em.fork().findOneOrFail(FundraiserSchema, { id: fundraisers[currency] });
      if (f.raisedMinor !== expectedMinor[currency] || f.donationCount !== counts[currency]) {
        throw new Error(`${currency} total ${f.raisedMinor}/${f.donationCount}, expected ${expectedMinor[currency]}/${counts[currency]}`);
      }
    }
  } finally {
    await orm.close();
  }
}

type Measured = Awaited<ReturnType<typeof drive>>;

async function main() {
  const dialects: ('sqlite' | 'mysql')[] = ['sqlite'];
  const mysql = await reachable(mysqlServer);
  if (mysql) dialects.push('mysql');
  const chapa = await startFakeChapa(chapaKeys);
  const chapaEnv = { CHAPA_SECRET_KEY: chapaKeys.secretKey, CHAPA_WEBHOOK_SECRET: chapaKeys.webhookSecret, CHAPA_API_BASE: chapa.url };
  const rows: { dialect: string; rail: string; baseline: Measured; flow: Measured }[] = [];
  const instances: { label: string; flow: Measured }[] = [];
  try {
    for (const dialect of dialects) {
      const database = await freshDatabase(dialect, mysqlServer, 'donations');
      try {
        const fundraisers = await prepare(database.url);
        const server = await startServer(database.url, chapaEnv);
        try {
          const flows = givingFlows(fundraisers, chapa);
          await drive(server.url, flows.read);
          const baseline = await drive(server.url, flows.read);
          const card = await drive(server.url, flows.byCard);
          const birr = await drive(server.url, flows.byChapa);
          await assertTotals(database.url, fundraisers, flows.expectedMinor, { USD: card.count, ETB: birr.count });
          rows.push({ dialect, rail: 'card (sandbox), USD', baseline, flow: card }, { dialect, rail: 'Chapa (local stand-in), ETB', baseline, flow: birr });
        } finally {
          server.stop();
        }
      } finally {
        await database.drop();
      }
    }
    // Several instances share a MySQL database: card gifts through a round-robin proxy to
    // one instance, then to two, each donor's requests dealt out to both in turn.
    if (mysql) {
      const database = await freshDatabase('mysql', mysqlServer, 'instances');
      const shared = { ...chapaEnv, CHANGE_FEED: 'database', SESSION_SECRET: 'one-secret-shared-by-every-benchmark-instance' };
      try {
        const fundraisers = await prepare(database.url);
        const [first, second] = await Promise.all([startServer(database.url, shared), startServer(database.url, shared)]);
        try {
          const flows = givingFlows(fundraisers, chapa);
          for (const [label, upstreams] of [
            ['one instance', [first]],
            ['two instances', [first, second]],
          ] as const) {
            const proxy = await startRoundRobin(upstreams.map((upstream, i) => ({ name: String(i), url: upstream.url })));
            try {
              await drive(proxy.url, flows.read);
              instances.push({ label, flow: await drive(proxy.url, flows.byCard) });
            } finally {
              await proxy.close();
            }
          }
          await assertTotals(database.url, fundraisers, flows.expectedMinor, { USD: instances.reduce((sum, i) => sum + i.flow.count, 0), ETB: 0 });
        } finally {
          first.stop();
          second.stop();
        }
      } finally {
        await database.drop();
      }
    }
  } finally {
    await chapa.close();
  }
  console.log(`\n## Donations through create → pay → confirm (${donors} donors at once, ${seconds} s each)\n`);
  console.log('| database | rail | fundraiser reads/s (baseline) | donations/s | p95 ms per donation | reads per donation (baseline ÷ donations) |');
  console.log('|---|---|---|---|---|---|');
  for (const { dialect, rail, baseline, flow } of rows) {
    console.log(`| ${dialect} | ${rail} | ${Math.round(baseline.perSecond)} | ${flow.perSecond.toFixed(1)} | ${flow.p95.toFixed(1)} | ${(baseline.perSecond / flow.perSecond).toFixed(1)} |`);
  }
  if (instances.length) {
    const [one] = instances;
    console.log(`\n## Card gifts through a round-robin proxy, on MySQL (${donors} donors at once, ${seconds} s each)\n`);
    console.log('| instances | donations/s | p95 ms per donation | against one instance |');
    console.log('|---|---|---|---|');
    for (const { label, flow } of instances) console.log(`| ${label} | ${flow.perSecond.toFixed(1)} | ${flow.p95.toFixed(1)} | ${(flow.perSecond / one!.flow.perSecond).toFixed(2)}× |`);
  }
}

await main();
