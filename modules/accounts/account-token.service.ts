import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { BadRequest } from '../../kernel/http/index.ts';
import { AccountTokenSchema, type AccountToken, type TokenPurpose } from './account-token.entity.ts';
import type { User } from './user.entity.ts';

export const tokenLifetimesMs: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60 * 60_000,
  RESET_PASSWORD: 60 * 60_000,
};

/** Error codes start with the kind of link, so the message can say which link is wrong. */
const codePrefix: Record<TokenPurpose, string> = { VERIFY_EMAIL: 'verification_token', RESET_PASSWORD: 'reset_token' };

/** MySQL rounds datetimes to whole seconds, possibly up; a second in the past is in the past on every dialect. */
const justExpired = (now: Date) => new Date(now.getTime() - 1000);

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether a new link of a kind ends the earlier ones. Not for password resets: anybody may ask
 * for one for any address, and if each request cancelled the link before it, a stranger asking
 * again and again would keep the owner from ever using theirs. Every reset link is mailed to
 * the same mailbox, and using one ends the others (`expireTokens`).
 */
const supersedes: Record<TokenPurpose, boolean> = { VERIFY_EMAIL: true, RESET_PASSWORD: false };

/**
 * A new 32-byte random token; only its hash is stored. For a kind that `supersedes`, earlier
 * unused links stop working (they read as expired), so only the newest mail's link is live.
 */
export async function issueToken(em: EntityManager, user: User, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (supersedes[purpose]) await expireTokens(em, user, purpose, now);
  em.create(AccountTokenSchema, {
    user,
    purpose,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(now.getTime() + tokenLifetimesMs[purpose]),
  });
  await em.flush();
  return token;
}

/** The live token row, or a 400 saying whether the link is unknown, used or expired. */
export async function findLiveToken(em: EntityManager, token: string, purpose: TokenPurpose, now = new Date()): Promise<AccountToken> {
  const row = await em.findOne(AccountTokenSchema, { tokenHash: hashAccountToken(token), purpose }, { populate: ['user'] });
  if (!row) throw new BadRequest(`${codePrefix[purpose]}_invalid`);
  if (row.usedAt) throw new BadRequest(`${codePrefix[purpose]}_used`);
  if (row.expiresAt <= now) throw new BadRequest(`${codePrefix[purpose]}_expired`);
  return row;
}

/**
 * Uses the token up. The conditional update makes it single use even when two requests
 * race with the same link: only one of them changes the row.
 */
export async function consumeToken(em: EntityManager, token: string, purpose: TokenPurpose, now = new Date()): Promise<User> {
  const row = await findLiveToken(em, token, purpose, now);
  const changed = await em.nativeUpdate(AccountTokenSchema, { id: row.id, usedAt: null }, { usedAt: now });
  if (changed !== 1) throw new BadRequest(`${codePrefix[purpose]}_used`);
  return row.user;
}

/** Expires every unused token of a kind, e.g. other reset links once the password was reset. */
export async function expireTokens(em: EntityManager, user: User, purpose: TokenPurpose, now = new Date()): Promise<void> {
  await em.nativeUpdate(AccountTokenSchema, { user: user.id, purpose, usedAt: null, expiresAt: { $gt: now } }, { expiresAt: justExpired(now) });
}

/** Tokens are kept a week past their expiry, so a late click still gets "expired" rather than "unknown". */
export async function purgeOldTokens(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(AccountTokenSchema, { expiresAt: { $lt: new Date(now.getTime() - 7 * 24 * 60 * 60_000) } });
}
