import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppMiddleware } from './context.ts';
import { Forbidden } from './errors.ts';
import { isAssetPath } from './paths.ts';

export const xsrfCookieName = 'XSRF-TOKEN';
const headerName = 'X-XSRF-TOKEN';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface XsrfTokens {
  /** Whether `token` was issued by us to the browser holding this session cookie (none: undefined). */
  isValid(token: string | undefined, sessionToken: string | undefined): token is string;
  /** A Set-Cookie value carrying a fresh token, bound to the session cookie given. */
  newCookie(sessionToken: string | undefined): string;
  /** The session cookie's value in a Cookie header. */
  sessionTokenIn(cookieHeader: string | undefined): string | undefined;
}

/** What a request may do once its session cookie changes (sign-in, sign-out, expiry). */
export interface XsrfHandle {
  /** Issues a token bound to the new session cookie (null: none), replacing any this answer already sets. */
  renew(sessionToken: string | null): void;
}

/**
 * Double-submit anti-forgery token: a page on another site can make the browser send our
 * cookies but cannot read them, so it cannot echo the token in the header. The token is
 * signed with the server secret so that a cookie planted by a sibling subdomain is refused,
 * and the signature covers the session cookie too (an HMAC of it, as OWASP ASVS asks): a
 * token from another browser, or from before a sign-in, does not pass with this session.
 */
export function xsrfTokens(options: { secret: string; secure: boolean; sessionCookie: string }): XsrfTokens {
  // Imported once: handing createHmac a raw secret would import the key on every call.
  const key = createSecretKey(Buffer.from(options.secret));
  const sign = (nonce: string, sessionToken: string | undefined) =>
    createHmac('sha256', key).update(`${nonce}|${sessionToken ?? ''}`).digest('base64url');
  const sessionPattern = new RegExp(`(?:^|;\\s*)${options.sessionCookie}=([^;]*)`);
  // Returning visitors present the same token on every request; a small memory of tokens
  // already checked saves an HMAC per request. Bounded, so a flood of forged tokens cannot grow it.
  const verified = new Set<string>();
  const attributes = `; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return {
    isValid(token, sessionToken): token is string {
      if (!token) return false;
      const memo = `${token}|${sessionToken ?? ''}`;
      if (verified.has(memo)) return true;
      const [nonce, signature] = token.split('.');
      const valid = !!nonce && !!signature && equal(signature, sign(nonce, sessionToken));
      if (valid) {
        if (verified.size >= 10_000) verified.clear();
        verified.add(memo);
      }
      return valid;
    },
    newCookie(sessionToken) {
      // randomUUID draws from a pre-filled entropy pool: 122 random bits without a call into OpenSSL per visitor.
      const nonce = randomUUID().replaceAll('-', '');
      // Written by hand: the token alphabet needs no escaping, and this runs on every first visit.
      return `${xsrfCookieName}=${nonce}.${sign(nonce, sessionToken)}${attributes}`;
    },
    sessionTokenIn(cookieHeader) {
      const value = cookieHeader ? sessionPattern.exec(cookieHeader)?.[1] : undefined;
      return value || undefined;
    },
  };
}

/** Issues the token to a browser that lacks one, and refuses unsafe /api calls that do not echo it. */
export function xsrfProtection(tokens: XsrfTokens, options: { exemptPrefixes: readonly string[] }): AppMiddleware {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(xsrfCookieName);
    const sessionToken = tokens.sessionTokenIn(ctx.get('Cookie'));
    const valid = tokens.isValid(cookie, sessionToken);
    ctx.state.xsrf = {
      renew(newSessionToken) {
        const others = ([] as string[]).concat(ctx.response.get('Set-Cookie') || []).filter((c) => !c.startsWith(`${xsrfCookieName}=`));
        ctx.set('Set-Cookie', [...others, tokens.newCookie(newSessionToken ?? undefined)]);
      },
    };
    if (!valid && !isAssetPath(ctx.path)) ctx.append('Set-Cookie', tokens.newCookie(sessionToken));
    const exempt = options.exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix));
    if (!safeMethods.has(ctx.method) && ctx.path.startsWith('/api/') && !exempt) {
      const header = ctx.get(headerName);
      if (!valid || !header || !equal(header, cookie)) throw new Forbidden('xsrf_failed');
    }
    return next();
  };
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
