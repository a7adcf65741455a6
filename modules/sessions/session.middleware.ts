import type Cookies from 'cookies';
import type { AppMiddleware } from '../../kernel/http/index.ts';
import { createSession, destroySession, findLiveSession, idleLifetimeMs, sessionLifetimes, touchSession, type SessionLifetimes } from './session.service.ts';

export const sessionCookie = 'sid';

/** Server-side sessions: the cookie holds only a random token, the row lives in the database. */
export function sessions(options: { secure: boolean; lifetimes?: SessionLifetimes }): AppMiddleware {
  const lifetimes = options.lifetimes ?? sessionLifetimes;
  const cookieOptions = (expires?: Date): Cookies.SetOption => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    overwrite: true,
    signed: false,
    ...(expires ? { expires } : {}),
  });

  return async (ctx, next) => {
    const token = ctx.cookies.get(sessionCookie);
    let current = token ? await findLiveSession(ctx.state.em, token) : null;
    if (token && !current) {
      ctx.cookies.set(sessionCookie, '', { ...cookieOptions(new Date(0)) });
      ctx.state.xsrf?.renew(null);
    }
    if (current) await touchSession(ctx.state.em, current, new Date(), lifetimes);

    ctx.state.session = {
      get current() {
        return current;
      },
      get idleTimeoutMs() {
        return current ? idleLifetimeMs(lifetimes, current.rememberMe) : null;
      },
      async start(input) {
        if (current) await destroySession(ctx.state.em, current);
        const created = await createSession(
          ctx.state.em,
          { userId: input.userId, rememberMe: input.rememberMe ?? false, data: input.data },
          new Date(),
          lifetimes,
        );
        current = created.session;
        ctx.cookies.set(sessionCookie, created.token, cookieOptions(created.session.absoluteExpiresAt));
        // The anti-forgery token is bound to the session cookie: a new session, a new token.
        ctx.state.xsrf?.renew(created.token);
        return current;
      },
      async end() {
        if (current) await destroySession(ctx.state.em, current);
        current = null;
        ctx.cookies.set(sessionCookie, '', cookieOptions(new Date(0)));
        ctx.state.xsrf?.renew(null);
      },
    };
    return next();
  };
}
