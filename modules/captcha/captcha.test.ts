import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn, tokenFrom, waitForMail } from '../../tests/helpers/accounts.ts';
import { startFakeRecaptcha } from '../../tests/helpers/fake-recaptcha.ts';
import type { TestResponse } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { createCaptcha } from './index.ts';

const secret = 'test-recaptcha-secret';

describe('bot check on the account calls', () => {
  let app: TestApp;
  let recaptcha: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  before(async () => {
    recaptcha = await startFakeRecaptcha(secret);
    app = await startTestApp({ RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: recaptcha.url, RECAPTCHA_MIN_SCORE: '0.5' });
  });
  after(async () => {
    await app.close();
    await recaptcha.close();
  });

  const register = () => ({ email: `bot-check-${Math.random().toString(36).slice(2)}@example.com`, password: 'Injera-Wot-2026', firstName: 'Abel', lastName: 'Girma' });

  /** The account calls that always need a captchaToken (sign-up, verification and reset links), each with a body that is otherwise valid. */
  const guarded: Array<{ name: string; call: (token: string | null) => Promise<TestResponse> }> = [
    { name: 'register', call: (t) => app.client().post(`/api/auth/register${q(t)}`, register()) },
    { name: 'validate-verification-token', call: (t) => app.client().get(`/api/auth/validate-verification-token${q(t, 'token=abc')}`) },
    { name: 'regenerate-verification-token', call: (t) => app.client().post(`/api/auth/regenerate-verification-token${q(t)}`, { email: 'someone@example.com' }) },
    { name: 'forgot-password', call: (t) => app.client().post(`/api/auth/forgot-password${q(t)}`, { email: 'someone@example.com' }) },
    { name: 'validate-reset-token', call: (t) => app.client().get(`/api/auth/validate-reset-token${q(t, 'token=abc')}`) },
    { name: 'reset-password', call: (t) => app.client().post(`/api/auth/reset-password${q(t, 'token=abc')}`, { newPassword: 'Injera-Wot-2026' }) },
  ];
  function q(token: string | null, extra?: string): string {
    const parts = [extra, token === null ? undefined : `captchaToken=${encodeURIComponent(token)}`].filter(Boolean);
    return parts.length ? `?${parts.join('&')}` : '';
  }

  it('answers 400 captcha_required when the token is missing', async () => {
    for (const { name, call } of guarded) {
      const response = await call(null);
      assert.equal(response.status, 400, name);
      assert.equal(response.data.code, 'captcha_required', name);
      assert.ok(response.data.fields.captchaToken, name);
    }
  });

  it('answers 403 captcha_failed for an invalid, reused or low-scoring token', async () => {
    for (const token of ['garbage', 'used-token', 'bot-token']) {
      for (const { name, call } of guarded) {
        const response = await call(token);
        assert.equal(response.status, 403, `${name} with ${token}`);
        assert.equal(response.data.code, 'captcha_failed', `${name} with ${token}`);
        assert.match(response.data.message, /confirm that you are a person/);
      }
    }
  });

  it('lets a person through: the calls then do their own work', async () => {
    const results = new Map<string, TestResponse>();
    for (const { name, call } of guarded) results.set(name, await call('human-submit'));
    assert.equal(results.get('register')!.status, 201);
    assert.equal(results.get('regenerate-verification-token')!.status, 200);
    assert.equal(results.get('forgot-password')!.status, 200);
    // A token that passes the bot check is then judged on its own: "abc" is no real link.
    assert.equal(results.get('validate-verification-token')!.data.code, 'verification_token_invalid');
    assert.equal(results.get('validate-reset-token')!.data.code, 'reset_token_invalid');
    assert.equal(results.get('reset-password')!.data.code, 'reset_token_invalid');
  });

  it('sends siteverify the secret, the token and the client address', async () => {
    const before = recaptcha.requests.length;
    await app.client().post('/api/auth/forgot-password?captchaToken=human-check', { email: 'someone@example.com' });
    const request = recaptcha.requests[before]!;
    assert.equal(request.secret, secret);
    assert.equal(request.response, 'human-check');
    assert.equal(request.remoteip, '127.0.0.1');
  });

  it('does not guard sign-in, which the spec leaves without a token', async () => {
    const user = await fakeUser(app.orm);
    await signIn(app.client(), user);
  });

  it('completes a whole reset with tokens, as the site will', async () => {
    const user = await fakeUser(app.orm);
    await app.client().post('/api/auth/forgot-password?captchaToken=human-1', { email: user.email });
    const token = tokenFrom((await waitForMail(app.orm, user.email)).text, '/reset-password', app.config.PUBLIC_URL);
    const t = encodeURIComponent(token);
    assert.equal((await app.client().get(`/api/auth/validate-reset-token?token=${t}&captchaToken=human-2`)).status, 200);
    assert.equal((await app.client().post(`/api/auth/reset-password?token=${t}&captchaToken=human-3`, { newPassword: 'Injera-Wot-2026' })).status, 200);
  });

  it('fails closed with 503 when siteverify cannot be reached', async () => {
    recaptcha.setDown(true);
    try {
      const response = await app.client().post('/api/auth/forgot-password?captchaToken=human-x', { email: 'someone@example.com' });
      assert.equal(response.status, 503);
      assert.equal(response.data.code, 'captcha_unavailable');
    } finally {
      recaptcha.setDown(false);
    }
  });
});

describe('captcha verifier', () => {
  it('checks the action when the route names one, and the minimum score', async () => {
    const recaptcha = await startFakeRecaptcha(secret);
    try {
      const captcha = createCaptcha({ secret, verifyUrl: recaptcha.url, minScore: 0.5 });
      assert.equal(captcha.enabled, true);
      assert.equal((await captcha.verify('human-donate', { action: 'donate' })).ok, true);
      assert.equal((await captcha.verify('human-login', { action: 'donate' })).ok, false);
      assert.equal((await captcha.verify('human-login')).ok, true);
      const low = await captcha.verify('bot-x');
      assert.deepEqual([low.ok, low.score], [false, 0.1]);
      const strict = createCaptcha({ secret, verifyUrl: recaptcha.url, minScore: 0.95 });
      assert.equal((await strict.verify('human-x')).ok, false);
      const wrongSecret = createCaptcha({ secret: 'wrong', verifyUrl: recaptcha.url, minScore: 0.5 });
      assert.deepEqual((await wrongSecret.verify('human-x')).errorCodes, ['invalid-input-secret']);
    } finally {
      await recaptcha.close();
    }
  });

  it('is off without a secret: every token passes and nothing is asked', async () => {
    const captcha = createCaptcha({ secret: undefined, verifyUrl: 'http://127.0.0.1:9/never', minScore: 0.5 });
    assert.equal(captcha.enabled, false);
    assert.equal((await captcha.verify('anything')).ok, true);
  });
});
