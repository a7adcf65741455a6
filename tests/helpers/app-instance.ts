/**
 * One app instance in a process of its own, as a load balancer sees it: `startInstance` spawns
 * this file, which serves the API on a free port with the configuration it is given (its own
 * DATA_DIR; the database and the object store shared), shares its changes through the
 * database, and runs a probe job every second that prints the scheduled time it ran for.
 * With `INSTANCE_SITE=current` it serves the site build this machine has (browser tests),
 * without building one: every instance of a product serves the same build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { SiteBuilder, SiteHolder } from '../../api/site/index.ts';
import { testSiteDir } from './test-site.ts';
import { unlimitedDonations } from './unlimited-donations.ts';

export interface Instance {
  name: string;
  url: string;
  /** The scheduled times (ms) the probe job ran for on this instance. */
  ticks: number[];
  /** Ends it at once, as a crash would (SIGKILL). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `fundraise-${name}-`));
  const child: ChildProcess = spawn(process.execPath, [import.meta.filename, '--serve'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), CHANGE_FEED: 'database', SITE_DIR: process.env.SITE_DIR ?? testSiteDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ticks: number[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code} before it served`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [word, value] = line.split(' ');
      if (word === 'port') resolve(`http://127.0.0.1:${value}`);
      else if (word === 'tick') ticks.push(Number(value));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { name, url, ticks, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** The current build when the suite asked for it (INSTANCE_SITE=current), else none. */
async function servedSite(builder: SiteBuilder): Promise<SiteHolder> {
  return { current: process.env.INSTANCE_SITE === 'current' ? await builder.loadCurrent() : null, builder };
}

async function serve(): Promise<void> {
  const [{ createApp, listen }, { loadConfig, mediaLinksOf }, { createLogger }, db, { createChangeFeed, shareChanges }, { createMailer }, jobs, site] = await Promise.all([
    import('../../api/app.ts'),
    import('../../api/config.ts'),
    import('../../api/logger.ts'),
    import('../../db/index.ts'),
    import('../../kernel/changes/index.ts'),
    import('../../modules/mail/index.ts'),
    import('../../modules/jobs/index.ts'),
    import('../../api/site/index.ts'),
  ]);
  const config = loadConfig({ ...unlimitedDonations, ...process.env });
  const logger = createLogger(config.LOG_LEVEL);
  const orm = await db.openDatabase(config.DATABASE_URL);
  const feed = createChangeFeed();
  await shareChanges(orm, feed, { dialect: db.dialectOf(config.DATABASE_URL), logger }).ready;
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }), site: await servedSite(site.createSiteBuilder(config.SITE_DIR, mediaLinksOf(config))), feed });
  const server = await listen(app, 0, '127.0.0.1');
  jobs.scheduleJobs(
    orm,
    [
      {
        name: 'instance-probe',
        schedule: '* * * * * *',
        lockMs: 30_000,
        async run() {
          // The second it ran for: the run starts within milliseconds of its tick.
          process.stdout.write(`tick ${Math.floor(Date.now() / 1000) * 1000}\n`);
          return 'probed';
        },
      },
    ],
    logger,
  );
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
  process.once('SIGTERM', () => {
    server.close();
    void orm.close().then(() => process.exit(0));
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2] === '--serve') await serve();
