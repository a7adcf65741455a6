import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { Conflict, Forbidden, NotFound, ValidationFailed, type FieldProblem } from '../../kernel/http/index.ts';
import { findLocation } from '../catalogue/index.ts';
import type { Mailer } from '../mail/index.ts';
import { consume, record, release, take, type Limit } from '../rate-limits/index.ts';
import { destroyUserSessions } from '../sessions/index.ts';
import { LinkMailedRecently } from './account.errors.ts';
import { existingAccountMail, passwordResetMail, verificationMail } from './account.mails.ts';
import { consumeToken, expireTokens, findLiveToken, issueToken } from './account-token.service.ts';
import type { GoogleIdentity } from './google.ts';
import { argon2Parameters, generatePassword, hashPassword, needsRehash, passwordProblem, passwordRules, verifyAgainstDummy, verifyPassword, type PasswordHashing, type PasswordProblem } from './password.ts';
import { forgetFailedSignIns, recordFailedSignInFrom, recordSuccessfulSignIn, takeSignInAttempt } from './sign-in-limits.ts';
import type { UserView } from './account.schemas.ts';
import { userView, type AvatarUrl } from './account.views.ts';
import { trustedDevices, type TrustedDeviceCookie } from './trusted-device.ts';
import { UserSchema, type User, type UserLanguage } from './user.entity.ts';

/**
 * Mails on request (new verification link, reset link, note to an existing account's owner):
 * enough for a person, too few to bomb an inbox. Anybody may ask for any address's link, so
 * the address's own quota can never be spent by others: past it, one more request a minute
 * still goes through. The owner thus always has a fresh link within a minute, either the one
 * they asked for or one a request of the last minute brought to their mailbox, where only
 * they can read it; and reset links do not cancel each other (account-token.service.ts).
 */
export const mailRequestLimits = {
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
  perEmailPastQuota: { limit: 1, windowMs: 60_000 },
  perAddress: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

export const registerLimits = { perAddress: { limit: 30, windowMs: 60 * 60_000 } } as const satisfies Record<string, Limit>;

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language?: UserLanguage | undefined;
}

export interface ProfileInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | null | undefined;
  bio?: string | null | undefined;
  locationId?: number | null | undefined;
  language?: UserLanguage | undefined;
  commentEmails?: boolean | undefined;
  avatarMediaId?: number | null | undefined;
}

/**
 * What a registration did. The caller answers the same whichever it was, so that the form
 * cannot be used to learn who has an account; only the mail that follows differs.
 */
export interface Registration {
  userId: number;
  created: boolean;
}

/** Whether media `mediaId` is `user`'s own avatar image (given by the composition root: media depends on this module). */
export type AvatarCheck = (em: EntityManager, user: User, mediaId: number) => Promise<boolean>;

export interface AccountService {
  /**
   * Creates the account, or finds the one that has this address and changes nothing in it.
   * `from.language`, the request's, is the new account's unless the input names one.
   */
  register(em: EntityManager, input: RegisterInput, from: { ip: string; language: UserLanguage }): Promise<Registration>;
  /** A verification link to a new account; to an existing one's owner, a note that they already have it. */
  sendRegistrationMail(em: EntityManager, registration: Registration): Promise<void>;
  verifyEmail(em: EntityManager, token: string): Promise<User>;
  /** Throws 429 when too many mails were asked from this client, or for this address within the last minute past its quota. */
  limitMailRequests(em: EntityManager, kind: 'verify' | 'reset', email: string, ip: string): Promise<void>;
  /** Mails a new verification link when an unverified account has this address; otherwise does nothing. */
  sendVerificationMailTo(em: EntityManager, email: string): Promise<void>;
  /** Mails a reset link when an account has this address; otherwise does nothing. */
  sendPasswordResetMailTo(em: EntityManager, email: string): Promise<void>;
  /**
   * The user, or null for a wrong e-mail or password; 429 while paused (sign-in-limits.ts), 403
   * while the e-mail is unverified. `device` is the browser's trusted-device cookie, if any;
   * `botChecked` says the request passed a bot check, which has a paused attempt judged.
   */
  authenticatePassword(em: EntityManager, input: { email: string; password: string; ip: string; device: string | undefined; botChecked: boolean }): Promise<User | null>;
  recordFailedSignIn(em: EntityManager, ip: string): Promise<void>;
  /** The cookie marking the browser `user` has just signed in or reset their password from as one of theirs (sign-in-limits.ts). */
  trustedDeviceCookie(user: User): TrustedDeviceCookie;
  /** `from.language`, the request's, is the language of an account made now. */
  signInWithGoogle(em: EntityManager, identity: GoogleIdentity, from: { language: UserLanguage }): Promise<User>;
  checkResetToken(em: EntityManager, token: string): Promise<User>;
  /** Sets the password and ends every session of the user except `keepSession` when it is theirs. */
  resetPassword(
    em: EntityManager,
    input: { token: string; newPassword: string; keepSession?: { id: string; userId: number | null } | null | undefined },
  ): Promise<User>;
  findUser(em: EntityManager, id: number): Promise<User | null>;
  /** The user `id` as seen by `viewer`: themself or an admin; 403 for anybody else. */
  userFor(em: EntityManager, viewer: User, id: number): Promise<User>;
  updateProfile(em: EntityManager, user: User, input: ProfileInput): Promise<User>;
  /** What the user themself (or an admin) sees of the account, photo included. */
  view(em: EntityManager, user: User): Promise<UserView>;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Rate-limit buckets name an address by a hash: it fits the bucket column, and the counters hold no e-mail addresses. */
function emailKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 40);
}

