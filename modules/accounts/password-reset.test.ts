import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, tokenFrom, waitForMail } from '../../tests/helpers/accounts.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from './index.ts';
import { AccountTokenSchema } from './account-token.entity.ts';

const publicUrl = 'http://fund.example.org:8080';
const newPassword = 'Buna-Tetu-Gize-7';

describe('password reset', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
  });
  after(() => app.close());

  async function resetLink(email: string, subject = /Reset your/) {
    const before = (await mailsTo(app.orm, email)).reduce((max, m) => Math.max(max, m.id), 0);
    const response = await app.client().post('/api/auth/forgot-password?captchaToken=t', { email });
    assert.equal(response.status, 200);
    const mail = await waitForMail(app.orm, email, subject, { after: before });
    return { mail, token: tokenFrom(mail.text, '/reset-password', publicUrl) };
  }

  it('mails a reset link valid for 1 hour, in the user’s language', async () => {
    const { email, user } = await fakeUser(app.orm, { firstName: 'Dawit' });
    const { mail, token } = await resetLink(email);
    assert.match(mail.text, /Hello Dawit,/);
    assert.match(mail.text, /1 hour/);
    const [row] = await app.orm.em.fork().find(AccountTokenSchema, { user: user.id, purpose: 'RESET_PASSWORD' });
    assert.ok(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 60 * 60_000) < 2000);
    assert.notEqual(row!.tokenHash, token);

    const amharic = await fakeUser(app.orm, { firstName: 'ዳዊት', language: 'am' });
    const am = await resetLink(amharic.email, /የይለፍ ቃልዎን ይቀይሩ/);
    assert.match(am.mail.text, /ሰላም ዳዊት፣/);
    assert.match(am.mail.text, /ለ1 ሰዓት/);
  });

  it('answers 200 for an unknown address too, and mails nothing to it', async () => {
    const response = await app.client().post('/api/auth/forgot-password', { email: 'no-such-user@example.com' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.data, { accepted: true });
    // A known address asked later is mailed; by then the unknown one would have been too.
    const { email } = await fakeUser(app.orm);
    await resetLink(email);
    assert.equal((await mailsTo(app.orm, 'no-such-user@example.com')).length, 0);
  });

  it('validates the token, sets the new password once, and ends the user’s other sessions', async () => {
    const user = await fakeUser(app.orm);
    const elsewhere = app.client();
    await signIn(elsewhere, user);
    const { token } = await resetLink(user.email);
    const client = app.client();
    const q = `token=${encodeURIComponent(token)}&captchaToken=t`;

    const valid = await client.get(`/api/auth/validate-reset-token?${q}`);
    assert.equal(valid.status, 200);
    assert.deepEqual(valid.data, { valid: true, email: user.email });
    assert.equal((await client.get(`/api/auth/validate-reset-token?${q}`)).status, 200, 'validating does not use the token up');

    const done = await client.post(`/api/auth/reset-password?${q}`, { newPassword });
    assert.equal(done.status, 200);
    assert.deepEqual(done.data, { reset: true });

    assert.equal((await elsewhere.get('/api/auth/status')).data.authenticated, false, 'the other session was ended');
    assert.equal((await app.client().post('/api/auth/login', { email: user.email, password: user.password })).status, 401);
    await signIn(app.client(), { email: user.email, password: newPassword });

    const reused = await client.post(`/api/auth/reset-password?${q}`, { newPassword: 'Another-Strong-Pass-9' });
    assert.equal(reused.status, 400);
    assert.equal(reused.data.code, 'reset_token_used');
    const revalidated = await client.get(`/api/auth/validate-reset-token?${q}`);
    assert.equal(revalidated.status, 400);
    assert.equal(revalidated.data.code, 'reset_token_used');
    await signIn(app.client(), { email: user.email, password: newPassword });
  });

  it('keeps the session of the user who resets while signed in', async () => {
    const user = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, user);
    const { token } = await resetLink(user.email);
    assert.equal((await browser.post(`/api/auth/reset-password?token=${encodeURIComponent(token)}`, { newPassword })).status, 200);
    assert.equal((await browser.get('/api/auth/status')).data.authenticated, true);
  });

  it('refuses a weak new password without using the token up', async () => {
    const user = await fakeUser(app.orm);
    const { token } = await resetLink(user.email);
    const q = `token=${encodeURIComponent(token)}`;
    const weak = await app.client().post(`/api/auth/reset-password?${q}`, { newPassword: 'letmein1' });
    assert.equal(weak.status, 400);
    assert.match(weak.data.fields.newPassword, /too common/);
    const short = await app.client().post(`/api/auth/reset-password?${q}`, { newPassword: 'Ab1!' });
    assert.match(short.data.fields.newPassword, /at least 8/);
    assert.equal((await app.client().post(`/api/auth/reset-password?${q}`, { newPassword })).status, 200);
  });

  it('keeps earlier links good until one is used, since anybody may ask for another; using one ends the others', async () => {
    const user = await fakeUser(app.orm);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    assert.equal((await app.client().get(`/api/auth/validate-reset-token?token=${encodeURIComponent(first.token)}`)).status, 200);
    assert.equal((await app.client().post(`/api/auth/reset-password?token=${encodeURIComponent(second.token)}`, { newPassword })).status, 200);
    const ended = await app.client().get(`/api/auth/validate-reset-token?token=${encodeURIComponent(first.token)}`);
    assert.equal(ended.status, 400);
    assert.equal(ended.data.code, 'reset_token_expired');
  });

  it('refuses an expired or unknown token with a clear 400', async () => {
    const user = await fakeUser(app.orm);
    const second = await resetLink(user.email);

    await app.orm.em.fork().nativeUpdate(AccountTokenSchema, { user: user.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await app.client().post(`/api/auth/reset-password?token=${encodeURIComponent(second.token)}`, { newPassword });
    assert.equal(expired.status, 400);
    assert.equal(expired.data.code, 'reset_token_expired');
    assert.match(expired.data.message, /expired/);
    await signIn(app.client(), user);

    const unknown = await app.client().get('/api/auth/validate-reset-token?token=nope');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.data.code, 'reset_token_invalid');
    assert.match(unknown.data.message, /not valid/);
  });

  it('proves the address: an unverified user who resets can sign in, and the account’s failed attempts are forgotten', async () => {
    const user = await fakeUser(app.orm, { emailVerifiedAt: null });
    for (let i = 0; i < 5; i += 1) await app.client().post('/api/auth/login', { email: user.email, password: 'wrong' });
    assert.equal((await app.client().post('/api/auth/login', { email: user.email, password: user.password })).status, 429);
    const { token } = await resetLink(user.email);
    assert.equal((await app.client().post(`/api/auth/reset-password?token=${encodeURIComponent(token)}`, { newPassword })).status, 200);
    assert.ok((await app.orm.em.fork().findOneOrFail(UserSchema, { id: user.user.id })).emailVerifiedAt);
    await signIn(app.client(), { email: user.email, password: newPassword });
  });
});
