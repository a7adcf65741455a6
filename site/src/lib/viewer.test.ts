import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { canManage, hasSessionCookie, signedInViewer } from './viewer.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const contextWith = (cookie?: string) => ({
  request: new Request('http://localhost/fundraiser/7', { headers: cookie ? { cookie } : {} }),
  locals: { apiBase: 'http://127.0.0.1:8080' },
});

test('hasSessionCookie: only a non-empty sid cookie counts', () => {
  assert.equal(hasSessionCookie('sid=abc123'), true);
  assert.equal(hasSessionCookie('XSRF-TOKEN=x.y; sid=abc123; theme=dark'), true);
  for (const header of [null, '', 'XSRF-TOKEN=x.y', 'sid=', 'sidx=abc', 'my-sid=abc']) assert.equal(hasSessionCookie(header), false);
});

test('signedInViewer: no API call without a session cookie', async () => {
  let calls = 0;
  globalThis.fetch = async () => {
    calls++;
    return Response.json({});
  };
  assert.equal(await signedInViewer(contextWith('XSRF-TOKEN=x.y'), 'en'), null);
  assert.equal(calls, 0);
});

test('signedInViewer: asks /api/auth/status with the cookie, and answers null when the session is gone or the call fails', async () => {
  let cookieSent: string | null = null;
  globalThis.fetch = async (input, init) => {
    assert.equal(new URL(String(input)).pathname, '/api/auth/status');
    cookieSent = new Headers(init?.headers).get('cookie');
    return Response.json({ authenticated: true, user: { id: 3, admin: false, email: 'a@example.com' }, session: null });
  };
  assert.deepEqual(await signedInViewer(contextWith('sid=abc'), 'en'), { id: 3, admin: false });
  assert.equal(cookieSent, 'sid=abc');

  globalThis.fetch = async () => Response.json({ authenticated: false, user: null, session: null });
  assert.equal(await signedInViewer(contextWith('sid=expired'), 'en'), null);

  globalThis.fetch = async () => {
    throw new TypeError('fetch failed');
  };
  const logged = console.error;
  console.error = () => {};
  try {
    assert.equal(await signedInViewer(contextWith('sid=abc'), 'en'), null);
  } finally {
    console.error = logged;
  }
});

test('canManage: the organiser or an admin', () => {
  assert.equal(canManage({ id: 3, admin: false }, 3), true);
  assert.equal(canManage({ id: 4, admin: true }, 3), true);
  assert.equal(canManage({ id: 4, admin: false }, 3), false);
  assert.equal(canManage(null, 3), false);
});
