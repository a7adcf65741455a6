import type { EntityManager } from '@mikro-orm/core';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { SessionHandle } from '../../modules/sessions/index.ts';
import type { Language } from './language.ts';
import type { XsrfHandle } from './xsrf.ts';

export interface AppState {
  requestId: string;
  lang: Language;
  log: Logger;
  /** A fork of the entity manager for this request only, so identity maps never leak across requests. */
  em: EntityManager;
  clientIp: string;
  /** Present on /api requests. */
  session: SessionHandle;
  /** The anti-forgery token of this browser, renewed when its session cookie changes. */
  xsrf: XsrfHandle;
}

export interface AppContextExtras {
  request: Koa.Request & { rawBody?: Buffer; body?: unknown };
}

export type AppContext = Koa.ParameterizedContext<AppState, AppContextExtras>;
export type AppMiddleware = Koa.Middleware<AppState, AppContextExtras>;
