import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { z } from 'zod';
import { createChangeFeed, seenVersions } from '../changes/index.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { AppError } from './errors.ts';
import type { MicroCache } from './micro-cache.ts';
import { route, routes } from './route.ts';

describe('ids in API paths', () => {
  const remembered: { path: string; anyQuery: boolean | undefined }[] = [];
  const microCache: MicroCache = {
    remember: (path, _body, _cacheControl, options) => void remembered.push({ path, anyQuery: options?.anyQuery }),
    answer: () => false,
    watch: () => seenVersions(createChangeFeed()),
  };
  let server: Server;
  let url: string;

  before(async () => {
    const things = z.object({ id: z.coerce.number().int().positive() });
    const app = new Koa<AppState, AppContextExtras>();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        ctx.status = error instanceof AppError ? error.status : 500;
      }
    });
    app.use(
      routes(
        [
          route({ method: 'get', path: '/api/things/:id', summary: 'A thing', tag: 'test', params: things, cache: 30, response: z.object({ id: z.number() }), handler: async ({ params }) => ({ id: params.id }) }),
          route({
            method: 'get',
            path: '/api/things/:id/pages',
            summary: 'A thing’s pages',
            tag: 'test',
            params: things,
            query: z.object({ page: z.coerce.number().int().min(0).default(0) }),
            cache: 30,
            response: z.object({ page: z.number() }),
            handler: async ({ query }) => ({ page: query.page }),
          }),
        ],
        { microCache },
      ),
    );
    const handle = app.callback();
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('names a thing by its id in decimal alone: any other spelling of the number is not found', async () => {
    const answer = await fetch(`${url}/api/things/16`);
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { id: 16 });
    for (const spelling of ['016', '0016', '+16', '16.0', '16.', '0x10', '0b10', '0o20', '1.6e1', '%2016', '16%20', '2147483648', '99999999999']) {
      assert.equal((await fetch(`${url}/api/things/${spelling}`)).status, 404, spelling);
    }
    assert.equal((await fetch(`${url}/api/things/2147483647`)).status, 200, 'the largest id the database holds');
  });

  it('still answers 400, naming the parameter, for what is no whole number above 0', async () => {
    for (const bad of ['abc', '-1', '0', '1.5']) assert.equal((await fetch(`${url}/api/things/${bad}`)).status, 400, bad);
  });

  it('keeps an answer under the path’s one spelling, for any query string only where the route reads none', async () => {
    remembered.length = 0;
    for (const path of ['/api/things/17', '/api/things/17/', '/api/things/%31%37', '/api/things/17?fbclid=x']) assert.equal((await fetch(url + path)).status, 200, path);
    assert.deepEqual(remembered, Array.from({ length: 4 }, () => ({ path: '/api/things/17', anyQuery: true })));
    remembered.length = 0;
    assert.equal((await fetch(`${url}/api/things/17/pages?page=2`)).status, 200);
    assert.equal((await fetch(`${url}/api/things/17/pages`)).status, 200);
    assert.deepEqual(remembered, [{ path: '/api/things/17/pages', anyQuery: false }], 'a page other than the first is not kept');
  });
});
