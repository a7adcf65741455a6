import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { z } from 'zod';
import type { AppContextExtras, AppState } from './context.ts';
import { ResponseMismatch, responseProblem } from './response-check.ts';
import { encodeJson, route, routes, type EncodedJson, type RouteDefinition } from './route.ts';

const itemResponse = z.object({ id: z.number(), name: z.string(), status: z.enum(['OPEN', 'CLOSED']) });

/**
 * Handlers that answer what their schema says, and handlers that do not. The casts stand
 * for the drift the check is there to catch: code the type checker was talked out of.
 */
const definitions: RouteDefinition[] = [
  route({ method: 'get', path: '/api/good', tag: 'test', summary: 'good', response: itemResponse, handler: async () => ({ id: 1, name: 'ሕክምና', status: 'OPEN' as const }) }),
  route({ method: 'get', path: '/api/wrong-type', tag: 'test', summary: 'wrong type', response: itemResponse, handler: async () => ({ id: '1', name: 'x', status: 'OPEN' }) as unknown as z.output<typeof itemResponse> }),
  route({ method: 'get', path: '/api/missing', tag: 'test', summary: 'missing', response: itemResponse, handler: async () => ({ id: 1, name: 'x' }) as z.output<typeof itemResponse> }),
  route({ method: 'get', path: '/api/extra', tag: 'test', summary: 'extra', response: itemResponse, handler: async () => ({ id: 1, name: 'x', status: 'OPEN' as const, email: 'a@b.c' }) }),
  route({ method: 'get', path: '/api/encoded', tag: 'test', summary: 'encoded', response: z.array(itemResponse), handler: async () => encodeJson([{ id: 1, name: 'x', status: 'OPEN' as const }]) }),
  route({
    method: 'get',
    path: '/api/encoded-wrong',
    tag: 'test',
    summary: 'encoded wrong',
    response: z.array(itemResponse),
    handler: async () => encodeJson([{ id: 1, name: 'x', status: 'GONE' }]) as unknown as EncodedJson<z.output<typeof itemResponse>[]>,
  }),
  route({ method: 'delete', path: '/api/nothing', tag: 'test', summary: 'nothing', handler: async () => undefined }),
  route({ method: 'get', path: '/api/undeclared', tag: 'test', summary: 'undeclared', handler: async () => ({ id: 1 }) as unknown as undefined }),
];

// The types refuse what the run-time check refuses, without a cast.
export const refusedByTypes = [
  // @ts-expect-error a string where the schema wants a number
  route({ method: 'get', path: '/', tag: 't', summary: 's', response: itemResponse, handler: async () => ({ id: '1', name: 'x', status: 'OPEN' }) }),
  // @ts-expect-error a status the schema does not list
  route({ method: 'get', path: '/', tag: 't', summary: 's', response: itemResponse, handler: async () => ({ id: 1, name: 'x', status: 'GONE' as const }) }),
  // @ts-expect-error a body from a route that declares no response
  route({ method: 'get', path: '/', tag: 't', summary: 's', handler: async () => ({ id: 1 }) }),
  // @ts-expect-error a Buffer is not JSON encoded from the described value
  route({ method: 'get', path: '/', tag: 't', summary: 's', response: itemResponse, handler: async () => Buffer.from('{}') }),
  // @ts-expect-error a Date is not JSON: a response schema describes the answer as sent
  route({ method: 'get', path: '/', tag: 't', summary: 's', response: z.object({ at: z.date() }), handler: async () => ({ at: new Date() }) }),
];

async function serve(checkResponses: boolean): Promise<{ url: string; server: Server; errors: unknown[] }> {
  const errors: unknown[] = [];
  const app = new Koa<AppState, AppContextExtras>();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      errors.push(error);
      ctx.status = 500;
      ctx.body = { status: 500 };
    }
  });
  app.use(routes(definitions, { checkResponses }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, errors };
}

describe('response check (NODE_ENV=test)', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  before(async () => {
    // The check warns on stderr as well, for runs whose logs are silent; not needed here.
    process.removeAllListeners('warning');
    app = await serve(true);
  });
  after(() => app.server.close());

  const get = (path: string, method = 'GET') => fetch(`${app.url}${path}`, { method });

  it('lets an answer its schema describes through, as it was', async () => {
    const response = await get('/api/good');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { id: 1, name: 'ሕክምና', status: 'OPEN' });
    const encoded = await get('/api/encoded');
    assert.equal(encoded.status, 200);
    assert.deepEqual(await encoded.json(), [{ id: 1, name: 'x', status: 'OPEN' }]);
    assert.equal((await get('/api/nothing', 'DELETE')).status, 204);
  });

  it('fails with a 500 naming the route and the field when a value has the wrong type', async () => {
    const before = app.errors.length;
    assert.equal((await get('/api/wrong-type')).status, 500);
    const error = app.errors[before];
    assert.ok(error instanceof ResponseMismatch);
    assert.match(error.message, /^GET \/api\/wrong-type answered what its response schema does not describe/);
    assert.match(error.message, /at id/);
  });

  it('fails when a field the schema requires is missing', async () => {
    const before = app.errors.length;
    assert.equal((await get('/api/missing')).status, 500);
    assert.match(String(app.errors[before]), /at status/);
  });

  it('fails when the answer carries a field the schema does not name (the document would not show it)', async () => {
    const before = app.errors.length;
    assert.equal((await get('/api/extra')).status, 500);
    assert.match(String(app.errors[before]), /fields the schema does not name: email/);
  });

  it('checks JSON encoded ahead of time too', async () => {
    const before = app.errors.length;
    assert.equal((await get('/api/encoded-wrong')).status, 500);
    assert.match(String(app.errors[before]), /GET \/api\/encoded-wrong[\s\S]*at \[0\]\.status/);
  });

  it('fails when a route without a response schema answers a body', async () => {
    const before = app.errors.length;
    assert.equal((await get('/api/undeclared')).status, 500);
    assert.match(String(app.errors[before]), /declares no response schema/);
  });

  it('is off unless asked for: the same drift is sent as it is', async () => {
    const unchecked = await serve(false);
    try {
      const response = await fetch(`${unchecked.url}/api/extra`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { id: 1, name: 'x', status: 'OPEN', email: 'a@b.c' });
      assert.deepEqual(unchecked.errors, []);
    } finally {
      unchecked.server.close();
    }
  });
});

describe('responseProblem', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('names every field the schema leaves out, however deep', () => {
    const schema = z.object({ page: z.number(), content: z.array(z.object({ id: z.number() })) });
    assert.equal(responseProblem(schema, json({ page: 0, content: [{ id: 1 }, { id: 2, secret: 'x' }], total: 2 })), 'fields the schema does not name: content[1].secret, total');
    assert.equal(responseProblem(schema, json({ page: 0, content: [{ id: 1 }] })), null);
  });

  it('refuses a schema that would change the answer, since it no longer describes what is sent', () => {
    assert.match(responseProblem(z.object({ n: z.number().default(1) }), json({})) ?? '', /transform or a default/);
  });
});
