import assert from 'node:assert/strict';
import type { MikroORM } from '@mikro-orm/core';
import { after, before, describe, it } from 'node:test';
import { openDatabase } from '../../db/index.ts';
import { kernelMessages } from '../../kernel/http/index.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const sqlite = !process.env.DATABASE_URL?.startsWith('mysql://');

describe('the app on a SQLite file another process is writing', { skip: !sqlite && 'SQLite only (MySQL’s lock waits: kernel/http/error-handler.test.ts)' }, () => {
  let app: TestApp;
  let other: MikroORM;
  const message = { name: 'Abebe', email: 'abebe@example.com', message: 'Hello, I have a question.' };
  before(async () => {
    app = await startTestApp();
    // The app waits 5 s for a lock; a fifth of a second keeps the test short.
    await app.orm.em.getConnection().execute('pragma busy_timeout = 200');
    other = await openDatabase(`sqlite:${app.orm.config.get('dbName')}`);
  });
  after(async () => {
    await other.close();
    await app.close();
  });

  it('answers writes with 503 and Retry-After while the lock is held, in both languages, and takes them again once it is let go', async () => {
    const client = app.client();
    await client.get('/api/csrf');
    await other.em.getConnection().execute('begin immediate');
    try {
      for (const lang of ['en', 'am'] as const) {
        const refused = await client.post('/api/email/contact-us', message, { headers: { 'Accept-Language': lang } });
        assert.equal(refused.status, 503, refused.text);
        assert.equal(refused.headers.get('retry-after'), '5');
        assert.equal(refused.data.code, 'database_busy');
        assert.equal(refused.data.message, kernelMessages[lang].database_busy);
      }
    } finally {
      await other.em.getConnection().execute('rollback');
    }
    for (let i = 0; i < 2; i++) assert.equal((await client.post('/api/email/contact-us', message)).status, 201, 'the connection works again');
  });
});
