import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppMiddleware } from './context.ts';
import { Forbidden } from './errors.ts';
import { isAssetPath } from './paths.ts';

export const xsrfCookieName = 'XSRF-TOKEN';
const headerName = 'X-XSRF-TOKEN';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface XsrfTokens {
  isValid(token: string | undefined): token is string;
  /** A Set-Cookie value carrying a fresh token. */
  newCookie(): string;
}

/**
 * Double-submit anti-forgery token: a page on another site can make the browser send our
 * cookies but cannot read them, so it cannot echo the token in the header. The token is
 * signed with the server secret so that a cookie planted by a sibling subdomain is refused.
 */
export function xsrfTokens(options: { secret: string; secure: boolean }): XsrfTokens {
  // Imported once: handing createHmac a raw secret would import the key on every call.
  const key = createSecretKey(Buffer.from(options.secret));
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  // Returning visitors present the same token on every request; a small memory of tokens
  // already checked saves an HMAC per request. Bounded, so a flood of forged tokens cannot grow it.
  const verified = new Set<string>();
  const attributes = `; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return {
    isValid(token): token is string {
      if (!token) return false;
      if (verified.has(token)) return true;
      const [nonce, signature] = token.split('.');
      const valid = !!nonce && !!signature && equal(signature, sign(nonce));
      if (valid) {
        if (verified.size >= 10_000) verified.clear();
        verified.add(token);
      }
      return valid;
    },
    newCookie() {
      // randomUUID draws from a pre-filled entropy pool: 122 random bits without a call into OpenSSL per visitor.
      const nonce = randomUUID().replaceAll('-', '');
      // Written by hand: the token alphabet needs no escaping, and this runs on every first visit.
      return `${xsrfCookieName}=${nonce}.${sign(nonce)}${attributes}`;
    },
  };
}

/** Issues the token to a browser that lacks one, and refuses unsafe /api calls that do not echo it. */
export function xsrfProtection(tokens: XsrfTokens, options: { exemptPrefixes: readonly string[] }): AppMiddleware {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(xsrfCookieName);
    if (!tokens.isValid(cookie) && !isAssetPath(ctx.path)) ctx.append('Set-Cookie', tokens.newCookie());
    const exempt = options.exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix));
    if (!safeMethods.has(ctx.method) && ctx.path.startsWith('/api/') && !exempt) {
      const header = ctx.get(headerName);
      if (!tokens.isValid(cookie) || !header || !equal(header, cookie)) throw new Forbidden('xsrf_failed');
    }
    return next();
  };
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
