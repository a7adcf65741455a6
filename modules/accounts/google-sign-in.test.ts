import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn } from '../../tests/helpers/accounts.ts';
import { startFakeGoogle } from '../../tests/helpers/fake-google.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from './index.ts';

const clientId = 'test-client.apps.googleusercontent.com';

describe('Google sign-in', () => {
  let app: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  before(async () => {
    google = await startFakeGoogle(clientId);
    app = await startTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: google.jwksUrl });
  });
  after(async () => {
    await app.close();
    await google.close();
  });

  const claims = (overrides: Record<string, unknown> = {}) => ({
    sub: `google-${randomUUID()}`,
    email: `meron-${randomUUID()}@gmail.com`,
    given_name: 'Meron',
    family_name: 'Haile',
    ...overrides,
  });

  it('creates a verified account for a new Google user and signs in with a fresh session', async () => {
    const browser = app.client();
    browser.lang = 'am';
    const identity = claims();
    const response = await browser.post('/api/auth/google', { credential: await google.credential(identity) });
    assert.equal(response.status, 200);
    assert.equal(response.data.email, identity.email);
    assert.equal(response.data.firstName, 'Meron');
    assert.equal(response.data.lastName, 'Haile');
    assert.equal(response.data.emailVerified, true);
    assert.equal(response.data.googleLinked, true);
    assert.equal(response.data.language, 'am');
    assert.equal(response.data.admin, false);
    assert.doesNotMatch(response.text, new RegExp(identity.sub), 'the Google subject id is not exposed');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    assert.match(cookie ?? '', /httponly/i);
    assert.equal((await browser.get('/api/auth/status')).data.user.id, response.data.id);

    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { id: response.data.id }, { populate: ['passwordHash'] });
    assert.equal(stored.googleSubject, identity.sub);
    assert.equal(stored.passwordHash, null);

    // The same Google account again: the same user, even when its e-mail changed at Google.
    const again = await app.client().post('/api/auth/google', { credential: await google.credential({ ...identity, email: 'renamed@gmail.com' }) });
    assert.equal(again.status, 200);
    assert.equal(again.data.id, response.data.id);
  });

  it('links an existing account with the same e-mail; its password keeps working', async () => {
    const existing = await fakeUser(app.orm, { email: `linked-${randomUUID()}@gmail.com` });
    const identity = claims({ email: existing.email.toUpperCase() });
    const response = await app.client().post('/api/auth/google', { credential: await google.credential(identity) });
    assert.equal(response.status, 200);
    assert.equal(response.data.id, existing.user.id);
    assert.equal(response.data.googleLinked, true);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: existing.user.id })).googleSubject, identity.sub);
    await signIn(app.client(), existing);
  });

  it('takes an unverified account over from whoever chose its password: that password stops working', async () => {
    const squatter = await fakeUser(app.orm, { email: `victim-${randomUUID()}@gmail.com`, emailVerifiedAt: null });
    const identity = claims({ email: squatter.email });
    const response = await app.client().post('/api/auth/google', { credential: await google.credential(identity) });
    assert.equal(response.status, 200);
    assert.equal(response.data.emailVerified, true);
    const attempt = await app.client().post('/api/auth/login', { email: squatter.email, password: squatter.password });
    assert.equal(attempt.status, 401);
  });

  it('refuses a forged, wrong-audience, wrong-issuer, expired or unverified-e-mail credential with 401', async () => {
    const cases: Array<[string, Promise<string>]> = [
      ['forged', google.credential(claims(), { forged: true })],
      ['wrong audience', google.credential(claims(), { audience: 'someone-else.apps.googleusercontent.com' })],
      ['wrong issuer', google.credential(claims(), { issuer: 'https://evil.example.com' })],
      ['expired', google.credential(claims(), { expiresIn: -3600 })],
      ['unverified e-mail', google.credential(claims({ email_verified: false }))],
      ['not a JWT', Promise.resolve('definitely.not.a-jwt')],
    ];
    const before = await app.orm.em.fork().count(UserSchema);
    for (const [name, credential] of cases) {
      const client = app.client();
      const response = await client.post('/api/auth/google', { credential: await credential });
      assert.equal(response.status, 401, name);
      assert.equal(response.data.code, 'google_credential_invalid', name);
      assert.equal(client.cookies.has('sid'), false, name);
    }
    assert.equal(await app.orm.em.fork().count(UserSchema), before, 'no account made from a bad credential');
    // The issuer without a scheme is Google's too.
    const plain = await app.client().post('/api/auth/google', { credential: await google.credential(claims(), { issuer: 'accounts.google.com' }) });
    assert.equal(plain.status, 200);
  });

  it('refuses a missing credential with 400', async () => {
    const response = await app.client().post('/api/auth/google', {});
    assert.equal(response.status, 400);
    assert.ok(response.data.fields.credential);
  });

  it('refuses a Google account whose e-mail belongs to an account linked to another Google account', async () => {
    const linked = await fakeUser(app.orm, { email: `twice-${randomUUID()}@gmail.com`, googleSubject: `google-${randomUUID()}` });
    const response = await app.client().post('/api/auth/google', { credential: await google.credential(claims({ email: linked.email })) });
    assert.equal(response.status, 409);
    assert.equal(response.data.code, 'google_account_conflict');
  });
});

describe('Google sign-in not configured or unreachable', () => {
  it('answers 503 with a clear message when GOOGLE_CLIENT_ID is not set', async () => {
    const app = await startTestApp();
    try {
      const response = await app.client().post('/api/auth/google', { credential: 'anything' });
      assert.equal(response.status, 503);
      assert.equal(response.data.code, 'google_sign_in_disabled');
      assert.match(response.data.message, /not set up/);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when Google’s keys cannot be fetched, not 401', async () => {
    const google = await startFakeGoogle(clientId);
    const credential = await google.credential({ sub: 'x', email: 'x@gmail.com' });
    const jwksUrl = google.jwksUrl;
    await google.close();
    const app = await startTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwksUrl });
    try {
      const response = await app.client().post('/api/auth/google', { credential });
      assert.equal(response.status, 503);
      assert.equal(response.data.code, 'google_unavailable');
    } finally {
      await app.close();
    }
  });
});
