/**
 * node scripts/measure-upload-memory.ts: the server's resident memory (RSS) before, at the
 * peak of and after bursts of concurrent image uploads of phone-sized photos (12 MP JPEGs
 * of several MB), and how they were answered. The API runs in a process of its own (no
 * site, no jobs) on a fresh SQLite database, so the photos made here never count in its
 * figures. Each burst is a different organiser's, to two fundraisers at most 10 each, so
 * that every photo is one the server must decode. `UPLOADS` (20) photos a burst, `BURSTS` (3).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createApp, listen } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { migrate, openDatabase, seedReference } from '../db/index.ts';
import { hashPassword, UserSchema } from '../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../modules/catalogue/index.ts';
import { FundraiserSchema } from '../modules/fundraisers/index.ts';
import { createMailer } from '../modules/mail/index.ts';
import { TestClient } from '../tests/helpers/http-client.ts';

const uploads = Number(process.env.UPLOADS ?? 20);
const bursts = Number(process.env.BURSTS ?? 3);
const perFundraiser = 10;
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** One organiser per burst, as the upload rate limit is per person; the first also warms up. */
type Organiser = { email: string; fundraiserIds: number[] };
type Ready = { type: 'ready'; port: number; password: string; organisers: Organiser[] };
type Memory = { type: 'memory'; rss: number; peak: number };

/** Child mode: the API on a fresh SQLite file with the organisers and their fundraisers; reports its RSS when asked. */
async function serve(dir: string) {
  const config = loadConfig({ ...process.env, DATABASE_URL: `sqlite:${join(dir, 'app.db')}`, DATA_DIR: dir, MEDIA_DIR: join(dir, 'media'), LOG_LEVEL: 'warn' });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await openDatabase(config.DATABASE_URL);
  await migrate(orm);
  await seedReference(orm.em.fork());
  const em = orm.em.fork();
  const password = randomBytes(12).toString('hex');
  const passwordHash = await hashPassword(password);
  const category = await em.findOneOrFail(CategorySchema, { slug: 'medical' });
  const location = await em.findOneOrFail(LocationSchema, { city: 'Addis Ababa' });
  const organisers = Array.from({ length: bursts }, (_, b) => {
    const owner = em.create(UserSchema, { email: `organiser-${b}@example.com`, firstName: 'Hana', lastName: 'Girma', language: 'en', admin: false, emailVerifiedAt: new Date(), passwordHash });
    const fundraisers = Array.from({ length: Math.ceil((uploads + 1) / perFundraiser) }, (_, i) =>
      em.create(FundraiserSchema, {
        title: `Surgery for patient ${b + 1}.${i + 1}`,
        description: 'Photos of the family and the hospital.',
        beneficiaryName: null,
        owner,
        category,
        location,
        currency: 'USD',
        goalMinor: 500_000,
        raisedMinor: 0,
        donationCount: 0,
        status: 'ACTIVE',
      }),
    );
    return { owner, fundraisers };
  });
  await em.flush();
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }) });
  const server = await listen(app, 0, '127.0.0.1');

  let peak = 0;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10).unref();
  process.on('message', () => {
    const rss = process.memoryUsage.rss();
    process.send!({ type: 'memory', rss, peak: Math.max(peak, rss) } satisfies Memory);
    peak = 0;
  });
  process.send!({
    type: 'ready',
    port: (server.address() as AddressInfo).port,
    password,
    organisers: organisers.map(({ owner, fundraisers }) => ({ email: owner.email, fundraiserIds: fundraisers.map((f) => f.id) })),
  } satisfies Ready);
}

/** A 4000×3000 photo-like JPEG: soft shapes with sensor-like grain, so it compresses as a camera's would (several MB). */
async function photo(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const seed = await sharp(randomBytes(8 * 6 * 3), { raw: { width: 8, height: 6, channels: 3 } }).png().toBuffer();
  const pixels = await sharp(seed).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + (grain[i]! % 40) - 20));
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

function form(fundraiserId: number, bytes: Buffer): FormData {
  const data = new FormData();
  data.append('entityType', 'FUNDRAISER');
  data.append('entityId', String(fundraiserId));
  data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return data;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'measure-upload-'));
  const child = fork(import.meta.filename, ['--serve', dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      child.once('message', (m) => resolve(m as Ready));
    });
    const memory = () =>
      new Promise<Memory>((resolve) => {
        child.once('message', (m) => resolve(m as Memory));
        child.send('memory');
      });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const photos: Buffer[] = [];
    for (let i = 0; i < uploads + 1; i += 1) photos.push(await photo());
    const sizes = photos.map((p) => p.length);
    const clients = await Promise.all(
      ready.organisers.map(async ({ email }) => {
        const client = new TestClient(`http://127.0.0.1:${ready.port}`);
        const signedIn = await client.post('/api/auth/login', { email, password: ready.password });
        if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`);
        return client;
      }),
    );

    // One upload first, so that the image library is loaded before the baseline is taken.
    const warmUp = await clients[0]!.upload('/api/media/upload', form(ready.organisers[0]!.fundraiserIds.at(-1)!, photos[uploads]!));
    if (warmUp.status !== 201) throw new Error(`warm-up upload answered ${warmUp.status}: ${warmUp.text}`);
    await pause(2000);
    const before = await memory();

    const rows: string[] = [];
    for (let b = 0; b < bursts; b += 1) {
      const started = performance.now();
      const answers = await Promise.all(
        photos.slice(0, uploads).map(async (bytes, i) => (await clients[b]!.upload('/api/media/upload', form(ready.organisers[b]!.fundraiserIds[Math.floor(i / perFundraiser)]!, bytes))).status),
      );
      const seconds = (performance.now() - started) / 1000;
      const during = await memory();
      await pause(5000);
      const after = await memory();
      const counts = new Map<number, number>();
      for (const status of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
      rows.push(`| ${b + 1} | ${[...counts].map(([status, n]) => `${n} × ${status}`).join(', ')} | ${seconds.toFixed(1)} s | ${mb(during.peak)} | ${mb(after.rss)} |`);
    }
    await pause(25_000);
    const last = await memory();

    console.log(`\n## Server memory (RSS) around bursts of ${uploads} concurrent uploads\n`);
    console.log(`photos: JPEGs of 4000×3000, ${(Math.min(...sizes) / 1_048_576).toFixed(1)}–${(Math.max(...sizes) / 1_048_576).toFixed(1)} MB each`);
    console.log(`before (idle, after one upload): ${mb(before.rss)}\n`);
    console.log('| burst | answers | took | peak | 5 s after |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\n30 s after the last burst: ${mb(last.rss)}`);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
