import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import zlib from 'node:zlib';
import { createLogger } from '../../api/logger.ts';
import { createChangeFeed } from '../changes/index.ts';
import { createMicroCache, type MicroCache } from './micro-cache.ts';
import { xsrfTokens } from './xsrf.ts';

function raw(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('micro cache', () => {
  const tokens = xsrfTokens({ secret: 'a-secret-long-enough-for-the-test-000000', secure: false, sessionCookie: 'sid' });
  let cache: MicroCache;
  let server: Server;
  let url: string;
  let passedOn = 0;
  // The test's own clock: a slow machine must not expire an entry between two lines.
  let clock = 0;

  before(async () => {
    cache = createMicroCache({ ttlMs: 50, tokens, headers: [['X-Content-Type-Options', 'nosniff']], logger: createLogger('silent'), feed: createChangeFeed(), now: () => clock });
    server = createServer((req, res) => {
      if (cache.answer(req, res)) return;
      passedOn += 1;
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  afterEach(() => mock.restoreAll());

  it('answers a remembered path with the same body and the headers every answer carries', async () => {
    cache.remember('/api/categories', Buffer.from('[{"id":1,"nameAm":"ሕክምና"}]'), 'public, max-age=300');
    const response = await fetch(`${url}/api/categories`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), [{ id: 1, nameAm: 'ሕክምና' }]);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(response.headers.get('x-request-id'));
  });

  it('issues the anti-forgery cookie to a browser without one, and not to one with a valid token', async () => {
    cache.remember('/api/locations', Buffer.from('[]'), 'public, max-age=300');
    const first = await fetch(`${url}/api/locations`);
    const cookie = first.headers.get('set-cookie')?.split(';')[0];
    assert.match(cookie ?? '', /^XSRF-TOKEN=/);
    assert.ok(tokens.isValid(cookie?.slice('XSRF-TOKEN='.length), undefined));
    const returning = await fetch(`${url}/api/locations`, { headers: { Cookie: `lang=am; ${cookie}` } });
    assert.equal(returning.headers.get('set-cookie'), null);
    const forged = await fetch(`${url}/api/locations`, { headers: { Cookie: 'XSRF-TOKEN=made.up' } });
    assert.match(forged.headers.get('set-cookie') ?? '', /^XSRF-TOKEN=/);
  });

  it('answers a large body compressed as the client takes it, compressing each encoding once', async () => {
    const list = Array.from({ length: 40 }, (_, id) => ({ id, nameAm: `ከተማ ${id}`, nameEn: `Town ${id}` }));
    const json = Buffer.from(JSON.stringify(list));
    const brotli = mock.method(zlib, 'brotliCompressSync');
    const gzip = mock.method(zlib, 'gzipSync');
    cache.remember('/api/towns', json, 'public, max-age=300');
    // Node's http client, not fetch: fetch would undo the encoding under test.
    const first = await raw(`${url}/api/towns`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(first.headers.vary, 'Accept-Encoding');
    assert.equal(Number(first.headers['content-length']), first.body.length);
    assert.deepEqual(zlib.brotliDecompressSync(first.body), json);
    const again = await raw(`${url}/api/towns`, { 'Accept-Encoding': 'br' });
    assert.deepEqual(again.body, first.body);
    assert.equal(brotli.mock.callCount(), 1);

    const gzipped = await raw(`${url}/api/towns`, { 'Accept-Encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzipped.body), json);
    await raw(`${url}/api/towns`, { 'Accept-Encoding': 'gzip' });
    assert.equal(gzip.mock.callCount(), 1);

    for (const headers of [{ 'Accept-Encoding': 'br;q=0, gzip;q=0' }, {}] as Record<string, string>[]) {
      const plain = await raw(`${url}/api/towns`, headers);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      assert.deepEqual(plain.body, json);
    }
  });

  it('answers a small body as it is, without Vary', async () => {
    cache.remember('/api/few', Buffer.from('[{"id":1}]'), 'public, max-age=300');
    const answer = await raw(`${url}/api/few`, { 'Accept-Encoding': 'br' });
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.headers.vary, undefined);
    assert.equal(answer.body.toString(), '[{"id":1}]');
  });

  it('passes on anything else: other paths, query strings, other methods, expired entries', async () => {
    cache.remember('/api/testimonials', Buffer.from('[]'), 'public, max-age=300');
    const before = passedOn;
    assert.equal((await fetch(`${url}/api/other`)).status, 404);
    assert.equal((await fetch(`${url}/api/testimonials?page=2`)).status, 404);
    assert.equal((await fetch(`${url}/api/testimonials`, { method: 'POST' })).status, 404);
    clock += 60;
    assert.equal((await fetch(`${url}/api/testimonials`)).status, 404);
    assert.equal(passedOn - before, 4);
  });

  it('answers a route that reads no query string whatever query string comes, and only the bare path of one that does', async () => {
    cache.remember('/api/fundraisers/16', Buffer.from('{"id":16}'), 'no-store', { anyQuery: true });
    cache.remember('/api/fundraisers', Buffer.from('{"content":[]}'), 'public, max-age=30', { anyQuery: false });
    const before = passedOn;
    for (const query of ['?fbclid=IwAR0abc', '?utm_source=telegram&utm_medium=social', '?']) {
      const response = await fetch(`${url}/api/fundraisers/16${query}`);
      assert.deepEqual(await response.json(), { id: 16 }, query);
    }
    assert.equal(passedOn, before, 'all three from memory');
    assert.equal((await fetch(`${url}/api/fundraisers?page=1`)).status, 404, 'a list page is its own answer');
    assert.equal(passedOn - before, 1);
  });

  it('makes room for a new path by dropping the oldest stored alone, so that many new paths cannot empty it', async () => {
    for (let i = 0; i < 1000; i += 1) cache.remember(`/api/items/${i}`, Buffer.from(`{"id":${i}}`), 'public, max-age=300');
    const before = passedOn;
    assert.deepEqual(await (await fetch(`${url}/api/items/0`)).json(), { id: 0 }, 'served, which does not keep it longer');
    cache.remember('/api/items/1000', Buffer.from('{"id":1000}'), 'public, max-age=300');
    assert.deepEqual(await (await fetch(`${url}/api/items/1`)).json(), { id: 1 });
    assert.deepEqual(await (await fetch(`${url}/api/items/1000`)).json(), { id: 1000 });
    assert.equal(passedOn, before);
    assert.equal((await fetch(`${url}/api/items/0`)).status, 404, 'the oldest stored made room');
  });
});
