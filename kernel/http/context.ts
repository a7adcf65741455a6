import type { EntityManager } from '@mikro-orm/core';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Language } from './language.ts';
import type { XsrfHandle } from './xsrf.ts';

/** What a request knows of its browser session; the sessions module provides it. */
export interface RequestSession {
  readonly id: string;
  readonly userId?: number | null;
  readonly data: Record<string, unknown>;
  readonly rememberMe: boolean;
  readonly expiresAt: Date;
}

export interface SessionHandle {
  /** The current session, or null for a visitor who has none. */
  readonly current: RequestSession | null;
  /** How long the current session lives without a request (its idle timeout); null without a session. */
  readonly idleTimeoutMs: number | null;
  /** Starts a new session with a fresh id (never reusing the old one: no fixation). */
  start(input: { userId: number | null; rememberMe?: boolean; data?: Record<string, unknown> }): Promise<RequestSession>;
  /** Ends the session on the server, so the old cookie no longer works anywhere. */
  end(): Promise<void>;
}

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
