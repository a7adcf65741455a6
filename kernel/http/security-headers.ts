import type { AppMiddleware } from './context.ts';
import { isAssetPath } from './paths.ts';

/**
 * The providers the product loads scripts, frames or requests from: card payments, the
 * wallet (live and sandbox), Chapa's checkout, Google sign-in, the bot check and analytics
 * (spec section 9).
 */
const stripe = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];
const paypal = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const chapaCheckout = ['https://*.chapa.co'];
const google = ['https://accounts.google.com'];
const recaptcha = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com'];
const analytics = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** A feature's sources, or none when it is off. */
const when = (enabled: boolean, sources: readonly string[]): readonly string[] => (enabled ? sources : []);

/**
 * Which of those providers the configuration turns on. A page may load only from the ones that
 * are: a host named for a feature that is off is one more place a script could come from.
 */
export interface ThirdParties {
  /** Stripe's card fields (the sandbox checkout stands in on this site without keys). */
  stripe: boolean;
  paypal: boolean;
  /** Chapa's hosted checkout, where the donate page's plain form is sent on to. */
  chapa: boolean;
  googleSignIn: boolean;
  botCheck: boolean;
  analytics: boolean;
}

export interface PolicyOptions {
  publicUrl: string;
  scriptHashes: readonly string[];
  thirdParties: ThirdParties;
  /** Where images come from when not this app (a CDN in front of an object store). */
  mediaOrigin?: string | undefined;
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  const https = options.publicUrl.startsWith('https:');
  const self = "'self'";
  // The configured origin: the same as 'self' when the site is reached by its public address,
  // and the API's address when a page is opened through another name (a proxy, a preview).
  const origin = new URL(options.publicUrl).origin;
  const on = options.thirdParties;
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'script-src': [
      self,
      ...options.scriptHashes.map((h) => `'${h}'`),
      ...when(on.stripe, ['https://js.stripe.com']),
      ...when(on.paypal, paypal),
      ...when(on.googleSignIn, ['https://accounts.google.com/gsi/client']),
      ...when(on.botCheck, recaptcha),
      ...when(on.analytics, analytics),
    ],
    'style-src': [self, "'unsafe-inline'", ...when(on.googleSignIn, ['https://accounts.google.com/gsi/style'])],
    'img-src': [self, 'data:', 'blob:', ...(options.mediaOrigin ? [options.mediaOrigin] : []), ...when(on.paypal, paypal), ...when(on.analytics, analytics), ...when(on.googleSignIn, ['https://*.googleusercontent.com'])],
    'font-src': [self],
    'connect-src': [self, origin, ...when(on.stripe, stripe), ...when(on.paypal, paypal), ...when(on.googleSignIn, google), ...when(on.botCheck, recaptcha), ...when(on.analytics, analytics)],
    'frame-src': [self, ...when(on.stripe, stripe), ...when(on.paypal, paypal), ...when(on.googleSignIn, google), ...when(on.botCheck, recaptcha)],
    'object-src': ["'none'"],
    'base-uri': [self],
    // Browsers hold a form's redirect to this too: the plain donate form is sent on to the wallet's or Chapa's page.
    'form-action': [self, ...when(on.paypal, paypal), ...when(on.chapa, chapaCheckout)],
    'frame-ancestors': [self],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  // Upgrading on a plain-http origin would point every asset at https://localhost and break local use.
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Who may ask for a payment from within a page: this site, and the card and wallet providers that are on. */
function permissionsPolicy(on: ThirdParties): string {
  const payment = ['self', ...when(on.stripe, ['"https://js.stripe.com"']), ...when(on.paypal, ['"https://www.paypal.com"'])];
  return `camera=(), microphone=(), geolocation=(), payment=(${payment.join(' ')})`;
}

/** Headers every answer carries, JSON included. */
export function answerHeaders(publicUrl: string): [string, string][] {
  const headers: [string, string][] = [['X-Content-Type-Options', 'nosniff']];
  if (publicUrl.startsWith('https:')) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function securityHeaders(options: Omit<PolicyOptions, 'scriptHashes'> & { scriptHashes: () => readonly string[] }): AppMiddleware {
  let cachedFor: readonly string[] | undefined;
  let cached = '';
  const everyAnswer = answerHeaders(options.publicUrl);
  const permissions = permissionsPolicy(options.thirdParties);
  return async (ctx, next) => {
    for (const [name, value] of everyAnswer) ctx.set(name, value);
    // The remaining headers govern documents (framing, referrers, features, scripts); JSON
    // answers and assets need none of them, and every header is a cost on the busiest paths.
    if (ctx.path.startsWith('/api/') || isAssetPath(ctx.path)) return next();
    const hashes = options.scriptHashes();
    if (hashes !== cachedFor) {
      cachedFor = hashes;
      cached = contentSecurityPolicy({ ...options, scriptHashes: hashes });
    }
    ctx.set('Content-Security-Policy', cached);
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', permissions);
    return next();
  };
}
