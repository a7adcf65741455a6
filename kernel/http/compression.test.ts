import { createChangeFeed } from '../changes/index.ts';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import zlib from 'node:zlib';
import Koa from 'koa';
import { z } from 'zod';
import { createLogger } from '../../api/logger.ts';
import { compression, compressFor, preferredEncoding, variantsOf, type EncodedBody } from './compression.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { createMicroCache } from './micro-cache.ts';
import { encodeJson, route, routes } from './route.ts';
import { xsrfTokens } from './xsrf.ts';

const items = Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Fundraiser ${i}`, nameAm: `የገንዘብ ማሰባሰቢያ ${i}`, raisedMinor: i * 12_345 }));
const json = Buffer.from(JSON.stringify(items));
/** Text that compresses only to about half, so its compressed copy is still over a kilobyte. */
const noise = Buffer.from(randomBytes(2048).toString('hex'));
const html = Buffer.from(`<!doctype html><html><body>${'<p class="text-sm text-gray-700">ሰላም, welcome.</p>'.repeat(80)}</body></html>`);

function decoded(encoded: EncodedBody): Buffer {
  if (encoded.encoding === 'br') return zlib.brotliDecompressSync(encoded.body);
  if (encoded.encoding === 'gzip') return zlib.gunzipSync(encoded.body);
  return encoded.body;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent, not decompressed (fetch would undo the encoding under test). */
  body: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function decodedAnswer(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  return decoded({ body: answer.body, vary: true, ...(encoding === 'br' || encoding === 'gzip' ? { encoding } : {}) });
}

async function listen(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('Accept-Encoding', () => {
  const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=0, gzip;q=0.0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', undefined],
    ['identity, gzip;q=0.5', undefined],
    ['deflate', undefined],
    ['br;q=nonsense', undefined],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${expected ?? 'identity'}`, () => assert.equal(preferredEncoding(header), expected));
  }
});

describe('compressFor', () => {
  it('gives brotli to a client that takes it, which decompresses to the original', () => {
    const answer = compressFor('gzip, deflate, br', html, 'text/html; charset=utf-8');
    assert.equal(answer.encoding, 'br');
    assert.equal(answer.vary, true);
    assert.ok(answer.body.length < html.length / 3, `${answer.body.length} of ${html.length}`);
    assert.deepEqual(decoded(answer), html);
  });

  it('gives gzip to a client that takes only gzip', () => {
    const answer = compressFor('gzip', json, 'application/json; charset=utf-8');
    assert.equal(answer.encoding, 'gzip');
    assert.deepEqual(decoded(answer), json);
  });

  it('sends plain bytes, still varying, when the client refuses both or says nothing', () => {
    for (const header of ['br;q=0, gzip;q=0', undefined]) {
      const answer = compressFor(header, json, 'application/json');
      assert.equal(answer.encoding, undefined);
      assert.equal(answer.body, json);
      assert.equal(answer.vary, true);
    }
  });

  it('leaves small bodies and types that do not compress alone, without Vary', () => {
    const small = Buffer.from('x'.repeat(1024));
    assert.deepEqual(compressFor('br', small, 'application/json'), { body: small, vary: false });
    for (const type of ['image/webp', 'application/pdf', 'application/zip', 'application/octet-stream', '']) {
      assert.deepEqual(compressFor('br', html, type), { body: html, vary: false }, type);
    }
    for (const type of ['text/css', 'application/javascript', 'image/svg+xml', 'application/problem+json', 'Application/JSON; charset=UTF-8']) {
      assert.equal(compressFor('br', html, type).encoding, 'br', type);
    }
  });

  it('keeps a page well under a millisecond', () => {
    // A page as the site renders them: some 30 KB of markup, classes and text.
    const page = Buffer.from(
      Array.from({ length: 225 }, (_, i) => `<li class="flex gap-2 rounded-lg p-4 text-sm"><a href="/fundraiser/${i}">ለቤተሰብ ${i} እርዳታ</a><span>${i * 137} ETB</span></li>`).join(''),
    );
    assert.ok(page.length > 28_000 && page.length < 32_000, String(page.length));
    compressFor('br', page, 'text/html');
    const started = performance.now();
    for (let i = 0; i < 10; i++) compressFor('br', page, 'text/html');
    // Ten times the budget of one, so that a busy test machine does not fail it.
    assert.ok((performance.now() - started) / 10 < 10, 'brotli of a 30 KB page took more than 10 ms');
  });
});

