import koaPassport from 'koa-passport';
import CustomStrategy from 'passport-custom';
import passportLocal from 'passport-local';
import { Unauthorized, type AppContext } from '../../kernel/http/index.ts';
import type { AccountService } from './account.service.ts';
import type { GoogleVerifier } from './google.ts';
import { trustedDeviceCookie } from './trusted-device.ts';
import type { User } from './user.entity.ts';

export type StrategyName = 'local' | 'google-id-token';

export interface Authenticator {
  /**
   * Runs a passport strategy for this request: the user, or 401 (`invalid_credentials` /
   * `google_credential_invalid`). `botChecked`: the request passed a bot check (sign-in-limits.ts).
   */
  authenticate(ctx: AppContext, strategy: StrategyName, options?: { botChecked: boolean }): Promise<User>;
}

/** koa-passport hands strategies an Express-like request whose `ctx` is the Koa context. */
const koaContext = (req: unknown) => (req as { ctx: AppContext }).ctx;

/**
 * Passport checks credentials only (`session: false`): the sign-in itself lives in our
 * server-side session (modules/sessions), started by the route with a fresh id. Each app
 * gets its own passport instance, so two apps in one process (tests) never share strategies.
 */
export function createAuthenticator(accounts: AccountService, google: GoogleVerifier): Authenticator {
  const passport = new koaPassport.KoaPassport();
  // Strategies are made once and see only the request: what the route learnt of it travels here.
  const botCheckedRequests = new WeakSet<AppContext>();

  passport.use(
    'local',
    new passportLocal.Strategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false },
      (req, email, password, done) => {
        const ctx = koaContext(req);
        const device = ctx.cookies.get(trustedDeviceCookie);
        const botChecked = botCheckedRequests.has(ctx);
        accounts.authenticatePassword(ctx.state.em, { email, password, ip: ctx.state.clientIp, device, botChecked }).then(
          (user) => done(null, user ?? false),
          (error: unknown) => done(error),
        );
      },
    ),
  );

  passport.use(
    'google-id-token',
    new CustomStrategy((req, done) => {
      const ctx = koaContext(req);
      const credential = (ctx.request.body as { credential?: unknown } | undefined)?.credential;
      (async () => {
        const identity = typeof credential === 'string' ? await google.verify(credential) : null;
        if (!identity) {
          await accounts.recordFailedSignIn(ctx.state.em, ctx.state.clientIp);
          return false as const;
        }
        return accounts.signInWithGoogle(ctx.state.em, identity, { language: ctx.state.lang });
      })().then(
        (user) => done(null, user),
        (error: unknown) => done(error),
      );
    }),
  );

  const failures: Record<StrategyName, string> = { local: 'invalid_credentials', 'google-id-token': 'google_credential_invalid' };

  return {
    authenticate(ctx, strategy, options) {
      if (options?.botChecked) botCheckedRequests.add(ctx);
      return new Promise<User>((resolve, reject) => {
        const middleware = passport.authenticate(strategy, { session: false }, (error: unknown, user: User | false) => {
          if (error) reject(error);
          else if (!user) reject(new Unauthorized(failures[strategy]));
          else resolve(user);
        });
        middleware(ctx as never, async () => undefined).catch(reject);
      });
    },
  };
}
