import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { hashPassword, UserSchema, type PasswordHashing, type User } from '../../modules/accounts/index.ts';
import { listOutbox, type OutboxMail } from '../../modules/mail/index.ts';
import type { TestClient } from './http-client.ts';

/**
 * Hashes a thousand times cheaper than argon2Parameters, for the suites that are not about
 * passwords (they make thousands of them); the test app hashes with it too, unless told otherwise.
 */
export const cheapHashing: PasswordHashing = { memory: 64, passes: 1, parallelism: 1, tagLength: 32, saltLength: 16 };

export interface FakeUser {
  user: User;
  email: string;
  password: string;
}

/** A valid, verified user with a random unique e-mail; override anything. */
export async function fakeUser(
  orm: MikroORM,
  overrides: Partial<Pick<User, 'email' | 'firstName' | 'lastName' | 'language' | 'admin' | 'emailVerifiedAt' | 'googleSubject'>> & { password?: string } = {},
): Promise<FakeUser> {
  const { password = `Tej-${randomUUID()}`, ...rest } = overrides;
  const em = orm.em.fork();
  const user = em.create(UserSchema, {
    email: `user-${randomUUID()}@example.com`,
    firstName: 'Almaz',
    lastName: 'Tadesse',
    language: 'en',
    admin: false,
    emailVerifiedAt: new Date(),
    ...rest,
    passwordHash: await hashPassword(password, cheapHashing),
  });
  await em.flush();
  return { user, email: user.email, password };
}

export async function signIn(client: TestClient, credentials: { email: string; password: string }, rememberMe?: boolean) {
  const response = await client.post('/api/auth/login', { email: credentials.email, password: credentials.password, ...(rememberMe === undefined ? {} : { rememberMe }) });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return response;
}

/** Polls until `probe` returns something truthy; for work the API finishes after answering (mails on request). */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what = 'condition', timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The newest outbox mail to `to` whose subject matches, waiting for it to be written. */
export function waitForMail(orm: MikroORM, to: string, subject: RegExp = /./, options: { after?: number } = {}): Promise<OutboxMail> {
  return waitFor(async () => {
    const mails = await listOutbox(orm.em.fork(), { limit: 200 });
    return mails.find((m) => m.to === to && subject.test(m.subject) && m.id > (options.after ?? 0));
  }, `a mail to ${to}`);
}

export async function mailsTo(orm: MikroORM, to: string): Promise<OutboxMail[]> {
  return (await listOutbox(orm.em.fork(), { limit: 500 })).filter((m) => m.to === to);
}

/** The token in a mailed link such as https://site/verify-email?token=… */
export function tokenFrom(text: string, path: '/verify-email' | '/reset-password', publicUrl: string): string {
  const escaped = `${publicUrl.replace(/\/+$/, '')}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}