describe('variantsOf', () => {
  afterEach(() => mock.restoreAll());

  it('compresses each encoding once for the same Buffer, on its first request', () => {
    const brotli = mock.method(zlib, 'brotliCompressSync');
    const gzip = mock.method(zlib, 'gzipSync');
    const body = Buffer.from(json);
    const variants = variantsOf(body, 'application/json');
    assert.equal(brotli.mock.callCount() + gzip.mock.callCount(), 0);
    const first = variants.pick('br');
    assert.deepEqual(decoded(first), json);
    assert.equal(variantsOf(body, 'application/json').pick('gzip, br').body, first.body);
    assert.equal(brotli.mock.callCount(), 1);
    assert.equal(gzip.mock.callCount(), 0);
    assert.deepEqual(decoded(variants.pick('gzip')), json);
    variants.pick('gzip');
    assert.equal(gzip.mock.callCount(), 1);
    assert.equal(variants.pick(undefined).body, body);
  });

  it('keys copies by the Buffer object, not its bytes', () => {
    assert.notEqual(variantsOf(Buffer.from(json), 'application/json'), variantsOf(Buffer.from(json), 'application/json'));
  });

  it('never compresses a body not worth it', () => {
    const brotli = mock.method(zlib, 'brotliCompressSync');
    const variants = variantsOf(Buffer.from('{}'), 'application/json');
    assert.equal(variants.vary, false);
    assert.equal(variants.pick('br').encoding, undefined);
    assert.equal(brotli.mock.callCount(), 0);
  });
});

