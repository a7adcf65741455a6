import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn, tokenFrom, waitForMail } from '../../tests/helpers/accounts.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { SessionSchema } from '../sessions/index.ts';
import { argon2Parameters, UserSchema } from './index.ts';
import { loginLimits } from './sign-in-limits.ts';

/** These suites are about passwords: the app hashes as in production. */
const realHashing = { passwordHashing: argon2Parameters };

const publicUrl = 'http://fund.example.org:8080';

describe('password sign-in, status and sign-out', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, realHashing);
  });
  after(() => app.close());

  it('signs in with the right password: the user, and a new HttpOnly session cookie', async () => {
    const { email, password, user } = await fakeUser(app.orm, { firstName: 'Hanna', lastName: 'Tesfaye', admin: true });
    const browser = app.client();
    browser.cookies.set('sid', 'planted-by-an-attacker');
    const response = await browser.post('/api/auth/login', { email: email.toUpperCase(), password });
    assert.equal(response.status, 200);
    assert.equal(response.data.id, user.id);
    assert.equal(response.data.email, email);
    assert.equal(response.data.firstName, 'Hanna');
    assert.equal(response.data.lastName, 'Tesfaye');
    assert.equal(response.data.admin, true);
    assert.equal(response.data.emailVerified, true);
    assert.equal(response.data.language, 'en');
    assert.doesNotMatch(response.text, /argon2|passwordHash|googleSubject/);

    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid=') && !/expires=Thu, 01 Jan 1970/i.test(c));
    assert.ok(cookie, 'a session cookie is set');
    assert.match(cookie, /httponly/i);
    assert.match(cookie, /samesite=lax/i);
    const first = browser.cookies.get('sid')!;
    assert.notEqual(first, 'planted-by-an-attacker');

    // Signing in again issues yet another id; the previous one stops working.
    await signIn(browser, { email, password });
    const second = browser.cookies.get('sid')!;
    assert.notEqual(second, first);
    const stale = app.client();
    stale.cookies.set('sid', first);
    assert.equal((await stale.get('/api/auth/status')).data.authenticated, false);
  });

  it('reports the status: signed out, then signed in with the user and the idle timeout', async () => {
    const browser = app.client();
    const out = await browser.get('/api/auth/status');
    assert.equal(out.status, 200);
    assert.deepEqual(out.data, { authenticated: false, user: null, session: null });

    const { email, password, user } = await fakeUser(app.orm);
    await signIn(browser, { email, password });
    const status = await browser.get('/api/auth/status');
    assert.equal(status.data.authenticated, true);
    assert.equal(status.data.user.id, user.id);
    assert.equal(status.data.user.email, email);
    assert.equal(status.data.session.rememberMe, false);
    assert.equal(status.data.session.idleTimeoutMinutes, 30);
    assert.doesNotMatch(status.text, /argon2/);
  });

  it('gives remember-me the 60-minute idle lifetime', async () => {
    const { email, password, user } = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, { email, password }, true);
    const status = await browser.get('/api/auth/status');
    assert.equal(status.data.session.rememberMe, true);
    assert.equal(status.data.session.idleTimeoutMinutes, 60);
    const [row] = await app.orm.em.fork().find(SessionSchema, { userId: user.id });
    assert.ok(Math.abs(row!.expiresAt.getTime() - row!.lastSeenAt.getTime() - 60 * 60_000) < 1000);
  });

  it('answers a wrong password and an unknown e-mail alike: 401, same code and message, similar time', async () => {
    const { email } = await fakeUser(app.orm);
    const client = app.client();
    const wrong = await client.post('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await client.post('/api/auth/login', { email: `nobody-${Date.now()}@example.com`, password: 'not-the-password' });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.data.code, 'invalid_credentials');
    assert.equal(unknown.data.code, wrong.data.code);
    assert.equal(unknown.data.message, wrong.data.message);
    assert.equal(client.cookies.has('sid'), false, 'no session for a failed sign-in');

    // Without hashing a dummy password, an unknown e-mail would answer many times faster.
    const time = async (body: unknown) => {
      const started = performance.now();
      await app.client().post('/api/auth/login', body);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const other = await fakeUser(app.orm);
      known.push(await time({ email: other.email, password: `wrong-${i}` }));
      unknownTimes.push(await time({ email: `ghost-${i}-${Date.now()}@example.com`, password: `wrong-${i}` }));
    }
    assert.ok(median(unknownTimes) > median(known) * 0.5, `unknown ${median(unknownTimes)} ms vs wrong password ${median(known)} ms`);
  });

  it('answers 403 email_not_verified for the right password of an unverified account, and 401 for a wrong one', async () => {
    const { email, password } = await fakeUser(app.orm, { emailVerifiedAt: null });
    const client = app.client();
    const refused = await client.post('/api/auth/login', { email, password });
    assert.equal(refused.status, 403);
    assert.equal(refused.data.code, 'email_not_verified');
    assert.match(refused.data.message, /confirm your e-mail address/);
    assert.match(refused.data.message, /new link/);
    assert.equal(client.cookies.has('sid'), false);
    const wrong = await client.post('/api/auth/login', { email, password: 'not-the-password' });
    assert.equal(wrong.status, 401, 'an unverified account is not revealed by a wrong password');
  });

  it('copes with the longest e-mail addresses (the lockout counters key them by a hash)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    assert.ok(email.length > 240);
    const response = await app.client().post('/api/auth/login', { email, password: 'whatever-it-is' });
    assert.equal(response.status, 401);
  });

  it('validates the sign-in body', async () => {
    const response = await app.client().post('/api/auth/login', { email: 'nope', rememberMe: 'yes' });
    assert.equal(response.status, 400);
    assert.ok(response.data.fields.email);
    assert.ok(response.data.fields.password);
    assert.ok(response.data.fields.rememberMe);
  });

  it('signs out on the server: the old cookie no longer works anywhere', async () => {
    const { email, password } = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, { email, password });
    const token = browser.cookies.get('sid')!;
    const out = await browser.post('/api/auth/logout');
    assert.equal(out.status, 200);
    assert.deepEqual(out.data, { authenticated: false, user: null, session: null });
    assert.equal(browser.cookies.has('sid'), false, 'the cookie is cleared');
    const replay = app.client();
    replay.cookies.set('sid', token);
    assert.equal((await replay.get('/api/auth/status')).data.authenticated, false);
  });

  it('refuses a sign-out without the anti-forgery header', async () => {
    const { email, password } = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, { email, password });
    const forged = await browser.post('/api/auth/logout', undefined, { xsrf: false });
    assert.equal(forged.status, 403);
    assert.equal((await browser.get('/api/auth/status')).data.authenticated, true);
  });

  it('upgrades a hash made with weaker parameters at the next sign-in', async () => {
    const { email, password, user } = await fakeUser(app.orm);
    const em = app.orm.em.fork();
    const { argon2Sync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const weak = argon2Sync('argon2id', { message: password, nonce: salt, memory: 8192, passes: 1, parallelism: 1, tagLength: 32 });
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    await em.nativeUpdate(UserSchema, { id: user.id }, { passwordHash: `$argon2id$v=19$m=8192,t=1,p=1$${b64(salt)}$${b64(weak)}` });
    await signIn(app.client(), { email, password });
    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { id: user.id }, { populate: ['passwordHash'] });
    assert.match(stored.passwordHash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await signIn(app.client(), { email, password });
  });
});

