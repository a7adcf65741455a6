import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { $auth, $logoutReason, ensureAuth, login, logout, refreshAuth, type AuthUser } from './auth.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user: AuthUser = {
  id: 4,
  email: 'almaz@example.com',
  firstName: 'Almaz',
  lastName: 'Tadesse',
  admin: false,
  emailVerified: true,
  language: 'en',
  commentEmails: true,
  phone: null,
  bio: null,
  locationId: null,
  location: null,
  avatarMediaId: null,
  avatarUrl: null,
  googleLinked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const session = { rememberMe: false, idleTimeoutMinutes: 30, expiresAt: '2026-01-01T00:30:00.000Z' };

let storage: MemoryStorage;
let requests: string[];
let answers: Record<string, unknown>;
let events: string[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  storage = new MemoryStorage();
  requests = [];
  events = [];
  answers = { '/api/auth/status': { authenticated: false, user: null, session: null }, '/api/auth/logout': { authenticated: false, user: null, session: null } };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  Object.defineProperty(globalThis, 'document', { value: { cookie: 'XSRF-TOKEN=t' }, configurable: true });
  Object.defineProperty(globalThis, 'window', {
    value: { dispatchEvent: (event: Event) => events.push(event.type) },
    configurable: true,
  });
  mock.method(globalThis, 'fetch', async (path: string, init: RequestInit) => {
    requests.push(`${init.method} ${path}`);
    const answer = answers[path];
    return answer instanceof Response ? answer : json(answer);
  });
  mock.method(console, 'error', () => {});
  $auth.set({ isLoggedIn: false, isInitialized: false, user: null, session: null });
  $logoutReason.set(null);
});

afterEach(() => {
  mock.restoreAll();
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});

describe('auth store', () => {
  it('starts uninitialised, and one status check serves every caller', async () => {
    assert.equal($auth.get().isInitialized, false);
    const [a, b] = await Promise.all([ensureAuth(), ensureAuth()]);
    assert.equal(a, b);
    assert.deepEqual(requests, ['GET /api/auth/status']);
    assert.deepEqual($auth.get(), { isLoggedIn: false, isInitialized: true, user: null, session: null });
    await ensureAuth();
    assert.equal(requests.length, 1, 'no second check once known');
  });

  it('becomes signed in when the status check says so, leaving the hint and telling the page', async () => {
    answers['/api/auth/status'] = { authenticated: true, user, session };
    await refreshAuth();
    assert.deepEqual($auth.get(), { isLoggedIn: true, isInitialized: true, user, session });
    assert.equal(storage.getItem('signedIn'), '1');
    assert.deepEqual(events, ['auth:signed-in']);
  });

  it('signs in, keeping the remember-me choice as "1"', async () => {
    answers['/api/auth/login'] = user;
    await login({ email: user.email, password: 'secret', rememberMe: true });
    assert.equal($auth.get().isLoggedIn, true);
    assert.equal(storage.getItem('rememberMe'), '1');
    answers['/api/auth/login'] = user;
    await login({ email: user.email, password: 'secret', rememberMe: false });
    assert.equal(storage.getItem('rememberMe'), null);
  });

  it('refuses a sign-in answer without id and email', async () => {
    answers['/api/auth/login'] = { firstName: 'Nobody' };
    await assert.rejects(login({ email: 'a@example.com', password: 'x', rememberMe: false }), /Invalid user data received/);
    assert.equal($auth.get().isLoggedIn, false);
    assert.equal(storage.getItem('signedIn'), null);
  });

  it('passes API errors on, such as an unverified e-mail', async () => {
    answers['/api/auth/login'] = json({ status: 403, code: 'email_not_verified', message: 'Confirm first' }, 403);
    await assert.rejects(login({ email: user.email, password: 'x', rememberMe: false }), { code: 'email_not_verified', status: 403 });
  });

  it('forgets remember-me on a manual logout only', async () => {
    for (const reason of ['inactivity', 'session_expired', 'auth_check_failed', 'manual'] as const) {
      answers['/api/auth/login'] = user;
      await login({ email: user.email, password: 'secret', rememberMe: true });
      await logout(reason);
      assert.deepEqual($auth.get(), { isLoggedIn: false, isInitialized: true, user: null, session: null }, reason);
      assert.equal($logoutReason.get(), reason);
      assert.equal(storage.getItem('signedIn'), null, reason);
      assert.equal(storage.getItem('rememberMe'), reason === 'manual' ? null : '1', reason);
    }
    assert.equal(requests.filter((r) => r === 'POST /api/auth/logout').length, 4);
  });

  it('treats "not authenticated" as an expired session when the page believed it was signed in', async () => {
    answers['/api/auth/status'] = { authenticated: true, user, session };
    await refreshAuth();
    answers['/api/auth/status'] = { authenticated: false, user: null, session: null };
    await refreshAuth();
    assert.equal($auth.get().isLoggedIn, false);
    assert.equal($logoutReason.get(), 'session_expired');
  });

  it('logs a failed status check and rethrows it, leaving the state as it was', async () => {
    answers['/api/auth/status'] = json({ status: 500, code: 'internal', message: 'Oops' }, 500);
    await assert.rejects(refreshAuth(), { status: 500 });
    assert.equal($auth.get().isInitialized, false);
  });
});