describe('compression middleware', () => {
  let server: Server;
  let url: string;
  const cached = encodeJson(items);
  let cachedHandled = 0;
  const microCache = createMicroCache({
    ttlMs: 60_000,
    tokens: xsrfTokens({ secret: 'a-secret-long-enough-for-the-test-000000', secure: false, sessionCookie: 'sid' }),
    headers: [],
    logger: createLogger('silent'),
    feed: createChangeFeed(),
  });

  before(async () => {
    const app = new Koa<AppState, AppContextExtras>();
    app.use(compression());
    app.use(async (ctx, next) => {
      // What errorHandler does after a throw: an object body set above the routes.
      if (ctx.path !== '/api/failing') return next();
      ctx.status = 422;
      ctx.body = { status: 422, code: 'validation_failed', fields: Object.fromEntries(items.map((item) => [item.name, item.nameAm])) };
    });
    app.use(
      routes([
        route({ method: 'get', path: '/api/list', tag: 't', summary: 'fresh JSON each time', response: z.array(z.json()), handler: async () => items }),
        route({ method: 'get', path: '/api/cached', tag: 't', summary: 'kept encoded', cache: 60, response: z.array(z.json()), handler: async () => {
          cachedHandled += 1;
          return cached;
        } }),
        route({ method: 'get', path: '/api/small', tag: 't', summary: 'small', response: z.json(), handler: async () => ({ ok: true }) }),
        route({ method: 'post', path: '/api/nothing', tag: 't', summary: 'no content', handler: async () => undefined }),
      ], { microCache }),
    );
    app.use(async (ctx) => {
      if (ctx.path === '/varied') {
        ctx.set('Vary', 'Origin');
        ctx.body = items;
      } else if (ctx.path === '/encoded') {
        ctx.set('Content-Encoding', 'br');
        ctx.type = 'text/html';
        ctx.body = zlib.brotliCompressSync(noise);
      } else if (ctx.path === '/stream') {
        ctx.type = 'application/json';
        ctx.body = Readable.from([json]);
      } else if (ctx.path === '/image') {
        ctx.type = 'image/webp';
        ctx.body = html;
      } else if (ctx.path === '/tagged') {
        ctx.set('ETag', '"abc"');
        ctx.type = 'application/json';
        ctx.body = json;
      }
    });
    const koa = app.callback();
    ({ server, url } = await listen((req, res) => {
      // Without a shared change feed, the cache answers at once.
      if (microCache.answer(req, res) === false) void koa(req, res);
    }));
  });
  after(() => server.close());
  afterEach(() => mock.restoreAll());

  it('compresses a route\'s JSON with brotli, with Vary and the compressed length', async () => {
    const answer = await raw(`${url}/api/list`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(answer.headers.vary, 'Accept-Encoding');
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(Number(answer.headers['content-length']), answer.body.length);
    assert.ok(answer.body.length < json.length / 3);
    assert.deepEqual(JSON.parse(decodedAnswer(answer).toString()), items);
  });

  it('gives gzip to a client that takes only gzip, and plain JSON to one that takes neither', async () => {
    const gzipped = await raw(`${url}/api/list`, { 'Accept-Encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(decodedAnswer(gzipped), json);
    for (const headers of [{ 'Accept-Encoding': 'br;q=0, gzip;q=0' }, {}] as Record<string, string>[]) {
      const plain = await raw(`${url}/api/list`, headers);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      assert.deepEqual(plain.body, json);
    }
  });

  it('compresses large error bodies set above the routes', async () => {
    const answer = await raw(`${url}/api/failing`, { 'Accept-Encoding': 'br' });
    assert.equal(answer.status, 422);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(decodedAnswer(answer).toString()).code, 'validation_failed');
  });

  it('leaves small answers, HEAD, 204s, streams, images and encoded answers alone', async () => {
    const small = await raw(`${url}/api/small`, { 'Accept-Encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers.vary, undefined);
    assert.equal(small.body.toString(), '{"ok":true}');

    const head = await raw(`${url}/api/list`, { 'Accept-Encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], undefined);
    assert.equal(head.headers.vary, undefined);
    assert.equal(Number(head.headers['content-length']), json.length);

    const nothing = await raw(`${url}/api/nothing`, { 'Accept-Encoding': 'br' }, 'POST');
    assert.equal(nothing.status, 204);
    assert.equal(nothing.headers['content-encoding'], undefined);

    const stream = await raw(`${url}/stream`, { 'Accept-Encoding': 'br' });
    assert.equal(stream.headers['content-encoding'], undefined);
    assert.deepEqual(stream.body, json);

    const image = await raw(`${url}/image`, { 'Accept-Encoding': 'br' });
    assert.equal(image.headers['content-encoding'], undefined);
    assert.deepEqual(image.body, html);

    const encoded = await raw(`${url}/encoded`, { 'Accept-Encoding': 'gzip, br' });
    assert.equal(encoded.headers['content-encoding'], 'br');
    assert.equal(encoded.headers.vary, undefined);
    assert.deepEqual(zlib.brotliDecompressSync(encoded.body), noise);
  });

  it('keeps the Vary values already set, and weakens a strong ETag', async () => {
    const varied = await raw(`${url}/varied`, { 'Accept-Encoding': 'br' });
    assert.equal(varied.headers.vary, 'Origin, Accept-Encoding');
    assert.deepEqual(JSON.parse(decodedAnswer(varied).toString()), items);
    const tagged = await raw(`${url}/tagged`, { 'Accept-Encoding': 'br' });
    assert.equal(tagged.headers.etag, 'W/"abc"');
  });

  it('compresses JSON kept encoded once, for the app and the micro cache alike', async () => {
    const brotli = mock.method(zlib, 'brotliCompressSync');
    const first = await raw(`${url}/api/cached`, { 'Accept-Encoding': 'br' });
    assert.equal(first.headers['content-encoding'], 'br');
    const second = await raw(`${url}/api/cached`, { 'Accept-Encoding': 'gzip, br' });
    assert.equal(second.headers['content-encoding'], 'br');
    assert.equal(second.headers.vary, 'Accept-Encoding');
    assert.deepEqual(second.body, first.body);
    assert.equal(cachedHandled, 1, 'the second answer comes from the micro cache');
    assert.equal(brotli.mock.callCount(), 1);
    assert.deepEqual(decodedAnswer(second), cached);
  });
});
