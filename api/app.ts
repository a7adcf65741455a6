import type { MikroORM } from '@mikro-orm/core';
import { createServer, type RequestListener, type Server } from 'node:http';
import Koa from 'koa';
import { createChangeFeed, trackChanges, type ChangeFeed } from '../kernel/changes/index.ts';
import type { Logger } from 'pino';
import { accountRoutes, createAccountService, createGoogleVerifier, requireAdmin, type PasswordHashing } from '../modules/accounts/index.ts';
import { adminRoutes, createAdminService, moderationMailComposer, moderationMailKind, refundRunsJob } from '../modules/admin/index.ts';
import { runExclusive } from '../modules/jobs/index.ts';
import { createCaptcha } from '../modules/captcha/index.ts';
import { catalogueRoutes, createCatalogueService } from '../modules/catalogue/index.ts';
import { commentChangeWatchers, commentDigestComposer, commentDigestMailKind, commentRoutes } from '../modules/comments/index.ts';
import { contactRoutes, createContactService } from '../modules/contact/index.ts';
import { donationRoutes, donationRowsExist, publicDonationsByIds } from '../modules/donations/index.ts';
import { createFlagService, flagRoutes } from '../modules/flags/index.ts';
import { createVisitCounter, pageViews, reportReadRoutes, reportRoutes, type VisitCounter } from '../modules/reports/index.ts';
import { isCoOrganiser, memberDigestComposer, memberDigestMailKind, teamRoutes } from '../modules/teams/index.ts';
import { authoriseFundraiserMedia, createFundraiserService, fundraiserChangeWatchers, fundraiserRoutes } from '../modules/fundraisers/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { avatarsById, createMediaService, isOwnAvatar, mediaFiles, mediaRoutes, mediaStorage } from '../modules/media/index.ts';
import { wholeToMinor } from '../modules/money/index.ts';
import { createPaymentService, donateForm, isDonateFormPost, paymentRoutes, type PaymentService } from '../modules/payments/index.ts';
import { chapaApprovalPath, chapaApprovalRoute, createPayoutService, payoutMailComposer, payoutMailKind, payoutRoutes, type PayoutService } from '../modules/payouts/index.ts';
import { receiptComposer, receiptMailKind, receiptRoutes, refundNoticeComposer, refundNoticeMailKind } from '../modules/receipts/index.ts';
import { sessionCookie, sessionLifetimesFor, sessions } from '../modules/sessions/index.ts';
import { testimonialRoutes } from '../modules/testimonials/index.ts';
import { mediaStorageOptions, thirdPartiesOf, type Config } from './config.ts';
import { serverMessages } from './messages.ts';
import { logPaymentRails, paymentProviders, transferRail } from './payment-providers.ts';
import {
  compression,
  errorHandler,
  jsonBody,
  malformedPaths,
  NotFound,
  openApiDocument,
  openApiResponse,
  requestContext,
  route,
  routes,
  securityHeaders,
  xsrfProtection,
  xsrfTokens,
  createMicroCache,
  answerHeaders,
  type AppContext,
  type AppContextExtras,
  type AppState,
  type RouteDefinition,
} from '../kernel/http/index.ts';
import { createRenderCache, createSiteBuilder, pageDataFor, rebuildSiteIfDataChanged, renderErrorPage, siteServer, type SiteHolder } from './site/index.ts';

/**
 * How long another instance may show a page made before a change it did not see
 * (docs/adr/0008); on this instance a change shows at the next request.
 */
const renderCacheTtlMs = 5_000;

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  mailer: Mailer;
  /** The site this instance serves; none yet (a job, the API alone) when left out. */
  site?: SiteHolder;
  /** The cost of new password hashes: the suites that are not about passwords make them cheap. */
  passwordHashing?: PasswordHashing;
  /**
   * What the caches of this process check their copies against: the server's, shared with
   * other instances when it shares the database's change feed; the app's own when left out.
   */
  feed?: ChangeFeed;
}

/** Webhooks and Chapa's approval calls are signed by their sender and carry no browser cookies, so the anti-forgery check does not apply. */
const xsrfExempt = ['/api/payments/webhooks/', chapaApprovalPath];

export interface App {
  koa: Koa<AppState, AppContextExtras>;
  /** For the jobs that reconcile payments with the providers. */
  payments: PaymentService;
  /** For the job that asks Chapa about payouts on their way. */
  payouts: PayoutService;
  /** Views and shares counted in memory: the server flushes them every few seconds and when it stops. */
  counter: VisitCounter;
  /** The micro cache first, then Koa: what an HTTP server should be given. */
  listener: RequestListener;
  /** The change feed the app's caches and writes use. */
  feed: ChangeFeed;
}

