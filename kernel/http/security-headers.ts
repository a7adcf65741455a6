import type { AppMiddleware } from './context.ts';
import { isAssetPath } from './paths.ts';

/**
 * The providers the product loads scripts, frames or requests from: card payments, the
 * wallet (live and sandbox), Google sign-in, the bot check and analytics (spec section 9).
 */
const stripe = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];
const paypal = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const google = ['https://accounts.google.com'];
const recaptcha = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com'];
const analytics = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** `mediaOrigin`: where images come from when not this app (a CDN in front of an object store). */
export function contentSecurityPolicy(options: { publicUrl: string; scriptHashes: readonly string[]; mediaOrigin?: string | undefined }): string {
  const https = options.publicUrl.startsWith('https:');
  const self = "'self'";
  // The configured origin: the same as 'self' when the site is reached by its public address,
  // and the API's address when a page is opened through another name (a proxy, a preview).
  const origin = new URL(options.publicUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'script-src': [self, ...options.scriptHashes.map((h) => `'${h}'`), 'https://js.stripe.com', ...paypal, 'https://accounts.google.com/gsi/client', ...recaptcha, ...analytics],
    'style-src': [self, "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
    'img-src': [self, 'data:', 'blob:', ...(options.mediaOrigin ? [options.mediaOrigin] : []), ...paypal, ...analytics, 'https://*.googleusercontent.com'],
    'font-src': [self],
    'connect-src': [self, origin, ...stripe, ...paypal, ...google, ...recaptcha, ...analytics],
    'frame-src': [self, ...stripe, ...paypal, ...google, ...recaptcha],
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': [self, ...paypal],
    'frame-ancestors': [self],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  // Upgrading on a plain-http origin would point every asset at https://localhost and break local use.
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Headers every answer carries, JSON included. */
export function answerHeaders(publicUrl: string): [string, string][] {
  const headers: [string, string][] = [['X-Content-Type-Options', 'nosniff']];
  if (publicUrl.startsWith('https:')) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function securityHeaders(options: { publicUrl: string; scriptHashes: () => readonly string[]; mediaOrigin?: string | undefined }): AppMiddleware {
  let cachedFor: readonly string[] | undefined;
  let cached = '';
  const everyAnswer = answerHeaders(options.publicUrl);
  return async (ctx, next) => {
    for (const [name, value] of everyAnswer) ctx.set(name, value);
    // The remaining headers govern documents (framing, referrers, features, scripts); JSON
    // answers and assets need none of them, and every header is a cost on the busiest paths.
    if (ctx.path.startsWith('/api/') || isAssetPath(ctx.path)) return next();
    const hashes = options.scriptHashes();
    if (hashes !== cachedFor) {
      cachedFor = hashes;
      cached = contentSecurityPolicy({ publicUrl: options.publicUrl, scriptHashes: hashes, mediaOrigin: options.mediaOrigin });
    }
    ctx.set('Content-Security-Policy', cached);
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com" "https://www.paypal.com")');
    return next();
  };
}
