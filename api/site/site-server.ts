import { existsSync } from 'node:fs';
import { join } from 'node:path';
import send from 'koa-send';
import type { AppContext, AppMiddleware } from '../http/index.ts';
import type { SiteBuild } from './site-build.ts';

export interface SiteHolder {
  current: SiteBuild | null;
}

/**
 * Serves the current build: pre-compressed static files first, then Astro's on-demand
 * pages. The holder is read per request, so a rebuild takes effect without a restart.
 */
export function siteServer(holder: SiteHolder, localsFor: (ctx: AppContext) => object): AppMiddleware {
  return async (ctx, next) => {
    const build = holder.current;
    if (!build || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (await serveStatic(ctx, build.clientDir)) return;
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

async function serveStatic(ctx: AppContext, root: string): Promise<boolean> {
  if (ctx.path.includes('\0')) return false;
  try {
    const served = await send(ctx, ctx.path, {
      root,
      index: 'index.html',
      brotli: true,
      gzip: true,
      hidden: false,
      setHeaders: (res, path) => {
        // Caches must keep the brotli, gzip and plain copies apart.
        res.setHeader('Vary', 'Accept-Encoding');
        // Hashed asset names change with their content, so they can be kept for a year.
        const immutable = path.includes(`${join(root, '_astro')}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
    if (!served) return false;
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || (error as { code?: string }).code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Serves the pre-rendered not-found or error page of the visitor's language with the right status. */
export async function renderErrorPage(holder: SiteHolder, ctx: AppContext, status: number): Promise<boolean> {
  const build = holder.current;
  if (!build) return false;
  const page = status === 404 ? '404' : '500';
  const amharic = ctx.path === '/am' || ctx.path.startsWith('/am/');
  const candidates = amharic ? [`am/${page}/index.html`, `am/${page}.html`] : [`${page}.html`, `${page}/index.html`];
  const file = candidates.find((candidate) => existsSync(join(build.clientDir, candidate)));
  if (!file) return false;
  await send(ctx, file, { root: build.clientDir, brotli: true, gzip: true });
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  return true;
}
