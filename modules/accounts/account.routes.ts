import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { AppError, ValidationFailed, route, type AppContext } from '../../kernel/http/index.ts';
import type { Captcha } from '../captcha/index.ts';
import { AccountDisabled } from './account.errors.ts';
import { createAuthenticator } from './account.passport.ts';
import {
  acceptedResponse,
  captchaOnlyQuery,
  emailRequest,
  googleRequest,
  loginRequest,
  passwordResetResponse,
  profileRequest,
  registerRequest,
  resetPasswordRequest,
  statusResponse,
  tokenQuery,
  tokenValidResponse,
  userIdParams,
  userResponse,
  verifiedResponse,
} from './account.schemas.ts';
import type { AccountService } from './account.service.ts';
import { currentUser, forgetCurrentUser, requireUser } from './current-user.ts';
import type { GoogleVerifier } from './google.ts';
import type { User } from './user.entity.ts';

/**
 * Work whose duration must not tell the caller whether an account exists (looking it up,
 * making a token, handing a mail to SMTP) runs after the answer, on its own entity manager.
 */
function afterAnswer(ctx: AppContext, what: string, work: (em: EntityManager) => Promise<void>): void {
  const em = ctx.state.em.fork();
  const log = ctx.state.log;
  void work(em).catch((error: unknown) => log.error({ err: error }, `${what} failed`));
}

/** The browser has just proved it is the user's: guesses at the account from elsewhere cannot pause it (sign-in-limits.ts). */
function trustBrowser(ctx: AppContext, accounts: AccountService, user: User): void {
  const cookie = accounts.trustedDeviceCookie(user);
  ctx.cookies.set(cookie.name, cookie.value, cookie.options);
}

async function signIn(ctx: AppContext, accounts: AccountService, user: User, rememberMe: boolean) {
  // Told only to whoever proved the password (or the Google account): a guesser learns nothing.
  if (user.disabledAt) throw new AccountDisabled();
  // A fresh session id at every sign-in: an id planted before sign-in is worthless after it.
  await ctx.state.session.start({ userId: user.id, rememberMe });
  forgetCurrentUser(ctx);
  trustBrowser(ctx, accounts, user);
  return accounts.view(ctx.state.em, user);
}

