import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { LruCache } from '../cache/index.ts';
import { seenVersions, type ChangeFeed, type SeenVersions } from '../changes/index.ts';
import { variantsOf, type CompressedVariants } from './compression.ts';
import { requestIdFrom } from './request-context.ts';
import { xsrfCookieName, type XsrfTokens } from './xsrf.ts';

interface Entry {
  variants: CompressedVariants;
  cacheControl: string;
  expires: number;
  /** For an answer kept until what it was read from changes; given only to requests without a session. */
  seen?: SeenVersions;
  /** The route takes no query string, so this answer stands for the path with any query string. */
  anyQuery: boolean;
}

/**
 * Enough for every public answer asked for often; the oldest stored go first, so that a crawl
 * cannot empty it at once. Answers are read with `peek`: serving one does not move it up.
 */
const maxEntries = 1000;

export interface MicroCache {
  /**
   * Keeps a public answer of a cacheable route (200) for a few seconds under its canonical
   * path; with `seen`, one the same for all visitors without a session, until what it read
   * changes. With `anyQuery` (the route takes no query string) it answers the path whatever
   * query string comes with it; otherwise only the bare path.
   */
  remember(path: string, body: Buffer, cacheControl: string, options?: { seen?: SeenVersions; anyQuery?: boolean }): void;
  /** Versions to note, before reading, for an answer to be kept until what it read changes (`remember`'s `seen`). */
  watch(): SeenVersions;
  /**
   * Answers from memory when it can; false hands the request on to the app. A promise when a
   * kept answer must first hear of other instances' changes (a shared change feed).
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
}

const contentType = 'application/json; charset=utf-8';
const cookiePattern = new RegExp(`(?:^|;\\s*)${xsrfCookieName}=([^;]*)`);

/**
 * What a caching reverse proxy in front of the app would do, in process: repeated GETs of
 * public reference data (routes that declare `cache`) are answered from memory for a few
 * seconds without going through the middleware chain. The answer is the one the app gave,
 * with the headers every answer carries, a request id, and the anti-forgery cookie for a
 * browser that has none; only GETs of the path kept (its one spelling, route.ts), with a
 * query string only where the route reads none, so nothing parameterised is ever served
 * from here, and answers that depend on who asks (a fundraiser) only to visitors
 * without a session, and only until a change makes them stale (kernel/changes). Compressed copies are made on first request and
 * shared with the app's own answer of the same bytes (compression.ts).
 */
export function createMicroCache(options: { ttlMs: number; tokens: XsrfTokens; headers: readonly [string, string][]; logger: Logger; feed: ChangeFeed; now?: () => number }): MicroCache {
  const now = options.now ?? Date.now;
  const entries = new LruCache<string, Entry>(maxEntries);

  function serve(req: IncomingMessage, res: ServerResponse, entry: Entry): true {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of options.headers) res.setHeader(name, value);
    const cookie = req.headers.cookie ? cookiePattern.exec(req.headers.cookie)?.[1] : undefined;
    const sessionToken = options.tokens.sessionTokenIn(req.headers.cookie);
    if (!options.tokens.isValid(cookie, sessionToken)) res.setHeader('Set-Cookie', options.tokens.newCookie(sessionToken));
    const { encoding, body, vary } = entry.variants.pick(req.headers['accept-encoding']);
    if (vary) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length, 'Cache-Control': entry.cacheControl });
    res.end(body);
    if (options.logger.isLevelEnabled('info')) {
      options.logger.info({ requestId, method: 'GET', path: req.url, status: 200, ms: Math.round((performance.now() - started) * 10) / 10, cached: true }, 'request');
    }
    return true;
  }

  return {
    watch: () => seenVersions(options.feed),
    remember(path, body, cacheControl, kept = {}) {
      entries.set(path, {
        variants: variantsOf(body, contentType),
        cacheControl,
        expires: now() + options.ttlMs,
        anyQuery: kept.anyQuery ?? false,
        ...(kept.seen ? { seen: kept.seen } : {}),
      });
    },
    answer(req, res) {
      if (req.method !== 'GET' || !req.url) return false;
      const query = req.url.indexOf('?');
      const entry = entries.peek(query < 0 ? req.url : req.url.slice(0, query));
      if (!entry || entry.expires <= now() || (query >= 0 && !entry.anyQuery)) return false;
      const { seen } = entry;
      if (!seen) return serve(req, res, entry);
      if (options.tokens.sessionTokenIn(req.headers.cookie) !== undefined) return false;
      // Another instance may have changed what it was read from: hear of that first.
      if (options.feed.shared) return options.feed.sync().then((heard) => heard && seen.stillCurrent() && serve(req, res, entry));
      return seen.stillCurrent() && serve(req, res, entry);
    },
  };
}