const passwordFieldProblems: Record<PasswordProblem, FieldProblem> = {
  password_too_short: { code: 'field.too_short', params: { min: passwordRules.minLength } },
  password_too_long: { code: 'field.too_long', params: { max: passwordRules.maxLength } },
  password_common: { code: 'field.password_common' },
  password_like_identity: { code: 'field.password_like_identity' },
};

function assertStrongPassword(password: string, identity: { email?: string; firstName?: string; lastName?: string }, field: string) {
  const problem = passwordProblem(password, identity);
  if (problem) throw new ValidationFailed({ [field]: passwordFieldProblems[problem] });
}

export function createAccountService(deps: {
  mailer: Mailer;
  publicUrl: string;
  /** Signs trusted-device cookies. */
  secret: string;
  ownsAvatar: AvatarCheck;
  avatarUrl: AvatarUrl;
  logger?: Logger;
  /** argon2Parameters unless given. */
  passwordHashing?: PasswordHashing;
}): AccountService {
  const hashing = deps.passwordHashing ?? argon2Parameters;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const devices = trustedDevices({ secret: deps.secret, secure: deps.publicUrl.startsWith('https:') });

  async function mailVerification(em: EntityManager, user: User): Promise<void> {
    const token = await issueToken(em, user, 'VERIFY_EMAIL');
    await deps.mailer.send(em, { ...verificationMail(user, `${base}/verify-email?token=${encodeURIComponent(token)}`), sensitive: true });
  }

  const service: AccountService = {
    async register(em, input, from) {
      await consume(em, `register:ip:${from.ip}`, registerLimits.perAddress);
      const email = normaliseEmail(input.email);
      assertStrongPassword(input.password, { email, firstName: input.firstName, lastName: input.lastName }, 'password');
      // Hashed even when the address is taken, the slow part of the work: the time of the answer must not tell either.
      const passwordHash = await hashPassword(input.password, hashing);
      const existing = await em.findOne(UserSchema, { email }, { fields: ['id'] });
      if (existing) return { userId: existing.id, created: false };
      const user = em.create(UserSchema, {
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language ?? from.language,
        admin: false,
        emailVerifiedAt: null,
      });
      try {
        await em.flush();
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        // Two sign-ups for one address at the same moment: the unique index decides, and the later one is an existing account.
        em.clear();
        const winner = await em.findOneOrFail(UserSchema, { email }, { fields: ['id'] });
        return { userId: winner.id, created: false };
      }
      return { userId: user.id, created: true };
    },

    async sendRegistrationMail(em, registration) {
      const user = await em.findOneOrFail(UserSchema, { id: registration.userId });
      if (registration.created) return mailVerification(em, user);
      // Anybody can sign an address up again and again: its owner hears of it a few times an
      // hour at most, and nobody is told of the limit, which would tell the account exists.
      if ((await take(em, `mail:existing:email:${emailKey(user.email)}`, mailRequestLimits.perEmail)) > 0) return;
      const site = `${base}${user.language === 'am' ? '/am' : ''}`;
      await deps.mailer.send(em, existingAccountMail(user, { login: `${site}/login`, reset: `${site}/reset-password` }));
    },

    async verifyEmail(em, token) {
      const user = await consumeToken(em, token, 'VERIFY_EMAIL');
      user.emailVerifiedAt ??= new Date();
      await em.flush();
      return user;
    },

    async limitMailRequests(em, kind, email, ip) {
      const bucket = `mail:${kind}:email:${emailKey(email)}`;
      const { perEmail, perEmailPastQuota } = mailRequestLimits;
      const untilQuota = await take(em, bucket, perEmail);
      const taken = untilQuota > 0 ? perEmailPastQuota : perEmail;
      if (untilQuota > 0) {
        const untilNextMinute = await take(em, bucket, perEmailPastQuota);
        if (untilNextMinute > 0) throw new LinkMailedRecently(Math.min(untilQuota, untilNextMinute));
      }
      try {
        await consume(em, `mail:${kind}:ip:${ip}`, mailRequestLimits.perAddress);
      } catch (error) {
        // Nothing is mailed: the address's place goes back, or a busy client could spend its owner's.
        await release(em, bucket, taken);
        throw error;
      }
      // A mail within the quota holds back the one past it in the same minute too.
      if (taken === perEmail) await record(em, bucket, perEmailPastQuota);
    },

    async sendVerificationMailTo(em, email) {
      const user = await em.findOne(UserSchema, { email: normaliseEmail(email) });
      if (!user || user.emailVerifiedAt) return;
      await mailVerification(em, user);
    },

    async sendPasswordResetMailTo(em, email) {
      const user = await em.findOne(UserSchema, { email: normaliseEmail(email) });
      if (!user) return;
      const token = await issueToken(em, user, 'RESET_PASSWORD');
      await deps.mailer.send(em, { ...passwordResetMail(user, `${base}/reset-password?token=${encodeURIComponent(token)}`), sensitive: true });
    },

    async authenticatePassword(em, input) {
      const email = normaliseEmail(input.email);
      const user = await em.findOne(UserSchema, { email }, { populate: ['passwordHash'] });
      const attempt = { accountKey: emailKey(email), ip: input.ip, device: user ? devices.deviceOf(input.device, user.id) : null, botChecked: input.botChecked };
      await takeSignInAttempt(em, attempt);
      const hash = user?.passwordHash;
      // Unknown e-mail and wrong password cost the same time and give the same answer.
      const matches = hash ? await verifyPassword(input.password, hash) : await verifyAgainstDummy(input.password, hashing);
      // Counted as a failure already.
      if (!user || !hash || !matches) return null;
      await recordSuccessfulSignIn(em, attempt);
      if (!user.emailVerifiedAt) throw new Forbidden('email_not_verified');
      if (needsRehash(hash, hashing)) user.passwordHash = await hashPassword(input.password, hashing);
      user.lastLoginAt = new Date();
      await em.flush();
      return user;
    },

    async recordFailedSignIn(em, ip) {
      await recordFailedSignInFrom(em, ip);
    },

    trustedDeviceCookie(user) {
      return devices.cookieFor(user.id);
    },

    async signInWithGoogle(em, identity, from) {
      const now = new Date();
      let user = await em.findOne(UserSchema, { googleSubject: identity.subject });
      if (!user) {
        user = await em.findOne(UserSchema, { email: identity.email }, { populate: ['passwordHash'] });
        if (user) {
          if (user.googleSubject) throw new Conflict('google_account_conflict');
          if (!user.emailVerifiedAt) {
            // Nobody proved they own this address until now. Whoever chose the password may
            // have registered someone else's address in advance; Google just proved it is
            // this person's, so that password and any session it opened must not survive.
            user.passwordHash = null;
            user.emailVerifiedAt = now;
            await destroyUserSessions(em, user.id);
          }
          user.googleSubject = identity.subject;
        } else {
          user = em.create(UserSchema, {
            email: identity.email,
            passwordHash: null,
            firstName: (identity.givenName ?? identity.name ?? identity.email.split('@')[0]!).slice(0, 100),
            lastName: (identity.familyName ?? '').slice(0, 100),
            language: from.language,
            admin: false,
            emailVerifiedAt: now,
            googleSubject: identity.subject,
          });
        }
      }
      user.lastLoginAt = now;
      try {
        await em.flush();
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw new Conflict('google_account_conflict');
        throw error;
      }
      return user;
    },

    async checkResetToken(em, token) {
      return (await findLiveToken(em, token, 'RESET_PASSWORD')).user;
    },

    async resetPassword(em, input) {
      // Judge the password before using the token up, so a weak choice does not burn the link.
      const live = await findLiveToken(em, input.token, 'RESET_PASSWORD');
      const identity = { email: live.user.email, firstName: live.user.firstName, lastName: live.user.lastName };
      assertStrongPassword(input.newPassword, identity, 'newPassword');
      const user = await consumeToken(em, input.token, 'RESET_PASSWORD');
      user.passwordHash = await hashPassword(input.newPassword, hashing);
      // The reset link reached the mailbox, which proves the address as well as a verification link would.
      user.emailVerifiedAt ??= new Date();
      await em.flush();
      await expireTokens(em, user, 'RESET_PASSWORD');
      await destroyUserSessions(em, user.id, input.keepSession?.userId === user.id ? input.keepSession.id : undefined);
      await forgetFailedSignIns(em, emailKey(user.email));
      return user;
    },

    async findUser(em, id) {
      return em.findOne(UserSchema, { id });
    },

    async userFor(em, viewer, id) {
      if (viewer.id === id) return viewer;
      if (!viewer.admin) throw new Forbidden();
      const user = await em.findOne(UserSchema, { id });
      if (!user) throw new NotFound('user_not_found');
      return user;
    },

    async updateProfile(em, user, input) {
      // Any image id would otherwise do: someone else's avatar, a fundraiser's photo, one that does not exist.
      if (typeof input.avatarMediaId === 'number' && !(await deps.ownsAvatar(em, user, input.avatarMediaId))) {
        throw new ValidationFailed({ avatarMediaId: { code: 'field.avatar_not_own' } });
      }
      if (input.locationId !== undefined && input.locationId !== null) {
        const location = await findLocation(em, input.locationId);
        if (!location) throw new ValidationFailed({ locationId: { code: 'field.location_unknown' } });
        user.location = location;
      } else if (input.locationId === null) {
        user.location = null;
      }
      if (input.firstName !== undefined) user.firstName = input.firstName;
      if (input.lastName !== undefined) user.lastName = input.lastName;
      if (input.phone !== undefined) user.phone = input.phone;
      if (input.bio !== undefined) user.bio = input.bio;
      if (input.language !== undefined) user.language = input.language;
      if (input.commentEmails !== undefined) user.commentEmails = input.commentEmails;
      if (input.avatarMediaId !== undefined) user.avatarMediaId = input.avatarMediaId;
      await em.flush();
      return user;
    },

    view: (em, user) => userView(em, user, deps.avatarUrl),
  };
  return service;
}

