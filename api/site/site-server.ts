import { seenVersions, type ChangeFeed, type SeenVersions } from '../../kernel/changes/index.ts';
import { AppError, NotFound, variantsOf, type AppContext, type AppMiddleware } from '../../kernel/http/index.ts';
import { currentUser } from '../../modules/accounts/index.ts';
import { pageAddress } from '../../site/src/lib/page-address.ts';
import type { PageData, PageLocals } from '../../site/src/lib/page-data.ts';
import type { RenderCache, RenderedPage } from './render-cache.ts';
import { createRenderGate, type RenderGate } from './render-gate.ts';
import type { SiteBuild } from './site-build.ts';
import type { SiteBuilder } from './site-builder.ts';
import type { StaticFile } from './static-files.ts';

/** The build this instance serves, and the builder that makes the next one. */
export interface SiteHolder {
  current: SiteBuild | null;
  readonly builder: SiteBuilder;
}

/** A page that cannot be made now can very likely be made in a few seconds. */
const retryAfterSeconds = 5;
/** Past this wait a visitor is better told to retry than kept looking at a blank tab. */
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

/** What the site server needs besides the build: the data pages read, and limits. */
export interface SiteServing {
  /** The data a page rendered for this request reads (api/site/page-data.ts), noting what it read in `seen` and a section it left off. */
  data(ctx: AppContext, seen: SeenVersions, onPartial: () => void): PageData;
  renders: number;
  cache: RenderCache;
  /** The versions kept pages are checked against. */
  feed: ChangeFeed;
}

/**
 * Serves the current build: static files from memory (pre-compressed copies when the
 * browser takes them), then Astro's on-demand pages, at most `renders` at once
 * (render-gate.ts says why). A page that reads what a change makes stale is rendered from its
 * one address (site/src/lib/page-address.ts) and kept in the render cache under it until what
 * it was read from changes: one copy for visitors who are not signed in, and one per
 * signed-in visitor (an organiser sees their controls), so that a visitor reloading, or a
 * crowd on one session, costs a render per change rather than one per request. Another
 * spelling of such an address is redirected to it, or not found when its id is spelled
 * otherwise. The holder is read per request, so a rebuild takes effect without a restart.
 */
