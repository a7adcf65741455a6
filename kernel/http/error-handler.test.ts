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
