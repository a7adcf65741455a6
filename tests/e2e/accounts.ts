import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { UserSchema } from '../../modules/accounts/index.ts';
import { latestMails } from './outbox.ts';

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return { email: `e2e-${randomUUID()}@example.com`, password: `Tej-buna-${randomUUID().slice(0, 8)}`, firstName: 'Almaz', lastName: 'Tadesse', ...overrides };
}

/**
 * The link in the newest mail to `to` leading to `path`, as a path on the server under
 * test (mails carry PUBLIC_URL, which for a second server is its own address anyway).
 */
export async function linkFromMail(to: string, path: '/verify-email' | '/reset-password', options: { databaseUrl?: string; after?: number } = {}): Promise<{ path: string; id: number }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await latestMails(50, options.databaseUrl);
    const mail = mails.find((m) => m.to === to && m.id > (options.after ?? 0) && m.text.includes(path));
    const match = mail && new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text);
    if (mail && match?.[1]) return { path: match[1], id: mail.id };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${path} mail to ${to}`);
}

/** The anti-forgery header for `request`'s current session (a sign-in starts a new one). */
export async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/csrf');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) };
}

let registrations = 0;

/** An account made through the API, its e-mail confirmed through the mailed link unless told otherwise. */
export async function createUser(request: APIRequestContext, options: { verified?: boolean; databaseUrl?: string; user?: TestUser } = {}): Promise<TestUser> {
  const user = options.user ?? newUser();
  registrations += 1;
  // An address of its own for each account (the server trusts the proxy header in the browser
  // tests), and for each of the workers that make them at once.
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) & 255;
  const from = { 'X-Forwarded-For': `10.${worker}.${(registrations >> 8) & 255}.${registrations & 255}` };
  const response = await request.post('/api/auth/register?captchaToken=', { data: { ...user, language: 'en' }, headers: { ...(await xsrfHeader(request)), ...from } });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  if (options.verified !== false) {
    const link = await linkFromMail(user.email, '/verify-email', { databaseUrl: options.databaseUrl });
    const token = new URL(link.path, 'http://x').searchParams.get('token') ?? '';
    const verified = await request.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(token)}&captchaToken=`);
    if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
  }
  return user;
}

/** Signs the page's browser in without the form (the session cookie is shared with the page). */
export async function signInThroughApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: await xsrfHeader(page.request) });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Gives an account the admin flag, as an operator would in the database. */
export async function makeAdmin(email: string, databaseUrl = process.env.E2E_DATABASE_URL): Promise<void> {
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set; run through npm run test:e2e');
  const orm = await openDatabase(databaseUrl);
  try {
    await orm.em.fork().nativeUpdate(UserSchema, { email }, { admin: true });
  } finally {
    await orm.close();
  }
}
