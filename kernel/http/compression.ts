import zlib from 'node:zlib';
import type { AppMiddleware } from './context.ts';

export type ContentEncoding = 'br' | 'gzip';

export interface EncodedBody {
  /** Absent when the body goes as it is. */
  encoding?: ContentEncoding;
  body: Buffer;
  /**
   * Whether another Accept-Encoding could have been given another copy: then the answer must
   * say `Vary: Accept-Encoding`, or a shared cache would hand one client's copy to all.
   */
  vary: boolean;
}

/**
 * Below this, the bytes saved are fewer than a packet and do not pay for the time spent;
 * most error answers and small lists stay plain.
 */
const minBytes = 1024;

/** Text of some kind: HTML, JSON, scripts, styles, SVG. Images, PDFs and archives are compressed already. */
const compressibleType = /^(?:text\/[\w.+-]+|application\/(?:json|javascript|xml)|[\w.-]+\/[\w.-]+\+(?:json|xml))$/;

function worthCompressing(body: Buffer, type: string): boolean {
  if (body.length <= minBytes) return false;
  const semicolon = type.indexOf(';');
  return compressibleType.test((semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase());
}

/**
 * The encoding the client ranks highest among those it takes (q above 0), brotli on a tie;
 * none for no header, an empty one, or one that ranks `identity` above both. A malformed
 * q counts as 0: when in doubt, send plain bytes, which every client reads.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gzip: number | undefined;
  let identity: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') q = Number(value.trim()) || 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === 'identity') identity = q;
    else if (coding === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  const best = Math.max(brQ, gzipQ);
  if (best <= 0 || (identity !== undefined && identity > best)) return undefined;
  return brQ >= gzipQ ? 'br' : 'gzip';
}

/**
 * Levels measured on the site's 15–27 KB pages and a 7 KB JSON list (2 shared cores):
 * brotli 5 makes pages about 20% of their size in some 0.5 ms (0.1 ms for the JSON), where
 * brotli 4 makes them no smaller than gzip does (22%) and brotli 6 no smaller than 5; gzip
 * 5 is as small as 6 (within 0.5%) and a little quicker. The window is fitted to the body:
 * node's default one (4 MB) costs a quarter of brotli 5's time at these sizes, for no
 * smaller output.
 */
function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 5 });
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_LGWIN, BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  // The window holds 2^lgwin - 16 bytes.
  const lgwin = Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 16))));
  return zlib.brotliCompressSync(body, {
    params: { [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_SIZE_HINT]: body.length, [BROTLI_PARAM_LGWIN]: lgwin },
  });
}

/** Compressed only if that makes it smaller, which text over a kilobyte nearly always is. */
function smaller(body: Buffer, encoding: ContentEncoding): Buffer | undefined {
  const compressed = compress(body, encoding);
  return compressed.length < body.length ? compressed : undefined;
}

/** The copy of `body` to send for this Accept-Encoding, compressed afresh on every call. */
export function compressFor(acceptEncoding: string | undefined, body: Buffer, type: string): EncodedBody {
  if (!worthCompressing(body, type)) return { body, vary: false };
  const encoding = preferredEncoding(acceptEncoding);
  const compressed = encoding && smaller(body, encoding);
  return compressed ? { encoding, body: compressed, vary: true } : { body, vary: true };
}

/**
 * One body and its compressed copies, each made on the first request that takes it and kept
 * for the rest: what a cache keeps beside (or instead of) the bytes it caches.
 */
export interface CompressedVariants {
  readonly identity: Buffer;
  /** Whether the copy sent depends on Accept-Encoding (see EncodedBody). */
  readonly vary: boolean;
  pick(acceptEncoding: string | undefined): EncodedBody;
}

function plain(identity: Buffer): CompressedVariants {
  return { identity, vary: false, pick: () => ({ body: identity, vary: false }) };
}

function lazyVariants(identity: Buffer): CompressedVariants {
  // null: tried, and compressing did not make it smaller.
  const made: Partial<Record<ContentEncoding, Buffer | null>> = {};
  return {
    identity,
    vary: true,
    pick(acceptEncoding) {
      const encoding = preferredEncoding(acceptEncoding);
      if (!encoding) return { body: identity, vary: true };
      const compressed = made[encoding] === undefined ? (made[encoding] = smaller(identity, encoding) ?? null) : made[encoding];
      return compressed ? { encoding, body: compressed, vary: true } : { body: identity, vary: true };
    },
  };
}

/**
 * Keyed by the Buffer object, not its content: JSON a service keeps encoded (the catalogue's
 * lists), and the same bytes in the micro cache, are compressed once for as long as they
 * live, and a Buffer made for one answer takes its copies with it when it is collected.
 */
const variantsByBody = new WeakMap<Buffer, CompressedVariants>();

/**
 * The compressed copies of this very Buffer, shared by every caller that holds it. The bytes
 * must not change afterwards (cached answers do not).
 */
export function variantsOf(body: Buffer, type: string): CompressedVariants {
  if (!worthCompressing(body, type)) return plain(body);
  let variants = variantsByBody.get(body);
  if (!variants) variantsByBody.set(body, (variants = lazyVariants(body)));
  return variants;
}

/** The body as bytes, if it is one Koa sends whole: a Buffer, a string, or a plain object or array it sends as JSON. */
function bytesOf(body: unknown): Buffer | undefined {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (typeof body !== 'object' || body === null) return undefined;
  // Streams, blobs and other class instances are not JSON; Koa streams them as they are.
  const prototype: unknown = Object.getPrototypeOf(body);
  return Array.isArray(body) || prototype === Object.prototype || prototype === null ? Buffer.from(JSON.stringify(body)) : undefined;
}

/**
 * Compresses answers of text over a kilobyte (the API's JSON above all) for clients that take
 * brotli or gzip. Left alone: HEAD, answers without a body, streams, answers already encoded
 * (the site's pre-compressed files) and those written past Koa (rendered pages).
 */
export function compression(): AppMiddleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.respond === false || ctx.status === 204 || ctx.status === 304 || ctx.res.hasHeader('Content-Encoding')) return;
    const bytes = bytesOf(ctx.body);
    if (!bytes) return;
    const variants = variantsOf(bytes, ctx.response.type);
    if (!variants.vary) return;
    ctx.vary('Accept-Encoding');
    const { encoding, body } = variants.pick(ctx.get('Accept-Encoding'));
    if (!encoding) return;
    ctx.set('Content-Encoding', encoding);
    // Koa sets the new Content-Length.
    ctx.body = body;
    // A strong validator names exact bytes, which these no longer are.
    const etag = ctx.res.getHeader('ETag');
    if (typeof etag === 'string' && etag.startsWith('"')) ctx.set('ETag', `W/${etag}`);
  };
}