/** Listens on a port (0 for any free one) and resolves once it does; rejects when it cannot (the port taken, say). */
export async function listen(app: App, port: number, host?: string): Promise<Server> {
  const server = createServer(app.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** A new admin route without the admin guard would be open to anyone: the app does not start with one. */
function assertAdminRoutesGuarded(definitions: readonly RouteDefinition[]): void {
  const open = definitions.filter((d) => d.path.startsWith('/api/admin/') && d.guard !== requireAdmin);
  if (open.length) throw new Error(`admin routes without the admin guard: ${open.map((d) => `${d.method.toUpperCase()} ${d.path}`).join(', ')}`);
}

export function createApp(deps: AppDependencies): App {
  const { config, orm, logger, mailer } = deps;
  const feed = deps.feed ?? createChangeFeed();
  const mediaStore = mediaStorage(mediaStorageOptions(config));
  const media = createMediaService({ storage: mediaStore, authorisers: { FUNDRAISER: authoriseFundraiserMedia } });
  const site = deps.site ?? { current: null, builder: createSiteBuilder(config.SITE_DIR, media.links) };
  // One proxy in front: the address it appends is the last in X-Forwarded-For; what comes before is the client's to say.
  const app = new Koa<AppState, AppContextExtras>({ proxy: config.TRUST_PROXY, maxIpsCount: 1 });
  const secure = config.PUBLIC_URL.startsWith('https:');
  const tokens = xsrfTokens({ secret: config.SESSION_SECRET, secure, sessionCookie });
  const microCache = createMicroCache({ ttlMs: 5_000, tokens, headers: answerHeaders(config.PUBLIC_URL), logger, feed });

  const captcha = createCaptcha({
    secret: config.RECAPTCHA_SECRET,
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
    logger,
  });
  const accounts = createAccountService({
    mailer,
    publicUrl: config.PUBLIC_URL,
    secret: config.SESSION_SECRET,
    logger,
    ownsAvatar: isOwnAvatar,
    ...(deps.passwordHashing ? { passwordHashing: deps.passwordHashing } : {}),
    avatarUrl: async (em, id) => (await avatarsById(em, media.links, [id])).get(id)?.thumbnailUrl ?? null,
  });
  const google = createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL, logger });
  const fundraisers = createFundraiserService({ media, donationRowsExist, feed });
  mailer.composer(receiptMailKind, receiptComposer({ publicUrl: config.PUBLIC_URL }));
  mailer.composer(refundNoticeMailKind, refundNoticeComposer({ publicUrl: config.PUBLIC_URL }));
  mailer.composer(moderationMailKind, moderationMailComposer({ publicUrl: config.PUBLIC_URL }));
  mailer.composer(commentDigestMailKind, commentDigestComposer({ publicUrl: config.PUBLIC_URL }));
  mailer.composer(memberDigestMailKind, memberDigestComposer({ publicUrl: config.PUBLIC_URL, publicDonations: publicDonationsByIds }));
  const rails = paymentProviders(config);
  logPaymentRails(rails, logger);
  const payments = createPaymentService({
    providers: rails,
    publicUrl: config.PUBLIC_URL,
    logger,
    receiptMail: {
      queue: (tx, donationId) => mailer.enqueue(tx, { kind: receiptMailKind, ref: String(donationId) }),
      send: (em, queuedId) => mailer.deliverQueued(em, queuedId),
    },
    refundMail: {
      queue: (tx, donationId) => mailer.enqueue(tx, { kind: refundNoticeMailKind, ref: String(donationId) }),
      send: (em, queuedId) => mailer.deliverQueued(em, queuedId),
    },
  });

  mailer.composer(payoutMailKind, payoutMailComposer({ publicUrl: config.PUBLIC_URL }));
  const payouts = createPayoutService({
    rail: transferRail(config),
    mailer,
    holds: { cardDays: config.PAYOUT_HOLD_DAYS, chapaDays: config.PAYOUT_HOLD_DAYS_CHAPA },
    adminThresholdMinor: { ETB: wholeToMinor(config.PAYOUT_ADMIN_THRESHOLD_ETB, 'ETB'), USD: wholeToMinor(config.PAYOUT_ADMIN_THRESHOLD_USD, 'USD') },
    logger,
  });

  const catalogue = createCatalogueService({ em: orm.em });
  const counter = createVisitCounter({ logger });
  trackChanges(orm, feed, { ...fundraiserChangeWatchers, ...commentChangeWatchers });

  const donationLimits = {
    largest: { USD: config.DONATION_MAX_USD, ETB: config.DONATION_MAX_ETB },
    starts: { perAddress: config.DONATIONS_PER_ADDRESS, perSession: config.DONATIONS_PER_SESSION },
  };
  const definitions: RouteDefinition[] = [
    ...accountRoutes({ accounts, captcha, google }),
    ...catalogueRoutes(catalogue),
    ...fundraiserRoutes(fundraisers, { coOrganisers: isCoOrganiser }),
    ...mediaRoutes(media),
    ...donationRoutes({ captcha, limits: donationLimits }),
    ...paymentRoutes({ payments, captcha, transfers: payouts }),
    ...payoutRoutes(payouts),
    chapaApprovalRoute(payouts, config.CHAPA_APPROVAL_SECRET),
    ...receiptRoutes({ captcha }),
    ...commentRoutes({ coOrganisers: isCoOrganiser, mediaLinks: media.links }),
    ...reportRoutes({ counter, publicUrl: config.PUBLIC_URL }),
    ...reportReadRoutes(),
    ...teamRoutes({ publicUrl: config.PUBLIC_URL, media: media.links, mailer, publicDonations: publicDonationsByIds }),
    ...flagRoutes({ flags: createFlagService({ secret: config.SESSION_SECRET }), captcha }),
    ...testimonialRoutes,
    ...contactRoutes(createContactService({ mailer, supportEmail: config.CONTACT_EMAIL })),
    ...adminRoutes({
      admin: createAdminService({
        payments,
        mailer,
        rebuildSite: () => rebuildSiteIfDataChanged(orm, config, site, logger, { trigger: 'ADMIN', force: true }),
        advanceRefunds: () => void runExclusive(orm, refundRunsJob(payments, payouts.refundGuard), logger),
        refundGuard: payouts.refundGuard,
      }),
      mailer,
      servingBuild: () => (site.current ? { id: site.current.info.id, builtAt: site.current.info.builtAt } : null),
    }),
    route({
      method: 'get',
      path: '/api/csrf',
      tag: 'session',
      summary: 'Sets the XSRF-TOKEN cookie when the browser lacks it',
      handler: async () => undefined,
    }),
  ];
  assertAdminRoutesGuarded(definitions);
  // Made when first asked for: converting every schema would cost each start some 30 ms.
  const described = [...definitions];
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  definitions.push(
    route({
      method: 'get',
      path: '/api/openapi.json',
      tag: 'meta',
      summary: 'This API described as OpenAPI 3.1',
      response: openApiResponse,
      handler: async () => (openApi ??= openApiDocument(described, { title: 'EthioFundraise API', version: '1', url: config.PUBLIC_URL })),
    }),
  );

  app.use(requestContext(orm, logger));
  // Outside the error handler, so that the error bodies it writes after a throw are compressed too.
  app.use(compression());
  app.use(errorHandler(serverMessages, (ctx, status) => renderErrorPage(site, ctx, status)));
  app.use(
    securityHeaders({
      publicUrl: config.PUBLIC_URL,
      scriptHashes: () => site.current?.info.scriptHashes ?? [],
      thirdParties: thirdPartiesOf(config),
      mediaOrigin: config.S3_PUBLIC_URL ? new URL(config.S3_PUBLIC_URL).origin : undefined,
    }),
  );
  app.use(malformedPaths());
  app.use(xsrfProtection(tokens, { exemptPrefixes: xsrfExempt }));
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    ctx.set('Cache-Control', 'no-store');
    return next();
  });
  app.use(jsonBody());
  const sessionMiddleware = sessions({
    secure,
    lifetimes: sessionLifetimesFor({ idleMinutes: config.SESSION_IDLE_MINUTES, rememberedIdleMinutes: config.SESSION_REMEMBERED_IDLE_MINUTES }),
  });
  // Sessions for the API, for the donate page's plain form (which binds the donation to this
  // browser), and for pages made on demand for a visitor with a session cookie (an organiser
  // sees their controls); static files and visitors without one skip the lookup.
  const needsSession = (ctx: AppContext) =>
    ctx.path.startsWith('/api/') ||
    isDonateFormPost(ctx) ||
    (ctx.cookies.get(sessionCookie) !== undefined && !ctx.path.startsWith('/media/') && !site.current?.files.has(ctx.path));
  app.use((ctx, next) => (needsSession(ctx) ? sessionMiddleware(ctx, next) : next()));
  app.use(routes(definitions, { microCache, checkResponses: config.NODE_ENV === 'test' }));
  app.use(donateForm({ payments, limits: donationLimits, publicUrl: config.PUBLIC_URL }));
  app.use((ctx, next) => {
    if (ctx.path.startsWith('/api/')) throw new NotFound('route_not_found');
    return next();
  });
  app.use(mediaFiles(mediaStore));
  app.use(pageViews({ counter, ownHost: new URL(config.PUBLIC_URL).hostname.toLowerCase() }));
  const pageServices = { fundraisers, catalogue, payments, payouts, mediaLinks: media.links, logger };
  app.use(
    siteServer(site, {
      data: (ctx, seen, onPartial) => pageDataFor(ctx, pageServices, seen, onPartial),
      renders: config.SITE_RENDERS,
      cache: createRenderCache({ ttlMs: renderCacheTtlMs, maxEntries: 500 }),
      feed,
    }),
  );
  app.use(() => {
    throw new NotFound();
  });
  app.on('error', (error: NodeJS.ErrnoException) => {
    // A visitor closing the tab mid-download is routine, not an error worth a stack trace.
    const routine = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
    logger[routine ? 'debug' : 'error']({ err: error }, 'response stream error');
  });
  const koaListener = app.callback();
  const listener: RequestListener = (req, res) => {
    const answered = microCache.answer(req, res);
    if (answered === false) void koaListener(req, res);
    else if (answered !== true) {
      answered.then(
        (served) => {
          if (!served) void koaListener(req, res);
        },
        (error: unknown) => {
          logger.error({ err: error, path: req.url }, 'a kept answer could not be sent');
          res.destroy();
        },
      );
    }
  };
  return { koa: app, payments, payouts, counter, listener, feed };
}