/**
 * Creates an admin, or makes an existing account one (for `npm run create-admin` and the demo
 * seed). Without a password one is generated and returned, so it can be shown once.
 */
export async function ensureAdmin(
  em: EntityManager,
  input: { email: string; password?: string | undefined; firstName: string; lastName: string },
): Promise<{ user: User; created: boolean; password: string | null }> {
  const email = normaliseEmail(input.email);
  const password = input.password ?? generatePassword();
  assertStrongPassword(password, { email, firstName: input.firstName, lastName: input.lastName }, 'password');
  const existing = await em.findOne(UserSchema, { email });
  if (existing) {
    existing.admin = true;
    existing.emailVerifiedAt ??= new Date();
    if (input.password) existing.passwordHash = await hashPassword(input.password);
    await em.flush();
    return { user: existing, created: false, password: input.password ?? null };
  }
  const user = em.create(UserSchema, {
    email,
    passwordHash: await hashPassword(password),
    firstName: input.firstName,
    lastName: input.lastName,
    language: 'en',
    admin: true,
    emailVerifiedAt: new Date(),
  });
  await em.flush();
  return { user, created: true, password };
}

/**
 * A verified account without a password (for the demo seed: organisers of the demo
 * fundraisers). Nobody can sign in to it with a password; Google sign-in with the same
 * address would link to it, as it does for any verified account. Returns an existing
 * account with that address unchanged.
 */
export async function ensureVerifiedUser(
  em: EntityManager,
  input: { email: string; firstName: string; lastName: string; language?: UserLanguage },
): Promise<User> {
  const email = normaliseEmail(input.email);
  const existing = await em.findOne(UserSchema, { email });
  if (existing) return existing;
  const user = em.create(UserSchema, {
    email,
    passwordHash: null,
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language ?? 'en',
    admin: false,
    emailVerifiedAt: new Date(),
  });
  await em.flush();
  return user;
}
