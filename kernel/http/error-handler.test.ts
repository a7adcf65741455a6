import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { UserSchema } from '../../modules/accounts/index.ts';
import { FundraiserSchema, FundraiserUpdateSchema } from '../../modules/fundraisers/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { createLogger } from '../../api/logger.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { errorHandler } from './error-handler.ts';
import { message } from './messages.ts';
import { requestContext } from './request-context.ts';

describe('error handler', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;

  before(async () => {
    database = await createTestDatabase();
    const app = new Koa<AppState, AppContextExtras>();
    app.use(requestContext(database.orm, createLogger('silent')));
    app.use(errorHandler(async () => false));
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
      assert.equal(body.message, message(lang, 'conflict'));
      assert.doesNotMatch(body.message, /foreign|constraint|sql/i, 'no database detail');
    }
  });
});
