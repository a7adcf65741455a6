import type { AppMiddleware } from './context.ts';
import { BadRequest, NotFound } from './errors.ts';

/**
 * A path whose percent-encoding is broken (`/fundraiser/%E0%A4%A`, a link cut short) names
 * nothing, and is answered before any route or page tries to decode it: the API says so with a
 * 400, a page with the not-found page (which has a way on, as the error page for a fault of
 * ours would not).
 */
export function malformedPaths(): AppMiddleware {
  return async (ctx, next) => {
    if (!isMalformed(ctx.path)) return next();
    if (ctx.path.startsWith('/api/')) throw new BadRequest('bad_path');
    throw new NotFound();
  };
}

function isMalformed(path: string): boolean {
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
