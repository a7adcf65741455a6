import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppMiddleware } from './context.ts';
import { Forbidden } from './errors.ts';

const cookieName = 'XSRF-TOKEN';
const headerName = 'X-XSRF-TOKEN';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit anti-forgery token: a page on another site can make the browser send our
 * cookies but cannot read them, so it cannot echo the token in the header. The token is
 * signed with the server secret so that a cookie planted by a sibling subdomain is refused.
 */
export function xsrfProtection(options: { secret: string; secure: boolean; exemptPrefixes: readonly string[] }): AppMiddleware {
  const sign = (nonce: string) => createHmac('sha256', options.secret).update(nonce).digest('base64url');
  const isValid = (token: string | undefined): token is string => {
    if (!token) return false;
    const [nonce, signature] = token.split('.');
    return !!nonce && !!signature && equal(signature, sign(nonce));
  };

  return async (ctx, next) => {
    const cookie = ctx.cookies.get(cookieName);
    // Assets (paths with a file extension) never need the token, and a Set-Cookie would stop caches from keeping them.
    const asset = /\.[a-z0-9]+$/i.test(ctx.path) && !ctx.path.startsWith('/api/');
    if (!isValid(cookie) && !asset) {
      const nonce = randomBytes(24).toString('base64url');
      ctx.cookies.set(cookieName, `${nonce}.${sign(nonce)}`, {
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secure,
        overwrite: true,
        signed: false,
        maxAge: 1000 * 60 * 60 * 24 * 365,
      });
    }
    const exempt = options.exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix));
    if (!safeMethods.has(ctx.method) && ctx.path.startsWith('/api/') && !exempt) {
      const header = ctx.get(headerName);
      if (!isValid(cookie) || !header || !equal(header, cookie)) throw new Forbidden('xsrf_failed');
    }
    return next();
  };
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
