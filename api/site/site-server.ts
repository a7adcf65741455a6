import type { AppContext, AppMiddleware } from '../http/index.ts';
import type { SiteBuild } from './site-build.ts';
import type { StaticFile } from './static-files.ts';

export interface SiteHolder {
  current: SiteBuild | null;
}

/**
 * Serves the current build: static files from memory (pre-compressed copies when the
 * browser takes them), then Astro's on-demand pages. The holder is read per request, so
 * a rebuild takes effect without a restart.
 */
export function siteServer(holder: SiteHolder, localsFor: (ctx: AppContext) => object): AppMiddleware {
  return async (ctx, next) => {
    const build = holder.current;
    if (!build || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const file = build.files.get(ctx.path);
    if (file) return sendFile(ctx, file);
    if (build.handler) {
      let passed = false;
      ctx.respond = false;
      await build.handler(ctx.req, ctx.res, () => {
        passed = true;
      }, localsFor(ctx));
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
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' && file.br) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = file.br;
  } else if (encoding === 'gzip' && file.gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = file.gzip;
  } else {
    ctx.body = file.identity;
  }
}

/** Serves the pre-rendered not-found or error page of the visitor's language with the right status. */
export async function renderErrorPage(holder: SiteHolder, ctx: AppContext, status: number): Promise<boolean> {
  const build = holder.current;
  if (!build) return false;
  const page = status === 404 ? '404' : '500';
  const amharic = ctx.path === '/am' || ctx.path.startsWith('/am/');
  const candidates = amharic ? [`/am/${page}/`, `/am/${page}.html`] : [`/${page}.html`, `/${page}/`];
  const file = candidates.map((candidate) => build.files.get(candidate)).find((f) => f !== undefined);
  if (!file) return false;
  sendFile(ctx, file);
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.remove('ETag');
  ctx.remove('Last-Modified');
  return true;
}
