import type { MiddlewareHandler } from 'astro';
import { ApiUnavailable } from './lib/server-api.ts';

/**
 * A page whose API read failed is answered as the app answers a visitor it has no room for
 * (api/site/site-server.ts): 503 with Retry-After and the error page, never a 500, since a
 * moment later the same page will very likely render.
 */
// Typed from the package rather than `astro:middleware`, whose types exist only after a build.
export const onRequest: MiddlewareHandler = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof ApiUnavailable) {
      console.warn(`${context.url.pathname}: ${error.message}`);
      return context.locals.unavailable();
    }
    throw error;
  }
};
