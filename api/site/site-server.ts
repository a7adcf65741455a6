import { AppError, type AppContext, type AppMiddleware } from '../../kernel/http/index.ts';
import { createRenderGate } from './render-gate.ts';
import type { SiteBuild } from './site-build.ts';
import type { StaticFile } from './static-files.ts';

export interface SiteHolder {
  current: SiteBuild | null;
}

/** A page that cannot be made now can very likely be made in a few seconds. */
const retryAfterSeconds = 5;
/**
 * Past this wait a visitor is better told to retry than kept looking at a blank tab; it
 * stays well inside the time a render's own API calls are given (site/src/lib/server-api.ts).
 */
const renderWaitMs = 3_000;
/**
 * How many may wait per render slot: about as many as a slot renders within the wait (some 15
 * fundraiser pages a second each, with four slots on two cores), since any more would only
 * wait to be turned away.
 */
const waitingPerRender = 50;

/** Too many pages are being rendered: come back shortly (the visitor sees the error page). */
class SiteBusy extends AppError {
  constructor() {
    super(503, 'site_busy', { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

/**
 * Serves the current build: static files from memory (pre-compressed copies when the
 * browser takes them), then Astro's on-demand pages, at most `limits.renders` at once
 * (render-gate.ts says why). The holder is read per request, so a rebuild takes effect
 * without a restart.
 */
export function siteServer(holder: SiteHolder, localsFor: (ctx: AppContext) => object, limits: { renders: number }): AppMiddleware {
  const renders = createRenderGate({ concurrency: limits.renders, queue: limits.renders * waitingPerRender, waitMs: renderWaitMs });
  return async (ctx, next) => {
    const build = holder.current;
    if (!build || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const file = build.files.get(ctx.path);
    if (file) return sendFile(ctx, file);
    if (build.handler) {
      const gone = new AbortController();
      ctx.res.once('close', () => gone.abort());
      const release = await renders.enter(gone.signal);
      if (!release) throw new SiteBusy();
      let passed = false;
      ctx.respond = false;
      try {
        // `unavailable` is what a page answers when the API it reads fails (site/src/middleware.ts).
        await build.handler(ctx.req, ctx.res, () => {
          passed = true;
        }, { ...localsFor(ctx), unavailable: () => unavailableResponse(build, ctx) });
      } finally {
        release();
      }
      if (!passed) return;
      ctx.respond = true;
    }
    return next();
  };
}

function sendFile(ctx: AppContext, file: StaticFile): void {
  ctx.set('Cache-Control', file.cacheControl);
  ctx.set('ETag', file.etag);
  ctx.set('Last-Modified', file.lastModified);
  // Caches must keep the brotli, gzip and plain copies apart.
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = file.type;
  // Koa judges freshness only for a success status, and the default before a body is 404.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const { encoding, body } = encoded(ctx, file);
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}

/** The pre-compressed copy the browser takes, if there is one. */
function encoded(ctx: AppContext, file: StaticFile): { encoding?: 'br' | 'gzip'; body: Buffer } {
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' && file.br) return { encoding, body: file.br };
  if (encoding === 'gzip' && file.gzip) return { encoding, body: file.gzip };
  return { body: file.identity };
}

/** The pre-rendered not-found or error page of the visitor's language. */
function errorPageFile(build: SiteBuild, path: string, status: number): StaticFile | undefined {
  const page = status === 404 ? '404' : '500';
  const amharic = path === '/am' || path.startsWith('/am/');
  const candidates = amharic ? [`/am/${page}/`, `/am/${page}.html`] : [`/${page}.html`, `/${page}/`];
  return candidates.map((candidate) => build.files.get(candidate)).find((f) => f !== undefined);
}

/** For Astro to send: the error page with 503 and Retry-After, as the render could not be finished now. */
function unavailableResponse(build: SiteBuild, ctx: AppContext): Response {
  const headers = new Headers({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' });
  const file = errorPageFile(build, ctx.path, 503);
  if (!file) return new Response(null, { status: 503, headers });
  const { encoding, body } = encoded(ctx, file);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  if (encoding) headers.set('Content-Encoding', encoding);
  return new Response(new Uint8Array(body), { status: 503, headers });
}

/** Serves the pre-rendered not-found or error page of the visitor's language with the right status. */
export async function renderErrorPage(holder: SiteHolder, ctx: AppContext, status: number): Promise<boolean> {
  const build = holder.current;
  const file = build ? errorPageFile(build, ctx.path, status) : undefined;
  if (!file) return false;
  sendFile(ctx, file);
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.remove('ETag');
  ctx.remove('Last-Modified');
  return true;
}
