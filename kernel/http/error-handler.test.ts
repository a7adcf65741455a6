import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import type { MikroORM } from '@mikro-orm/core';
import { createConnection, type Connection } from 'mysql2/promise';
import { openDatabase } from '../../db/index.ts';
import { UserSchema } from '../../modules/accounts/index.ts';
import { CategorySchema } from '../../modules/catalogue/index.ts';
import { FundraiserSchema, FundraiserUpdateSchema } from '../../modules/fundraisers/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { createLogger } from '../../api/logger.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { errorHandler } from './error-handler.ts';
import { ValidationFailed } from './errors.ts';
import { createMessages, defineMessages, kernelMessages } from './messages.ts';
import { requestContext } from './request-context.ts';

const parcels = defineMessages({
  en: { parcel_refused: 'We cannot send this parcel.', 'field.parcel_weight': 'A parcel weighs at most {max} kg.' },
  am: { parcel_refused: 'ይህን ጥቅል መላክ አንችልም።', 'field.parcel_weight': 'አንድ ጥቅል ቢበዛ {max} ኪ.ግ. ይመዝናል።' },
});

describe('error handler', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;

  before(async () => {
    database = await createTestDatabase();
    const app = new Koa<AppState, AppContextExtras>();
    app.use(requestContext(database.orm, createLogger('silent')));
    app.use(errorHandler(createMessages([parcels]), async () => false));
    app.use(async (ctx, next) => {
      if (ctx.path !== '/api/parcels') return next();
      throw new ValidationFailed({ weight: { code: 'field.parcel_weight', params: { max: 30 } }, name: { code: 'field.required' } }, 'parcel_refused');
    });
    app.use(async (ctx) => {
      // An update of a fundraiser (by an author) that does not exist: the database's foreign keys refuse it.
      const em = ctx.state.em;
      em.create(FundraiserUpdateSchema, { fundraiser: em.getReference(FundraiserSchema, 999_999), author: em.getReference(UserSchema, 999_999), content: 'Orphan' });
      await em.flush();
      ctx.body = { inserted: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.drop();
  });

  it('answers a foreign-key violation raised by the database with 409 conflict, in both languages, never 500', async () => {
    for (const lang of ['en', 'am'] as const) {
      const response = await fetch(`${url}/api/anything`, { method: 'POST', headers: { 'Accept-Language': lang } });
      assert.equal(response.status, 409);
      const body = (await response.json()) as { status: number; code: string; message: string };
      assert.equal(body.code, 'conflict');
      assert.equal(body.message, kernelMessages[lang].conflict);
      assert.doesNotMatch(body.message, /foreign|constraint|sql/i, 'no database detail');
    }
  });

  it('words the error’s code and each field’s in the language asked for, from the catalogues it was given', async () => {
    const answer = async (lang: string) => {
      const response = await fetch(`${url}/api/parcels`, { method: 'POST', headers: { 'Accept-Language': lang } });
      assert.equal(response.status, 400);
      return (await response.json()) as { code: string; message: string; fields: Record<string, string> };
    };
    const english = await answer('en');
    assert.equal(english.code, 'parcel_refused');
    assert.equal(english.message, 'We cannot send this parcel.');
    assert.deepEqual(english.fields, { weight: 'A parcel weighs at most 30 kg.', name: 'This field is required.' });
    const amharic = await answer('am');
    assert.equal(amharic.message, 'ይህን ጥቅል መላክ አንችልም።');
    assert.deepEqual(amharic.fields, { weight: 'አንድ ጥቅል ቢበዛ 30 ኪ.ግ. ይመዝናል።', name: kernelMessages.am['field.required'] });
  });
});

/**
 * Another connection holding the write lock, as another process (a backup, a second app on the
 * same file) would; the function returned lets it go, once however often called.
 */
async function holdWriteLock(url: string): Promise<() => Promise<void>> {
  let letGo: () => Promise<void>;
  if (url.startsWith('mysql://')) {
    const holder: Connection = await createConnection(url);
    await holder.query('begin');
    await holder.query('select * from category for update');
    letGo = () => holder.end();
  } else {
    const holder: MikroORM = await openDatabase(url);
    await holder.em.getConnection().execute('begin immediate');
    letGo = async () => {
      await holder.em.getConnection().execute('rollback');
      await holder.close();
    };
  }
  let released: Promise<void> | undefined;
  return () => (released ??= letGo());
}

describe('error handler, with the database locked by another connection', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;
  let release: () => Promise<void>;

  before(async () => {
    database = await createTestDatabase();
    const mysql = database.url.startsWith('mysql://');
    // The drivers' own waits (5 s on SQLite, 50 s on MySQL) made short, so that the test is.
    if (!mysql) await database.orm.em.getConnection().execute('pragma busy_timeout = 200');
    const em = database.orm.em.fork();
    const category = em.create(CategorySchema, { slug: 'medical', name: 'Medical', nameAm: 'ሕክምና' });
    await em.flush();
    const app = new Koa<AppState, AppContextExtras>();
    app.use(requestContext(database.orm, createLogger('silent')));
    app.use(errorHandler(createMessages([]), async () => false));
    app.use(async (ctx) => {
      await ctx.state.em.transactional(async (tx) => {
        if (mysql) await tx.getConnection().execute('set session innodb_lock_wait_timeout = 1', [], 'run', tx.getTransactionContext());
        await tx.nativeUpdate(CategorySchema, { id: category.id }, { name: 'Health' });
      });
      ctx.body = { renamed: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    release = await holdWriteLock(database.url);
  });
  after(async () => {
    await release();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.drop();
  });

  it('answers a write that cannot get the lock with 503 and Retry-After, in both languages, never 500; the same write works once the lock is let go', async () => {
    for (const lang of ['en', 'am'] as const) {
      const response = await fetch(`${url}/api/categories/rename`, { method: 'POST', headers: { 'Accept-Language': lang } });
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '5');
      const body = (await response.json()) as { status: number; code: string; message: string; requestId: string };
      assert.equal(body.code, 'database_busy');
      assert.equal(body.message, kernelMessages[lang].database_busy);
      assert.ok(body.requestId);
      assert.doesNotMatch(JSON.stringify(body), /lock|SQLITE|sql/i, 'no database detail');
    }
    await release();
    const response = await fetch(`${url}/api/categories/rename`, { method: 'POST' });
    assert.equal(response.status, 200);
  });
});
