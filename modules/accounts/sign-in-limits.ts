import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../kernel/http/index.ts';
import { consume, record, reset, resetUnder, secondsUntilFree, type Limit } from '../rate-limits/index.ts';

/**
 * Failed password sign-ins, counted so that guessing stays bounded while nobody can lock a
 * person out of their account. All windows are 15 minutes.
 *
 * - Per account and client address, 5 failures pause that address for that account (429).
 *   One address, an attacker's or a forgetful owner's, affects nobody else.
 * - Per client address, 20 failures across accounts pause it: one password sprayed over many accounts.
 * - Per account, 20 failures from browsers it has never signed in from, whatever their
 *   addresses, pause all such browsers for the account (429 `sign_in_paused`). This is the
 *   bound on guessing: however many addresses an attacker holds, an account takes at most 20
 *   guesses per 15 minutes. Letting a "clean" address through would undo it, since a fresh
 *   address is exactly what each machine of a botnet has.
 * - A browser the account has signed in from before, or reset its password from, holds a
 *   signed cookie (trusted-device.ts) and is judged by its own counter instead, 5 failures,
 *   which no attacker can fill. So the owner signs in from their own phone or computer
 *   whatever an attacker does; on a new browser during an attack, resetting the password
 *   (which proves the mailbox) trusts that browser and forgets the account's failures.
 *
 * A success clears the counter it was judged by, so a person who mistypes is not punished
 * later; never the account-wide one, or each sign-in of the owner would hand an attacker a
 * fresh budget. Unknown e-mail addresses are counted like real accounts, so no answer here
 * tells whether an account exists.
 */
export const loginLimits = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccountFromNewBrowsers: { limit: 20, windowMs: 15 * 60_000 },
  perTrustedBrowser: { limit: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export interface SignInAttempt {
  /** The account's counters' name: a hash of the e-mail address as typed (accounts or not). */
  accountKey: string;
  ip: string;
  /** The id of a trusted browser of this account, or null. */
  device: string | null;
}

const accountBucket = (accountKey: string) => `login:account:${accountKey}`;
const addressBucket = (ip: string) => `login:ip:${ip}`;

/** The counter a success clears, and the ones a failure adds to; checked in this order. */
function counters(attempt: SignInAttempt): { own: string; all: Array<{ bucket: string; limit: Limit; code: string }> } {
  const account = accountBucket(attempt.accountKey);
  if (attempt.device) {
    const own = `${account}:device:${attempt.device}`;
    return { own, all: [{ bucket: own, limit: loginLimits.perTrustedBrowser, code: 'too_many_requests' }] };
  }
  const own = `${account}:ip:${attempt.ip}`;
  return {
    own,
    all: [
      { bucket: addressBucket(attempt.ip), limit: loginLimits.perAddress, code: 'too_many_requests' },
      { bucket: own, limit: loginLimits.perAccountAndAddress, code: 'too_many_requests' },
      { bucket: account, limit: loginLimits.perAccountFromNewBrowsers, code: 'sign_in_paused' },
    ],
  };
}

/** Throws 429 with Retry-After when this attempt may not be judged now. */
export async function checkSignIn(em: EntityManager, attempt: SignInAttempt): Promise<void> {
  for (const { bucket, limit, code } of counters(attempt).all) {
    const wait = Math.ceil(await secondsUntilFree(em, bucket, limit));
    if (wait > 0) throw new AppError(429, code, { params: { minutes: Math.ceil(wait / 60) }, headers: { 'Retry-After': String(wait) } });
  }
}

export async function recordFailedSignIn(em: EntityManager, attempt: SignInAttempt): Promise<void> {
  for (const { bucket } of counters(attempt).all) await record(em, bucket);
}

export async function recordSuccessfulSignIn(em: EntityManager, attempt: SignInAttempt): Promise<void> {
  await reset(em, counters(attempt).own);
}

/** After a password reset: the mailbox's owner acted, so every failure counted for the account goes. */
export async function forgetFailedSignIns(em: EntityManager, accountKey: string): Promise<void> {
  await resetUnder(em, accountBucket(accountKey));
}

/** A failed Google sign-in names no account: only its address is counted. */
export async function recordFailedSignInFrom(em: EntityManager, ip: string): Promise<void> {
  await consume(em, addressBucket(ip), loginLimits.perAddress);
}