export function accountRoutes(deps: { accounts: AccountService; captcha: Captcha; google: GoogleVerifier }) {
  const { accounts, captcha, google } = deps;
  const authenticator = createAuthenticator(accounts, google);
  const tag = 'auth';

  return [
    route({
      method: 'post',
      path: '/api/auth/register',
      tag,
      summary: 'Create an account and mail a link to verify the e-mail address; for an address that has an account, mail its owner instead and answer alike',
      query: captchaOnlyQuery,
      body: registerRequest,
      response: acceptedResponse,
      status: 201,
      handler: async ({ body, ctx }) => {
        await captcha.require(ctx);
        const registration = await accounts.register(ctx.state.em, body, { ip: ctx.state.clientIp, language: ctx.state.lang });
        afterAnswer(ctx, 'registration mail', (em) => accounts.sendRegistrationMail(em, registration));
        return { accepted: true };
      },
    }),
    route({
      method: 'get',
      path: '/api/auth/validate-verification-token',
      tag,
      summary: 'Verify an e-mail address with the token from the mailed link (single use, 24 hours)',
      query: tokenQuery,
      response: verifiedResponse,
      handler: async ({ query, ctx }) => {
        await captcha.require(ctx);
        const user = await accounts.verifyEmail(ctx.state.em, query.token);
        return { verified: true, email: user.email };
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/regenerate-verification-token',
      tag,
      summary: 'Mail a new verification link; the answer never tells whether the account exists',
      query: captchaOnlyQuery,
      body: emailRequest,
      response: acceptedResponse,
      handler: async ({ body, ctx }) => {
        await captcha.require(ctx);
        await accounts.limitMailRequests(ctx.state.em, 'verify', body.email, ctx.state.clientIp);
        afterAnswer(ctx, 'verification mail', (em) => accounts.sendVerificationMailTo(em, body.email));
        return { accepted: true };
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/login',
      tag,
      summary: 'Sign in with e-mail and password; starts a new session. While sign-in is paused (429 `sign_in_paused`), a request with a bot-check token that passes is judged all the same',
      query: captchaOnlyQuery,
      body: loginRequest,
      response: userResponse,
      handler: async ({ query, body, ctx }) => {
        // No token is asked for: only a paused sign-in needs one, and the page adds it then.
        const botChecked = captcha.enabled && Boolean(query.captchaToken?.trim());
        if (botChecked) await captcha.require(ctx, 'login');
        const user = await authenticator.authenticate(ctx, 'local', { botChecked });
        return signIn(ctx, accounts, user, body.rememberMe ?? false);
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/google',
      tag,
      summary: 'Sign in with a Google ID token; creates the account or links the one with that e-mail',
      body: googleRequest.extend({ rememberMe: z.boolean().optional() }),
      response: userResponse,
      handler: async ({ body, ctx }) => {
        if (!google.enabled) throw new AppError(503, 'google_sign_in_disabled');
        const user = await authenticator.authenticate(ctx, 'google-id-token');
        return signIn(ctx, accounts, user, body.rememberMe ?? false);
      },
    }),
    route({
      method: 'get',
      path: '/api/auth/status',
      tag,
      summary: 'Whether this browser is signed in, and as whom',
      response: statusResponse,
      handler: async ({ ctx }) => {
        const user = await currentUser(ctx);
        const session = ctx.state.session.current;
        const idle = ctx.state.session.idleTimeoutMs;
        if (!user || !session || idle === null) return { authenticated: false, user: null, session: null };
        return {
          authenticated: true,
          user: await accounts.view(ctx.state.em, user),
          session: { rememberMe: session.rememberMe, idleTimeoutMinutes: idle / 60_000, expiresAt: session.expiresAt.toISOString() },
        };
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/logout',
      tag,
      summary: 'Sign out: ends the session on the server',
      response: statusResponse,
      handler: async ({ ctx }) => {
        await ctx.state.session.end();
        forgetCurrentUser(ctx);
        return { authenticated: false, user: null, session: null };
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/forgot-password',
      tag,
      summary: 'Mail a password reset link (1 hour, single use); the answer never tells whether the account exists',
      query: captchaOnlyQuery,
      body: emailRequest,
      response: acceptedResponse,
      handler: async ({ body, ctx }) => {
        await captcha.require(ctx);
        await accounts.limitMailRequests(ctx.state.em, 'reset', body.email, ctx.state.clientIp);
        afterAnswer(ctx, 'password reset mail', (em) => accounts.sendPasswordResetMailTo(em, body.email));
        return { accepted: true };
      },
    }),
    route({
      method: 'get',
      path: '/api/auth/validate-reset-token',
      tag,
      summary: 'Whether a password reset token can still be used',
      query: tokenQuery,
      response: tokenValidResponse,
      handler: async ({ query, ctx }) => {
        await captcha.require(ctx);
        const user = await accounts.checkResetToken(ctx.state.em, query.token);
        return { valid: true, email: user.email };
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/reset-password',
      tag,
      summary: 'Set a new password with a reset token; ends the other sessions of the account',
      query: tokenQuery,
      body: resetPasswordRequest,
      response: passwordResetResponse,
      handler: async ({ query, body, ctx }) => {
        await captcha.require(ctx);
        const current = ctx.state.session.current;
        const user = await accounts.resetPassword(
          ctx.state.em,
          { token: query.token, newPassword: body.newPassword, keepSession: current ? { id: current.id, userId: current.userId ?? null } : null },
        );
        trustBrowser(ctx, accounts, user);
        return { reset: true };
      },
    }),
    route({
      method: 'get',
      path: '/api/auth/users/:id',
      tag,
      summary: 'A user’s profile: for the user themself or an admin',
      params: userIdParams,
      response: userResponse,
      guard: requireUser,
      handler: async ({ params, user: viewer, ctx }) => {
        const user = await accounts.userFor(ctx.state.em, viewer, params.id);
        return accounts.view(ctx.state.em, user);
      },
    }),
    route({
      method: 'put',
      path: '/api/auth/users/:id',
      tag,
      summary: 'Update a user’s profile: for the user themself or an admin',
      params: userIdParams,
      body: profileRequest,
      response: userResponse,
      guard: requireUser,
      handler: async ({ params, body, user: viewer, ctx }) => {
        if (body.id !== undefined && body.id !== params.id) {
          throw new ValidationFailed({ id: { code: 'field.id_mismatch' } });
        }
        const user = await accounts.userFor(ctx.state.em, viewer, params.id);
        const { id: _id, ...changes } = body;
        await accounts.updateProfile(ctx.state.em, user, changes);
        return accounts.view(ctx.state.em, user);
      },
    }),
  ];
}
