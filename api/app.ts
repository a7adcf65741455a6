import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/core';
import Koa from 'koa';
import type { Logger } from 'pino';
import { catalogueRoutes } from '../modules/catalogue/index.ts';
import { contactRoutes, createContactService } from '../modules/contact/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { sessions } from '../modules/sessions/index.ts';
import { testimonialRoutes } from '../modules/testimonials/index.ts';
import type { Config } from './config.ts';
import {
  errorHandler,
  jsonBody,
  mountRoutes,
  NotFound,
  openApiDocument,
  requestContext,
  route,
  securityHeaders,
  xsrfProtection,
  type AppContextExtras,
  type AppState,
  type RouteDefinition,
} from './http/index.ts';
import { renderErrorPage, siteServer, type SiteHolder } from './site/index.ts';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  mailer: Mailer;
  site: SiteHolder;
}

/** Webhooks are signed by their sender and carry no browser cookies, so the anti-forgery check does not apply. */
const xsrfExempt = ['/api/payments/webhooks/'];

export function createApp(deps: AppDependencies): Koa<AppState, AppContextExtras> {
  const { config, orm, logger, mailer, site } = deps;
  const app = new Koa<AppState, AppContextExtras>({ proxy: config.TRUST_PROXY });
  const secure = config.PUBLIC_URL.startsWith('https:');

  const definitions: RouteDefinition[] = [
    ...catalogueRoutes,
    ...testimonialRoutes,
    ...contactRoutes(createContactService({ mailer, supportEmail: config.CONTACT_EMAIL })),
    route({
      method: 'get',
      path: '/api/csrf',
      tag: 'session',
      summary: 'Sets the XSRF-TOKEN cookie when the browser lacks it',
      handler: async () => undefined,
    }),
  ];
  const openApi = openApiDocument(definitions, { title: 'EthioFundraise API', version: '1', url: config.PUBLIC_URL });

  const api = new Router<AppState, AppContextExtras>();
  mountRoutes(api, definitions);
  api.get('/api/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  api.all('/api/{*rest}', () => {
    throw new NotFound('route_not_found');
  });

  app.use(requestContext(orm, logger));
  app.use(errorHandler((ctx, status) => renderErrorPage(site, ctx, status)));
  app.use(securityHeaders({ publicUrl: config.PUBLIC_URL, scriptHashes: () => site.current?.info.scriptHashes ?? [] }));
  app.use(xsrfProtection({ secret: config.SESSION_SECRET, secure, exemptPrefixes: xsrfExempt }));
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    ctx.set('Cache-Control', 'no-store');
    return next();
  });
  app.use(jsonBody());
  const sessionMiddleware = sessions({ secure });
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? sessionMiddleware(ctx, next) : next()));
  app.use(api.routes());
  app.use(siteServer(site, (ctx) => ({ em: ctx.state.em, lang: ctx.state.lang, requestId: ctx.state.requestId })));
  app.use(() => {
    throw new NotFound();
  });
  return app;
}
