import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { MikroORM } from '@mikro-orm/core';
import { ormOptions } from '../db/index.ts';

const startScript = resolve(import.meta.dirname, 'start.ts');

interface Exit {
  code: number | null;
  stderr: string;
}

/** `npm start` in a folder of its own, with nothing configured but `env`. */
function start(folder: string, env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, [startScript], {
    cwd: folder,
    env: { PATH: process.env.PATH, DATA_DIR: join(folder, 'data'), MEDIA_DIR: join(folder, 'media'), DATABASE_URL: `sqlite:${join(folder, 'app.db')}`, PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // A start that got past its checks would go on to serve: stopped, it is a failed expectation, not a hung test.
  const timer = setTimeout(() => child.kill(), 30_000);
  return new Promise((done) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    }),
  );
}

function listening(server: Server): Promise<number> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
}

/** The start stopped at once with this message, without a stack, and touched no database. */
function refused(exit: Exit, folder: string, message: RegExp): void {
  assert.equal(exit.code, 1, exit.stderr);
  assert.match(exit.stderr, message);
  assert.doesNotMatch(exit.stderr, /^\s+at /m, 'no stack trace');
  assert.ok(exit.stderr.trim().split('\n').length <= 2, exit.stderr);
  assert.ok(!existsSync(join(folder, 'app.db')), 'no database was made or migrated');
}

describe('npm start with a configuration it cannot work with', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'start-'));
    folders.push(made);
    return made;
  };
  after(() => {
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('refuses an https PUBLIC_URL without TRUST_PROXY (every sign-in would fail), naming the fix', async () => {
    const at = folder();
    refused(await start(at, { PUBLIC_URL: 'https://give.example.org' }), at, /^ {2}TRUST_PROXY: must be true when PUBLIC_URL is https \(set TRUST_PROXY=true/m);
  });

  it('refuses a PUBLIC_URL that is not http(s), before building a site from it', async () => {
    const at = folder();
    refused(await start(at, { PUBLIC_URL: 'javascript:alert(1)' }), at, /^ {2}PUBLIC_URL: must be an absolute http\(s\) URL/m);
  });

  it('refuses half a Stripe or Chapa configuration before migrating', async () => {
    const stripe = folder();
    refused(await start(stripe, { STRIPE_SECRET_KEY: 'sk_live_x' }), stripe, /^ {2}STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY; set both, or neither$/m);
    const chapa = folder();
    refused(await start(chapa, { CHAPA_WEBHOOK_SECRET: 'hash' }), chapa, /^ {2}CHAPA_WEBHOOK_SECRET: needs CHAPA_SECRET_KEY beside it/m);
  });

  it('refuses a MySQL DATABASE_URL that names no database, and one whose server does not answer, in one line', async () => {
    const at = folder();
    refused(await start(at, { DATABASE_URL: 'mysql://root@127.0.0.1:3306' }), at, /^ {2}DATABASE_URL: names no database/m);
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((done) => closed.close(done));
    refused(await start(at, { DATABASE_URL: `mysql://root:secret@127.0.0.1:${port}/fundraise` }), at, new RegExp(`^DATABASE_URL: cannot reach MySQL at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`, 'm'));
  });

  it('says in one line that the SQLite file is locked by another process, and leaves it as it found it', async () => {
    const at = folder();
    const file = join(at, 'app.db');
    // Another process writing the fresh file, as a second instance starting beside it would.
    const holder = await MikroORM.init(await ormOptions(`sqlite:${file}`));
    await holder.em.getConnection().execute('begin immediate');
    try {
      const exit = await start(at, {});
      assert.equal(exit.code, 1, exit.stderr);
      assert.match(exit.stderr, /^DATABASE_URL: the SQLite file .*app\.db is locked by another process/m);
      assert.doesNotMatch(exit.stderr, /^\s+at /m, 'no stack trace');
      assert.equal(exit.stderr.trim().split('\n').length, 1, exit.stderr);
    } finally {
      await holder.em.getConnection().execute('rollback');
    }
    const tables = await holder.em.getConnection().execute<{ n: number }[]>("select count(*) as n from sqlite_master where type = 'table'");
    await holder.close();
    assert.equal(Number(tables[0]?.n), 0, 'no migration ran');
  });

  it('refuses a PORT another process holds, and a HOST that is not this machine, before any work', async () => {
    const taken = createServer();
    const port = await listening(taken);
    try {
      const at = folder();
      refused(await start(at, { PORT: String(port), HOST: '127.0.0.1' }), at, new RegExp(`^PORT: 127\\.0\\.0\\.1:${port} is taken by another process`, 'm'));
    } finally {
      await new Promise((done) => taken.close(done));
    }
    const at = folder();
    // 192.0.2.0/24 is set aside for documentation: no machine has it.
    refused(await start(at, { HOST: '192.0.2.1' }), at, /^HOST: 192\.0\.2\.1 is not an address of this machine/m);
  });
});
