import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { requestIdFrom } from './request-context.ts';
import { xsrfCookieName, type XsrfTokens } from './xsrf.ts';

interface Entry {
  body: Buffer;
  cacheControl: string;
  expires: number;
}

export interface MicroCache {
  /** Keeps a public answer of a cacheable route (200, no query string) for a few seconds. */
  remember(path: string, body: Buffer, cacheControl: string): void;
  /** Answers from memory when it can; false hands the request on to the app. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

const cookiePattern = new RegExp(`(?:^|;\\s*)${xsrfCookieName}=([^;]*)`);

/**
 * What a caching reverse proxy in front of the app would do, in process: repeated GETs of
 * public reference data (routes that declare `cache`) are answered from memory for a few
 * seconds without going through the middleware chain. The answer is the one the app gave,
 * with the headers every answer carries, a request id, and the anti-forgery cookie for a
 * browser that has none; only GETs with no query string, so nothing personal or
 * parameterised is ever served from here.
 */
export function createMicroCache(options: { ttlMs: number; tokens: XsrfTokens; headers: readonly [string, string][]; logger: Logger; now?: () => number }): MicroCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  return {
    remember(path, body, cacheControl) {
      if (entries.size >= 1000) entries.clear();
      entries.set(path, { body, cacheControl, expires: now() + options.ttlMs });
    },
    answer(req, res) {
      if (req.method !== 'GET' || !req.url) return false;
      const entry = entries.get(req.url);
      if (!entry || entry.expires <= now()) return false;
      const started = performance.now();
      const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
      res.setHeader('X-Request-Id', requestId);
      for (const [name, value] of options.headers) res.setHeader(name, value);
      const cookie = req.headers.cookie ? cookiePattern.exec(req.headers.cookie)?.[1] : undefined;
      const sessionToken = options.tokens.sessionTokenIn(req.headers.cookie);
      if (!options.tokens.isValid(cookie, sessionToken)) res.setHeader('Set-Cookie', options.tokens.newCookie(sessionToken));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': entry.body.length, 'Cache-Control': entry.cacheControl });
      res.end(entry.body);
      if (options.logger.isLevelEnabled('info')) {
        options.logger.info({ requestId, method: 'GET', path: req.url, status: 200, ms: Math.round((performance.now() - started) * 10) / 10, cached: true }, 'request');
      }
      return true;
    },
  };
}
