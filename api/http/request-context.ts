import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { AppMiddleware } from './context.ts';
import { languageFrom } from './language.ts';

const requestIdPattern = /^[\w.-]{8,128}$/;

/** Request id, language, a logger bound to both, and a request-scoped entity manager. */
export function requestContext(orm: MikroORM, logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = requestIdPattern.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.state.lang = languageFrom(ctx.get('Accept-Language'));
    ctx.state.log = logger.child({ requestId });
    ctx.state.em = orm.em.fork();
    ctx.state.clientIp = ctx.ip;
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const level = ctx.status >= 500 ? 'error' : 'info';
      if (ctx.path.startsWith('/api/') || ctx.status >= 400) {
        ctx.state.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      } else {
        ctx.state.log.debug({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