export function siteServer(holder: SiteHolder, serving: SiteServing): AppMiddleware {
  const renders = createRenderGate({ concurrency: serving.renders, queue: serving.renders * waitingPerRender, waitMs: renderWaitMs });
  return async (ctx, next) => {
    const build = holder.current;
    if (!build || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const file = build.files.get(ctx.path);
    if (file) return sendFile(ctx, file);
    if (!build.handler) return next();
    const address = pageAddress(ctx.path, ctx.search);
    if (address?.kind === 'missing') throw new NotFound();
    if (address?.kind === 'moved') {
      ctx.status = 301;
      ctx.redirect(address.url);
      return;
    }
    if (!address) {
      if (await renderPage(ctx, build, serving, renders, null)) return next();
      return;
    }
    // Another instance may have changed what a kept page shows: hear of that first, or make the page afresh.
    const heard = serving.feed.shared ? await serving.feed.sync() : true;
    if (!heard) {
      if (await renderPage(ctx, build, serving, renders, { url: address.url, key: null })) return next();
      return;
    }
    // A signed-in visitor's copy is theirs alone, whichever of their sessions asks, and made
    // anew once they become an admin or stop being one (the page shows admins the organiser's
    // controls); the user is read once per request, as the page itself reads them.
    const viewer = ctx.state.session?.current?.userId ? await currentUser(ctx) : null;
    const key = viewer === null ? address.url : `${address.url}\n${viewer.id}${viewer.admin ? ':admin' : ''}`;
    // Visitors who arrive while the page is being made wait for that render rather than start
    // their own, and again if what it read changed meanwhile (in a burst of donations it will
    // have), for as long as one wait in all; a visitor makes the page themself only when
    // nobody else is making it.
    const deadline = performance.now() + renderWaitMs;
    for (;;) {
      const kept = serving.cache.get(key);
      if (kept) return sendRendered(ctx, kept);
      const waitMs = deadline - performance.now();
      if (waitMs <= 0) throw new SiteBusy();
      let passed = false;
      const outcome = await serving.cache.once(
        key,
        async () => {
          passed = await renderPage(ctx, build, serving, renders, { url: address.url, key });
        },
        { waitMs, signal: leaving(ctx) },
      );
      if (outcome === 'gave-up') throw new SiteBusy();
      if (outcome === 'rendered') {
        if (passed) return next();
        return;
      }
    }
  };
}

/** Aborted when the visitor goes away. */
function leaving(ctx: AppContext): AbortSignal {
  const gone = new AbortController();
  ctx.res.once('close', () => gone.abort());
  return gone.signal;
}

/**
 * Renders through Astro, which writes the answer itself; true when Astro had no such page (the
 * answer is then Koa's again). A page with an address (`kept`) is rendered from that address,
 * so that it reads nothing its key leaves out, and kept under `key` when it may be.
 */
async function renderPage(ctx: AppContext, build: SiteBuild, serving: SiteServing, renders: RenderGate, kept: { url: string; key: string | null } | null): Promise<boolean> {
  const handler = build.handler;
  if (!handler) return true;
  const release = await renders.enter(leaving(ctx));
  if (!release) throw new SiteBusy();
  const key = kept?.key ?? null;
  const asked = ctx.req.url;
  if (kept) ctx.req.url = kept.url;
  let passed = false;
  ctx.respond = false;
  const seen = seenVersions(serving.feed);
  let partial = false;
  const locals: PageLocals = {
    data: serving.data(ctx, seen, () => {
      partial = true;
    }),
    // What a page answers when its data cannot be read now (site/src/middleware.ts).
    unavailable: () => unavailableResponse(build, ctx),
    deliver: (response, page) => deliver(ctx, response, key === null || partial || page.setsCookies ? null : { key, seen, cache: serving.cache }),
  };
  try {
    await handler(ctx.req, ctx.res, () => {
      passed = true;
    }, locals);
  } finally {
    ctx.req.url = asked;
    release();
  }
  if (passed) ctx.respond = true;
  return passed;
}

/**
 * The page Astro made, compressed for this visitor, and kept for their next requests and
 * everyone who shares its key (`keep`) when it is a whole success that read something the
 * change feed names and set no cookie.
 */
async function deliver(ctx: AppContext, response: Response, keep: { key: string; seen: SeenVersions; cache: RenderCache } | null): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const body = variantsOf(Buffer.from(await response.arrayBuffer()), type);
  if (keep && response.status === 200 && keep.seen.keys.size > 0 && !response.headers.has('set-cookie')) {
    const headers = [...response.headers.entries()];
    keep.cache.set(keep.key, { status: response.status, headers, body, seen: keep.seen });
  }
  const chosen = body.pick(ctx.get('Accept-Encoding'));
  const headers = new Headers(response.headers);
  if (chosen.encoding) headers.set('Content-Encoding', chosen.encoding);
  if (chosen.vary) headers.append('Vary', 'Accept-Encoding');
  headers.set('Content-Length', String(chosen.body.length));
  // No status text: Astro gives every page "OK" whatever its status, and without one Node sends the status's own ("404 Not Found").
  return new Response(new Uint8Array(chosen.body), { status: response.status, headers });
}

/** A kept page, through Koa like a static file. */
function sendRendered(ctx: AppContext, page: RenderedPage): void {
  for (const [name, value] of page.headers) ctx.set(name, value);
  const chosen = page.body.pick(ctx.get('Accept-Encoding'));
  if (chosen.encoding) ctx.set('Content-Encoding', chosen.encoding);
  if (chosen.vary) ctx.vary('Accept-Encoding');
  ctx.status = page.status;
  ctx.body = chosen.body;
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
