import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { AppMiddleware, AppState } from './context.ts';
import { languageFrom, type Language } from './language.ts';

const requestIdPattern = /^[\w.-]{8,128}$/;

/**
 * What a request carries through the app. Static files and cached answers never touch the
 * database or log on their own, so the entity manager and the child logger are made on
 * first use rather than for every request.
 */
class RequestState {
  readonly requestId: string;
  readonly lang: Language;
  readonly clientIp: string;
  session!: AppState['session'];
  xsrf!: AppState['xsrf'];
  readonly #orm: MikroORM;
  readonly #logger: Logger;
  #em: EntityManager | undefined;
  #log: Logger | undefined;

  constructor(requestId: string, lang: Language, clientIp: string, orm: MikroORM, logger: Logger) {
    this.requestId = requestId;
    this.lang = lang;
    this.clientIp = clientIp;
    this.#orm = orm;
    this.#logger = logger;
  }

  get em(): EntityManager {
    return (this.#em ??= this.#orm.em.fork());
  }

  get log(): Logger {
    return (this.#log ??= this.#logger.child({ requestId: this.requestId }));
  }
}

/** The caller's request id when it looks like one (so traces join up across services), else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/** Request id, language, client address, a logger bound to the id, and a request-scoped entity manager. */
export function requestContext(orm: MikroORM, logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const requestId = requestIdFrom(ctx.get('X-Request-Id'));
    ctx.set('X-Request-Id', requestId);
    ctx.state = new RequestState(requestId, languageFrom(ctx.get('Accept-Language')), ctx.ip, orm, logger);
    const started = performance.now();
    try {
      await next();
    } finally {
      const level = ctx.status >= 500 ? 'error' : ctx.path.startsWith('/api/') || ctx.status >= 400 ? 'info' : 'debug';
      if (logger.isLevelEnabled(level)) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        ctx.state.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
