import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../kernel/http/index.ts';
import { consume, release, reset, resetUnder, secondsUntilFree, takeEach, type Limit, type Slot } from '../rate-limits/index.ts';

/**
 * Failed password sign-ins, counted so that guessing stays bounded while nobody can lock a
 * person out of their account. All windows are 15 minutes; every pause answers 429
 * `sign_in_paused`, which names the ways through it.
 *
 * - Per account and client address, 5 failures pause that address for that account.
 *   One address, an attacker's or a forgetful owner's, affects nobody else.
 * - Per client address, 100 failures across accounts pause it: one password sprayed over
 *   many accounts. Only failures count, and the bound is high, because one address is often
 *   a whole carrier's NAT: its people signing in correctly are never counted, and a few
 *   mistyping are far from it.
 * - Per account, 20 failures from browsers it has never signed in from, whatever their
 *   addresses, pause all such browsers for the account. This is the bound on guessing:
 *   however many addresses an attacker holds, an account takes at most 20 unchecked guesses
 *   per 15 minutes. Letting a "clean" address through would undo it, since a fresh address is
 *   exactly what each machine of a botnet has.
 * - A browser the account has signed in from before, or reset its password from, holds a
 *   signed cookie (trusted-device.ts) and is judged by its own counter instead, 5 failures,
 *   which no attacker can fill.
 *
 * A pause is never only a wait. A passed bot check has the attempt judged whatever the
 * counters above hold: it is counted instead per account, 20 failures, a second budget that
 * costs an attacker a bot check per guess. And a password reset (which proves the mailbox,
 * and whose link nobody can withhold from the owner: account.service.ts) trusts the browser
 * and forgets the account's failures.
 *
 * An attempt takes its place in the counters before it is judged, so that attempts arriving
 * together cannot all be judged against the same room, and a failure keeps it. A success
 * clears the counter it was judged by, so a person who mistypes is not punished later; never
 * an account-wide one, or each sign-in of the owner would hand an attacker a fresh budget:
 * there it gives back only the place it took. Unknown e-mail addresses are counted like real
 * accounts, so no answer here tells whether an account exists.
 */
export const loginLimits = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 100, windowMs: 15 * 60_000 },
  perAccountFromNewBrowsers: { limit: 20, windowMs: 15 * 60_000 },
  perTrustedBrowser: { limit: 5, windowMs: 15 * 60_000 },
  perAccountBotChecked: { limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export interface SignInAttempt {
  /** The account's counters' name: a hash of the e-mail address as typed (accounts or not). */
  accountKey: string;
  ip: string;
  /** The id of a trusted browser of this account, or null. */
  device: string | null;
  /** The request carried a bot-check token that passed. */
  botChecked: boolean;
}

const accountBucket = (accountKey: string) => `login:account:${accountKey}`;
const addressBucket = (ip: string) => `login:ip:${ip}`;

/** The counter a success clears, and the ones an attempt takes a place in. */
function counters(attempt: SignInAttempt): { own: string; all: Slot[] } {
  const account = accountBucket(attempt.accountKey);
  const own = attempt.device ? `${account}:device:${attempt.device}` : `${account}:ip:${attempt.ip}`;
  if (attempt.botChecked) return { own, all: [{ bucket: `${account}:checked`, limit: loginLimits.perAccountBotChecked }] };
  if (attempt.device) return { own, all: [{ bucket: own, limit: loginLimits.perTrustedBrowser }] };
  return {
    own,
    all: [
      { bucket: addressBucket(attempt.ip), limit: loginLimits.perAddress },
      { bucket: own, limit: loginLimits.perAccountAndAddress },
      { bucket: account, limit: loginLimits.perAccountFromNewBrowsers },
    ],
  };
}

/**
 * Counts the attempt as a failure in each of its counters before it is judged; a success
 * takes that back (`recordSuccessfulSignIn`). Throws 429 `sign_in_paused` with Retry-After,
 * counting nothing, when one of them is full.
 */
export async function takeSignInAttempt(em: EntityManager, attempt: SignInAttempt): Promise<void> {
  const { all } = counters(attempt);
  const refusal = await takeEach(em, all);
  if (!refusal) return;
  // The wait is until every pause has ended: the counters after the one that refused may be full for longer.
  let wait = refusal.seconds;
  for (const { bucket, limit } of all.slice(refusal.refused + 1)) wait = Math.max(wait, await secondsUntilFree(em, bucket, limit));
  const seconds = Math.ceil(wait);
  throw new AppError(429, 'sign_in_paused', { params: { minutes: Math.ceil(seconds / 60) }, headers: { 'Retry-After': String(seconds) } });
}

export async function recordSuccessfulSignIn(em: EntityManager, attempt: SignInAttempt): Promise<void> {
  const { own, all } = counters(attempt);
  await reset(em, own);
  for (const { bucket, limit } of all) if (bucket !== own) await release(em, bucket, limit);
}

/** After a password reset: the mailbox's owner acted, so every failure counted for the account goes. */
export async function forgetFailedSignIns(em: EntityManager, accountKey: string): Promise<void> {
  await resetUnder(em, accountBucket(accountKey));
}

/** A failed Google sign-in names no account: only its address is counted. */
export async function recordFailedSignInFrom(em: EntityManager, ip: string): Promise<void> {
  await consume(em, addressBucket(ip), loginLimits.perAddress);
}
