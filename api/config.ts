import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { ThirdParties } from '../kernel/http/index.ts';
import { mediaLinks, mediaStorage, type MediaLinks, type MediaStorageOptions } from '../modules/media/index.ts';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A number of minutes, for the session idle timeouts: fractions allowed (tests use seconds). */
const minutes = (fallback: number) =>
  optional.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isFinite(number)) ctx.addIssue({ code: 'custom', message: 'must be a number of minutes' });
    else if (number <= 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
    else if (number > 7 * 24 * 60) ctx.addIssue({ code: 'custom', message: 'must be at most a week' });
    return number;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The interface to listen on (127.0.0.1 for this machine alone); unset, all of them. */
  HOST: optional.pipe(z.union([z.ipv6(), z.hostname()], { message: 'must be an address or name of this machine, such as 127.0.0.1' }).optional()),
  /**
   * Unset, the address the app listens on (see loadConfig): links then work whatever the port.
   * Links, e-mails and the site's pages are made from it: another scheme (javascript:, ftp:) would make none that works.
   */
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL such as https://example.org' }).optional()),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|mysql:\/\/)/, { message: 'must start with sqlite: or mysql://' })
    .default('sqlite:data/app.db')
    .superRefine((url, ctx) => {
      const problem = databaseUrlProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  DATA_DIR: z.string().default('data'),
  SESSION_SECRET: optional.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
  SMTP_URL: optional.pipe(z.url({ message: 'must be a URL such as smtp://127.0.0.1:1025' }).optional()),
  MAIL_FROM: z.string().default('EthioFundraise <no-reply@localhost>'),
  CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@localhost'),
  RECAPTCHA_SECRET: optional,
  RECAPTCHA_SITE_KEY: optional,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_WEBHOOK_ID: optional,
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Chapa: birr through telebirr, CBE Birr, M-Pesa and Ethiopian banks. A test key (CHASECK_TEST-…) is Chapa's own test mode. */
  CHAPA_SECRET_KEY: optional,
  /** The secret hash set beside the webhook URL in Chapa's dashboard. */
  CHAPA_WEBHOOK_SECRET: optional,
  /** Tests point the providers' SDKs at local stand-ins; unset, the SDKs' own hosts. */
  STRIPE_API_BASE: optional.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  PAYPAL_API_BASE: optional.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  CHAPA_API_BASE: optional.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  /** The secret Chapa signs its call with before it releases a transfer (its server approval): unset, no transfer is released. */
  CHAPA_APPROVAL_SECRET: optional,
  /** Days a gift by card or PayPal is held before it can be withdrawn: their chargebacks come late. */
  PAYOUT_HOLD_DAYS: z.coerce.number().min(0).max(180).default(7),
  /** Days a gift through Chapa is held: wallets and banks settle, or reverse, within a day or two. */
  PAYOUT_HOLD_DAYS_CHAPA: z.coerce.number().min(0).max(180).default(2),
  /** Above these, in whole units, an admin must be one of a withdrawal's approvers. */
  PAYOUT_ADMIN_THRESHOLD_ETB: z.coerce.number().int().positive().default(100_000),
  PAYOUT_ADMIN_THRESHOLD_USD: z.coerce.number().int().positive().default(2_000),
  /** The largest single donation, in whole units of each currency (a dollar is about 150 birr). */
  DONATION_MAX_USD: z.coerce.number().int().positive().default(50_000),
  DONATION_MAX_ETB: z.coerce.number().int().positive().default(5_000_000),
  /** Donations one client address, and one browser session, may start in ten minutes (donation.start.ts). */
  DONATIONS_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  DONATIONS_PER_SESSION: z.coerce.number().int().positive().default(10),
  ANALYTICS_ID: optional,
  MEDIA_DIR: z.string().default('data/media'),
  /** Where uploaded images are kept: MEDIA_DIR on this machine, or an S3-compatible bucket that several instances share. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /** Another S3-compatible service (MinIO, R2, …); unset, AWS itself. */
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://127.0.0.1:9000' }).optional()),
  S3_REGION: optional.transform((region) => region ?? 'us-east-1'),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** A CDN or the bucket's public address in front of the objects; unset, the app serves them under /media/ itself. */
  S3_PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://cdn.example.org' }).optional()),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * `database` when several instances share the database: each records the changes it makes,
   * and hears of the others' before it serves a kept page (kernel/changes/shared-changes.ts).
   * `process` (one instance alone) keeps them in memory.
   */
  CHANGE_FEED: z.enum(['process', 'database']).default('process'),
  /** When the app checks whether the data on pre-rendered pages changed; `off` leaves rebuilds to changes made through the app and to admins. */
  SITE_REBUILD_CRON: z.string().default('*/5 * * * *'),
  /**
   * Whether a change made through the app that pre-rendered pages show (a fundraiser started
   * or closed, new totals) starts a rebuild by itself; `false` leaves it to the schedule and admins.
   */
  SITE_REBUILD_ON_CHANGE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Folder of the pre-rendered site's builds, relative to the project (site/dist when unset); each instance keeps its own. */
  SITE_DIR: optional,
  /**
   * Pages rendered on demand at once (api/site/render-gate.ts). Rendering is CPU work on the
   * event loop that also answers the pages' own API calls, so more at once only slows each.
   */
  SITE_RENDERS: z.coerce.number().int().min(1).max(1000).default(2 * availableParallelism()),
  /**
   * Idle timeouts of a session (spec section 9), without and with remember-me. The site's
   * inactivity timers follow them through /api/auth/status, so server and browser agree.
   */
  SESSION_IDLE_MINUTES: minutes(30),
  SESSION_REMEMBERED_IDLE_MINUTES: minutes(60),
});

export type Config = Readonly<z.output<typeof schema> & { PUBLIC_URL: string; SESSION_SECRET: string }>;

export class ConfigError extends Error {}

/**
 * Parses the environment once. A bad value stops start-up with a message naming the
 * variable, rather than failing later on the first request that needs it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  // Half an S3 or payment configuration stops the start, not the first upload or donation.
  mediaStorageOptions(values);
  const halves = halfPaymentConfigurations(values);
  if (halves.length) throw new ConfigError(`Invalid configuration:\n${halves.map((line) => `  ${line}`).join('\n')}`);
  return Object.freeze({
    ...values,
    PUBLIC_URL: publicUrl(values.PUBLIC_URL, values.PORT),
    SESSION_SECRET: values.SESSION_SECRET ?? localSecret(values.DATA_DIR),
  });
}

/**
 * What serving takes beyond valid values, checked by `npm start` before any work; scripts and
 * tests that only make links are not concerned. An https PUBLIC_URL makes the session and
 * anti-forgery cookies Secure, which Koa sends only on a request it knows came over https, and
 * behind the proxy that serves https it knows that only by trusting the proxy's headers: without
 * TRUST_PROXY every sign-in and first donation would fail.
 */
export function assertServable(config: Config): void {
  if (config.PUBLIC_URL.startsWith('https:') && !config.TRUST_PROXY) {
    throw new ConfigError('Invalid configuration:\n  TRUST_PROXY: must be true when PUBLIC_URL is https (set TRUST_PROXY=true behind the proxy that serves https and sends X-Forwarded-Proto)');
  }
}

/**
 * The providers pages load from, as configured: without keys a rail is the sandbox on this site
 * (or off), and sign-in, the bot check and analytics are not on the pages at all.
 */
export function thirdPartiesOf(config: Config): ThirdParties {
  return {
    stripe: Boolean(config.STRIPE_PUBLISHABLE_KEY),
    paypal: Boolean(config.PAYPAL_CLIENT_ID),
    chapa: Boolean(config.CHAPA_SECRET_KEY),
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
    botCheck: Boolean(config.RECAPTCHA_SITE_KEY),
    analytics: Boolean(config.ANALYTICS_ID),
  };
}

type MediaVariables = Pick<
  z.output<typeof schema>,
  'MEDIA_STORE' | 'MEDIA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Where browsers fetch images, as the storage these settings choose says: for what shows images
 * without the storage at hand. Making a storage touches neither the disk nor the network.
 */
export function mediaLinksOf(config: MediaVariables): MediaLinks {
  return mediaLinks(mediaStorage(mediaStorageOptions(config)).publicBase);
}

/**
 * The media storage the configuration chooses, as the media module takes it. Half an S3
 * configuration is refused either way: without MEDIA_STORE=s3 the images would quietly stay on
 * each machine's own disk, and without the bucket or keys the first upload would fail.
 */
export function mediaStorageOptions(config: MediaVariables): MediaStorageOptions {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (config.MEDIA_STORE === 'local') {
    const stray = Object.entries({ S3_ENDPOINT: config.S3_ENDPOINT, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_PUBLIC_URL: config.S3_PUBLIC_URL });
    const set = stray.filter(([, value]) => value !== undefined).map(([name]) => name);
    if (set.length) throw new ConfigError(`Invalid configuration:\n  ${set.join(', ')}: used only with MEDIA_STORE=s3; set it, or unset these to keep images in MEDIA_DIR`);
    return { store: 'local', dir: config.MEDIA_DIR };
  }
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = Object.entries({ S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey }).filter(([, value]) => !value);
    throw new ConfigError(`Invalid configuration:\n  ${missing.map(([name]) => name).join(', ')}: required with MEDIA_STORE=s3`);
  }
  return {
    store: 's3',
    bucket,
    accessKeyId,
    secretAccessKey,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

type PaymentVariables = Pick<
  z.output<typeof schema>,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_WEBHOOK_ID' | 'CHAPA_SECRET_KEY' | 'CHAPA_WEBHOOK_SECRET'
>;

/**
 * A rail's keys must come together: with one missing the first payment would fail, and a
 * webhook secret without the keys would be silently ignored while the sandbox (whose checkout
 * lets anyone mark a payment paid) takes the rail's place. Found here, before the database is
 * migrated and the site built, not when the payment rails are made.
 */
function halfPaymentConfigurations(config: PaymentVariables): string[] {
  const rails: [keys: Record<string, string | undefined>, webhook: string, webhookValue: string | undefined][] = [
    [{ STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: config.STRIPE_PUBLISHABLE_KEY }, 'STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET],
    [{ PAYPAL_CLIENT_ID: config.PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: config.PAYPAL_CLIENT_SECRET }, 'PAYPAL_WEBHOOK_ID', config.PAYPAL_WEBHOOK_ID],
    [{ CHAPA_SECRET_KEY: config.CHAPA_SECRET_KEY }, 'CHAPA_WEBHOOK_SECRET', config.CHAPA_WEBHOOK_SECRET],
  ];
  return rails.flatMap(([keys, webhook, webhookValue]) => {
    const names = Object.keys(keys);
    const set = names.filter((name) => keys[name]);
    const unset = names.filter((name) => !keys[name]);
    if (set.length && unset.length) return [`${unset.join(', ')}: required with ${set.join(', ')}; set both, or neither`];
    if (!set.length && webhookValue) return [`${webhook}: needs ${names.join(' and ')} beside it; set ${names.length > 1 ? 'them' : 'it'}, or unset ${webhook}`];
    return [];
  });
}

/** What is wrong with a DATABASE_URL that has the right scheme, if anything: the database it names must be there to find. */
function databaseUrlProblem(url: string): string | null {
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).trim() ? null : 'names no file; give one, as in sqlite:data/app.db';
  if (!url.startsWith('mysql://')) return null;
  const parsed = URL.parse(url);
  if (!parsed?.hostname) return 'must be a URL such as mysql://user:pass@127.0.0.1:3306/fundraise';
  if (!/^\/[^/]+$/.test(parsed.pathname)) return 'names no database; end it with one, as in mysql://user:pass@127.0.0.1:3306/fundraise';
  return null;
}

/**
 * Without a trailing slash, so that links are made by appending a path. Unset, the app's own
 * port on this machine: a start with PORT=3000 mails links to port 3000, not to the default.
 */
function publicUrl(configured: string | undefined, port: number): string {
  return (configured ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

/** Outside production a secret is generated once and kept in the data folder, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = resolve(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
