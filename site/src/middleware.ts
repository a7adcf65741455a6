import type { MiddlewareHandler } from 'astro';

/**
 * Every page made on demand goes out through the app (api/site/site-server.ts), which
 * compresses it and keeps it for the next visitors when it is the same for all. A page whose
 * data could not be read now (api/site/page-data.ts) is answered as the app answers a visitor
 * it has no room for: 503 with Retry-After and the error page, never a 500, since a moment
 * later it will very likely render.
 */
// Typed from the package rather than `astro:middleware`, whose types exist only after a build.
export const onRequest: MiddlewareHandler = async (context, next) => {
  // Pages made at build time are files the app serves itself.
  if (context.isPrerendered) return next();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (error instanceof Error && error.name === 'DataUnavailable') {
      console.warn(`${context.url.pathname}: ${error.message}`);
      return context.locals.unavailable();
    }
    throw error;
  }
  // Cookies set through Astro.cookies join the answer only after this returns.
  return context.locals.deliver(response, { setsCookies: [...context.cookies.headers()].length > 0 });
};
