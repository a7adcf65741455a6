import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createApp, listen } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { createLogger } from '../../api/logger.ts';
import { openDatabase, seedDemoIfEmpty } from '../../db/index.ts';
import { signIn } from '../../tests/helpers/accounts.ts';
import { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp } from '../../tests/helpers/test-app.ts';
import { createTestDatabase } from '../../tests/helpers/test-database.ts';
import { createMailer } from '../mail/index.ts';
import { UserSchema } from './index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function createAdmin(databaseUrl: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/create-admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('admin accounts', () => {
  it('npm run create-admin creates a verified admin with the given password, or generates and prints one', async () => {
    const db = await createTestDatabase();
    try {
      const given = await createAdmin(db.url, ['--email', 'Boss@Example.org', '--password', 'Shiro-Be-Berbere-9', '--first', 'Almaz', '--last', 'Ayana']);
      assert.equal(given.code, 0, given.stderr);
      assert.match(given.stdout, /Created admin account boss@example\.org/);
      assert.doesNotMatch(given.stdout, /Shiro-Be-Berbere-9/, 'a password the operator typed is not echoed');
      const admin = await db.orm.em.fork().findOneOrFail(UserSchema, { email: 'boss@example.org' });
      assert.equal(admin.admin, true);
      assert.ok(admin.emailVerifiedAt);
      assert.deepEqual([admin.firstName, admin.lastName], ['Almaz', 'Ayana']);

      const generated = await createAdmin(db.url, ['--email', 'second@example.org']);
      assert.equal(generated.code, 0, generated.stderr);
      const password = /Generated password \(shown only now\): (\S+)/.exec(generated.stdout)?.[1];
      assert.ok(password && password.length >= 20, generated.stdout);

      const weak = await createAdmin(db.url, ['--email', 'third@example.org', '--password', 'password1']);
      assert.equal(weak.code, 1);
      assert.match(weak.stderr, /too common/);
      const bad = await createAdmin(db.url, ['--email', 'nope']);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /Usage/);
      assert.equal(await db.orm.em.fork().count(UserSchema), 2);

      // The generated password signs in, as an admin.
      const check = await startTestAppOn(db.url);
      try {
        const response = await signIn(check.client(), { email: 'second@example.org', password: password! });
        assert.equal(response.data.admin, true);
        const boss = await signIn(check.client(), { email: 'boss@example.org', password: 'Shiro-Be-Berbere-9' });
        assert.equal(boss.data.admin, true);
      } finally {
        await check.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('the demo data has one admin with a generated password, different on every fresh database, and only once', async () => {
    const app = await startTestApp();
    const other = await createTestDatabase();
    const otherMedia = mkdtempSync(join(tmpdir(), 'fundraise-media-'));
    try {
      const first = await seedDemoIfEmpty(app.orm.em.fork(), { mediaDir: app.mediaDir });
      assert.ok(first);
      assert.ok(first.admin.password.length >= 20);
      const response = await signIn(app.client(), first.admin);
      assert.equal(response.data.admin, true);
      assert.equal(await seedDemoIfEmpty(app.orm.em.fork(), { mediaDir: app.mediaDir }), null, 'not again into a database with content');
      const second = await seedDemoIfEmpty(other.orm.em.fork(), { mediaDir: otherMedia });
      assert.notEqual(second?.admin.password, first.admin.password, 'never a fixed password');
    } finally {
      await app.close();
      await other.drop();
      rmSync(otherMedia, { recursive: true, force: true });
    }
  });
});

/** The app on an existing database (the script wrote to it), for signing in with what it printed. */
async function startTestAppOn(databaseUrl: string) {
  const orm = await openDatabase(databaseUrl);
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const logger = createLogger('silent');
  const app = createApp({ config, orm, logger, mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, logger }) });
  const server = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    client: () => new TestClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await orm.close();
    },
  };
}