describe('sign-in brute force', () => {
  let app: TestApp;
  before(async () => {
    // Client addresses come from X-Forwarded-For, so that one test can play many machines.
    app = await startTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: publicUrl }, realHashing);
  });
  after(() => app.close());

  const login = (client: TestClient, ip: string, credentials: { email: string; password: string }) =>
    client.post('/api/auth/login', { email: credentials.email, password: credentials.password }, { headers: { 'X-Forwarded-For': ip } });

  it('pauses one address for one account after 5 failures (429, Retry-After); the owner elsewhere, and others there, still sign in', async () => {
    const victim = await fakeUser(app.orm);
    const attacker = app.client();
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await login(attacker, '198.51.100.1', { email: victim.email, password: `guess-${i}` })).status, 401);
    }
    const paused = await login(attacker, '198.51.100.1', victim);
    assert.equal(paused.status, 429, 'not even the right password is judged from there');
    assert.equal(paused.data.code, 'sign_in_paused');
    const retryAfter = Number(paused.headers.get('retry-after'));
    assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    assert.match(paused.data.message, /15 minute/);
    assert.equal(attacker.cookies.has('sid'), false);

    const owner = app.client();
    assert.equal((await login(owner, '203.0.113.7', victim)).status, 200, 'the owner, from their own address, on a browser never used before');
    const neighbour = await fakeUser(app.orm);
    assert.equal((await login(app.client(), '198.51.100.1', neighbour)).status, 200);
  });

  it('bounds guesses from any number of addresses to 20 per account, while the owner’s own browser still signs in from anywhere', async () => {
    const victim = await fakeUser(app.orm);
    const owner = app.client();
    const first = await login(owner, '203.0.113.20', victim);
    assert.equal(first.status, 200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('trusted_device='));
    assert.ok(setCookie, 'the browser is remembered as the owner’s');
    assert.match(setCookie, /httponly/i);
    assert.match(setCookie, /samesite=strict/i);
    assert.match(setCookie, /path=\/api\/auth/i);

    for (let machine = 0; machine < 5; machine += 1) {
      for (let i = 0; i < 4; i += 1) {
        const guess = await login(app.client(), `198.51.100.${10 + machine}`, { email: victim.email, password: `guess-${machine}-${i}` });
        assert.equal(guess.status, 401, `machine ${machine}, guess ${i}`);
      }
    }
    // Past the budget no unknown browser is judged, not from a fresh address, not with the right
    // password: a fresh address is as likely the attacker's next machine as the owner.
    for (const ip of ['198.51.100.99', '192.0.2.1']) {
      const refused = await login(app.client(), ip, victim);
      assert.equal(refused.status, 429, ip);
      assert.equal(refused.data.code, 'sign_in_paused');
      assert.match(refused.data.message, /reset your password.*browser you have used before/);
      assert.ok(Number(refused.headers.get('retry-after')) > 14 * 60);
    }
    const other = await fakeUser(app.orm);
    const borrowed = app.client();
    assert.equal((await login(borrowed, '192.0.2.3', other)).status, 200);
    assert.equal((await login(borrowed, '192.0.2.3', victim)).status, 429, 'a cookie for another account is no cookie');
    const [, issued, device, mac] = borrowed.cookies.get('trusted_device')!.split('.');
    const forged = app.client();
    forged.cookies.set('trusted_device', [victim.user.id, issued, device, mac].join('.'));
    assert.equal((await login(forged, '192.0.2.2', victim)).status, 429, 'nor is one altered to name this account');

    assert.equal((await login(owner, '192.0.2.44', victim)).status, 200, 'the owner’s browser, from a new address');
    assert.equal((await login(owner, '198.51.100.10', victim)).status, 200, 'even from an address the attacker used');

    // A stolen cookie is worth 5 guesses.
    for (let i = 0; i < 5; i += 1) assert.equal((await login(owner, '192.0.2.44', { email: victim.email, password: `stolen-${i}` })).status, 401);
    assert.equal((await login(owner, '192.0.2.44', victim)).status, 429);
  });

  it('lets the owner back in from a new browser after a password reset, which forgets the account’s failures and trusts that browser', async () => {
    const victim = await fakeUser(app.orm);
    for (let machine = 0; machine < 4; machine += 1) {
      for (let i = 0; i < 5; i += 1) await login(app.client(), `198.51.100.${50 + machine}`, { email: victim.email, password: `guess-${i}` });
    }
    const browser = app.client();
    assert.equal((await login(browser, '203.0.113.60', victim)).status, 429);

    const sent = await browser.post('/api/auth/forgot-password?captchaToken=x', { email: victim.email });
    assert.equal(sent.status, 200);
    const token = tokenFrom((await waitForMail(app.orm, victim.email, /Reset/)).text, '/reset-password', publicUrl);
    const newPassword = 'Doro-Wot-Genna-2026';
    const reset = await browser.post(`/api/auth/reset-password?token=${encodeURIComponent(token)}&captchaToken=x`, { newPassword }, { headers: { 'X-Forwarded-For': '203.0.113.60' } });
    assert.equal(reset.status, 200);
    assert.ok(browser.cookies.has('trusted_device'));
    assert.equal((await login(app.client(), '203.0.113.61', { email: victim.email, password: newPassword })).status, 200);
    assert.equal((await login(browser, '203.0.113.60', { email: victim.email, password: newPassword })).status, 200);
  });

  it('judges at most the account’s bound of 50 wrong passwords sent at once from new browsers, and pauses the next', async () => {
    const victim = await fakeUser(app.orm);
    const bound = loginLimits.perAccountFromNewBrowsers.limit;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(app.client(), `198.18.${i >> 8}.${i & 255}`, { email: victim.email, password: `burst-${i}` })));
    assert.equal(answers.filter((answer) => answer.status === 401).length, bound);
    for (const answer of answers.filter((a) => a.status !== 401)) assert.deepEqual([answer.status, answer.data.code], [429, 'sign_in_paused']);
    const next = await login(app.client(), '198.18.1.1', victim);
    assert.deepEqual([next.status, next.data.code], [429, 'sign_in_paused']);
  });

  it('judges at most 5 of 50 wrong passwords sent at once from one address for one account', async () => {
    const victim = await fakeUser(app.orm);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(app.client(), '198.18.2.1', { email: victim.email, password: `burst-${i}` })));
    assert.equal(answers.filter((answer) => answer.status === 401).length, loginLimits.perAccountAndAddress.limit);
    assert.equal((await login(app.client(), '198.18.2.1', victim)).status, 429);
    assert.equal((await login(app.client(), '198.18.2.2', victim)).status, 200, 'the account’s own bound still has room');
  });

  it('counts no success against the account’s bound, though each is judged within it', async () => {
    const user = await fakeUser(app.orm);
    const bound = loginLimits.perAccountFromNewBrowsers.limit;
    for (let i = 0; i < bound - 1; i += 1) assert.equal((await login(app.client(), `198.18.3.${i}`, { email: user.email, password: 'wrong' })).status, 401);
    for (let i = 0; i < 3; i += 1) assert.equal((await login(app.client(), `198.18.4.${i}`, user)).status, 200);
    assert.equal((await login(app.client(), '198.18.3.200', { email: user.email, password: 'wrong' })).status, 401, 'the last failure the bound takes');
    assert.equal((await login(app.client(), '198.18.4.9', user)).status, 429);
  });

  it('counts failures only, and a success clears the count it was judged by', async () => {
    const user = await fakeUser(app.orm);
    for (let round = 0; round < 2; round += 1) {
      const client = app.client();
      for (let i = 0; i < 4; i += 1) assert.equal((await login(client, '203.0.113.90', { email: user.email, password: 'wrong' })).status, 401);
      assert.equal((await login(client, '203.0.113.90', user)).status, 200);
      for (let i = 0; i < 4; i += 1) assert.equal((await login(client, '203.0.113.90', { email: user.email, password: 'wrong' })).status, 401);
      assert.equal((await login(client, '203.0.113.90', user)).status, 200);
    }
    for (let i = 0; i < 3; i += 1) await signIn(app.client(), user);
  });
});

describe('sign-in brute force from one client address', () => {
  it(`answers 429 after ${loginLimits.perAddress.limit} failed attempts from one address, across accounts`, async () => {
    const app = await startTestApp({}, realHashing);
    try {
      const client = app.client();
      for (let i = 0; i < loginLimits.perAddress.limit; i += 1) {
        const response = await client.post('/api/auth/login', { email: `spray-${i}@example.com`, password: 'Summer2026' });
        assert.equal(response.status, 401, `attempt ${i + 1}`);
      }
      const real = await fakeUser(app.orm);
      const limited = await app.client().post('/api/auth/login', { email: real.email, password: real.password });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
    } finally {
      await app.close();
    }
  });
});
