import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, tokenFrom, waitFor, waitForMail } from '../../tests/helpers/accounts.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { listOutbox } from '../mail/index.ts';
import { argon2Parameters, createAccountService, UserSchema } from './index.ts';
import { AccountTokenSchema } from './account-token.entity.ts';
import { mailRequestLimits } from './account.service.ts';

/** These suites are about passwords: the app hashes as in production. */
const realHashing = { passwordHashing: argon2Parameters };

// An https PUBLIC_URL would make cookies Secure, which Koa refuses to send over the tests' plain http.
const publicUrl = 'http://fund.example.org:8080';
const strong = 'Gojo-Tena-2026!';

function registration(overrides: Record<string, unknown> = {}) {
  return { email: `new-${Math.random().toString(36).slice(2)}@example.com`, password: strong, firstName: 'Selam', lastName: 'Bekele', ...overrides };
}

describe('registration and e-mail verification', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl }, realHashing);
  });
  after(() => app.close());

  it('creates the user (201, nothing about the account in the answer), and mails an English verification link', async () => {
    const body = registration({ email: 'Selam.Bekele@Example.com' });
    const { status, data } = await app.client().post('/api/auth/register', body);
    assert.equal(status, 201);
    assert.deepEqual(data, { accepted: true });

    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { email: 'selam.bekele@example.com' }, { populate: ['passwordHash'] });
    assert.equal(stored.firstName, 'Selam');
    assert.equal(stored.lastName, 'Bekele');
    assert.equal(stored.admin, false);
    assert.equal(stored.language, 'en');
    assert.match(stored.passwordHash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    assert.equal(stored.emailVerifiedAt, null);

    const mail = await waitForMail(app.orm, 'selam.bekele@example.com');
    assert.match(mail.subject, /Confirm your e-mail address/);
    assert.match(mail.text, /^Hello,$/m, 'nobody has proved the address yet: no name typed at sign-up');
    assert.match(mail.text, /24 hours/);
    const token = tokenFrom(mail.text, '/verify-email', publicUrl);
    assert.ok(Buffer.from(token, 'base64url').length >= 32, 'a 32-byte random token');
    assert.ok(mail.html?.includes(`${publicUrl}/verify-email?token=`));

    // Only the SHA-256 of the token is stored.
    const rows = await app.orm.em.fork().find(AccountTokenSchema, { user: stored.id });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, createHash('sha256').update(token).digest('hex'));
    assert.equal(await app.orm.em.fork().count(AccountTokenSchema, { tokenHash: token }), 0);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    assert.ok(Math.abs(lifetime - 24 * 60 * 60_000) < 2000, 'valid for 24 hours');
  });

  it('mails in Amharic when the user chose Amharic', async () => {
    const body = registration({ language: 'am', firstName: 'ሰላም' });
    assert.equal((await app.client().post('/api/auth/register', body)).status, 201);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { email: body.email as string })).language, 'am');
    const mail = await waitForMail(app.orm, body.email as string);
    assert.match(mail.subject, /ኢሜይል አድራሻዎን ያረጋግጡ/);
    assert.match(mail.text, /^ሰላም፣$/m);
    assert.match(mail.text, /ለ24 ሰዓት/);
    assert.doesNotMatch(mail.text, /Hello|Welcome/);
    tokenFrom(mail.text, '/verify-email', publicUrl);
  });

  it('takes the language of the request when the body names none', async () => {
    const client = app.client();
    client.lang = 'am';
    const body = registration();
    await client.post('/api/auth/register', body);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { email: body.email as string })).language, 'am');
    assert.match((await waitForMail(app.orm, body.email as string)).subject, /ያረጋግጡ/);
  });

  it('answers an address that already has an account exactly as a new one, changes nothing, and mails its owner instead', async () => {
    const owner = await fakeUser(app.orm, { email: 'taken@example.com', firstName: 'Meron', language: 'am', emailVerifiedAt: null });
    const before = await app.orm.em.fork().findOneOrFail(UserSchema, { id: owner.user.id }, { populate: ['passwordHash'] });
    const fresh = await app.client().post('/api/auth/register', registration());
    const again = await app.client().post('/api/auth/register', registration({ email: ' TAKEN@Example.COM ', firstName: 'Impostor', language: 'en' }));
    assert.equal(again.status, fresh.status);
    assert.deepEqual(again.data, fresh.data);
    assert.deepEqual(
      [...again.headers.keys()].filter((name) => !['date', 'x-request-id', 'set-cookie'].includes(name)),
      [...fresh.headers.keys()].filter((name) => !['date', 'x-request-id', 'set-cookie'].includes(name)),
    );

    // In the owner's language, not the one the form was sent in; links to sign in and to reset, and no secret.
    const mail = await waitForMail(app.orm, 'taken@example.com');
    assert.match(mail.subject, /መለያ አስቀድሞ አለዎት/);
    assert.match(mail.text, /^ሰላም፣$/m, 'an unverified account’s name is whoever signed up’s');
    assert.ok(mail.text.includes(`${publicUrl}/am/login`));
    assert.ok(mail.text.includes(`${publicUrl}/am/reset-password`));
    assert.ok(mail.html?.includes(`href="${publicUrl}/am/reset-password"`));
    assert.doesNotMatch(mail.text, /token=/);

    const after = await app.orm.em.fork().findOneOrFail(UserSchema, { id: owner.user.id }, { populate: ['passwordHash'] });
    assert.deepEqual(after, before, 'the existing account is untouched');
    assert.equal(await app.orm.em.fork().count(UserSchema, { email: 'taken@example.com' }), 1);
    assert.equal(await app.orm.em.fork().count(AccountTokenSchema, { user: owner.user.id }), 0, 'no verification link for it either');
    await signIn(app.client(), { email: owner.email, password: owner.password }).then(
      () => assert.fail('still unverified'),
      (error: Error) => assert.match(error.message, /403/),
    );
  });

  it('mails an English-speaking owner in English, and only a few times an hour however often the address is registered', async () => {
    const owner = await fakeUser(app.orm, { firstName: 'Dawit' });
    const client = app.client();
    for (let i = 0; i < 7; i += 1) assert.equal((await client.post('/api/auth/register', registration({ email: owner.email }))).status, 201);
    const first = await waitForMail(app.orm, owner.email);
    assert.match(first.subject, /You already have an EthioFundraise account/);
    assert.match(first.text, /Hello Dawit,/);
    assert.ok(first.text.includes(`${publicUrl}/login\n`));
    assert.ok(first.text.includes(`${publicUrl}/reset-password\n`));
    // A later registration of another address is mailed after the ones above would have been.
    const marker = registration();
    await client.post('/api/auth/register', marker);
    await waitForMail(app.orm, marker.email as string);
    assert.equal((await mailsTo(app.orm, owner.email)).length, 5);
  });

  it('mails an existing account’s owner no more than the quota of 50 notes due at once', async () => {
    const owner = await fakeUser(app.orm);
    const accounts = createAccountService({ mailer: app.mailer, publicUrl, secret: 'notes-secret', ownsAvatar: async () => false, avatarUrl: async () => null });
    await Promise.all(Array.from({ length: 50 }, () => accounts.sendRegistrationMail(app.orm.em.fork(), { userId: owner.user.id, created: false })));
    assert.equal((await mailsTo(app.orm, owner.email)).length, mailRequestLimits.perEmail.limit);
  });

  it('refuses weak passwords, bad e-mails and missing names with a message per field, and stores nothing', async () => {
    const client = app.client();
    const before = await app.orm.em.fork().count(UserSchema);

    const short = await client.post('/api/auth/register', registration({ password: 'Ab1!x' }));
    assert.equal(short.status, 400);
    assert.match(short.data.fields.password, /at least 8 characters/);

    for (const common of ['password1', 'Sunshine2024!', 'qwertyuiop', 'iloveyou', 'ethiopia123', '11111111']) {
      const response = await client.post('/api/auth/register', registration({ password: common }));
      assert.equal(response.status, 400, common);
      assert.match(response.data.fields.password, /too common/, common);
    }

    const own = await client.post('/api/auth/register', registration({ email: 'kebede.alemu@example.com', password: 'kebede.alemu@example.com' }));
    assert.equal(own.status, 400);
    assert.match(own.data.fields.password, /e-mail address or your name/);

    const invalid = await client.post('/api/auth/register', { email: 'not-an-email', password: strong, firstName: ' ', extra: true });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.data.code, 'validation_failed');
    assert.match(invalid.data.fields.email, /valid e-mail/);
    assert.match(invalid.data.fields.firstName, /required/);
    assert.match(invalid.data.fields.lastName, /required/);
    assert.match(invalid.data.fields.extra, /not expected/);

    const amharic = app.client();
    amharic.lang = 'am';
    const weak = await amharic.post('/api/auth/register', registration({ password: 'password123' }));
    assert.match(weak.data.fields.password, /የተለመደ/);

    assert.equal(await app.orm.em.fork().count(UserSchema), before);
  });

  it('verifies the e-mail with the mailed token once; a used, expired or unknown token gets a clear 400', async () => {
    const body = registration();
    await app.client().post('/api/auth/register', body);
    const token = tokenFrom((await waitForMail(app.orm, body.email as string)).text, '/verify-email', publicUrl);
    const client = app.client();

    const verified = await client.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(token)}&captchaToken=x`);
    assert.equal(verified.status, 200);
    assert.deepEqual(verified.data, { verified: true, email: body.email });
    const user = await app.orm.em.fork().findOneOrFail(UserSchema, { email: body.email as string });
    assert.ok(user.emailVerifiedAt instanceof Date);

    const reused = await client.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(token)}`);
    assert.equal(reused.status, 400);
    assert.equal(reused.data.code, 'verification_token_used');
    assert.match(reused.data.message, /already been used/);

    const unknown = await client.get('/api/auth/validate-verification-token?token=made-up-token');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.data.code, 'verification_token_invalid');

    const missing = await client.get('/api/auth/validate-verification-token');
    assert.equal(missing.status, 400);
    assert.ok(missing.data.fields.token);

    const late = registration();
    await app.client().post('/api/auth/register', late);
    const lateToken = tokenFrom((await waitForMail(app.orm, late.email as string)).text, '/verify-email', publicUrl);
    const lateUser = await app.orm.em.fork().findOneOrFail(UserSchema, { email: late.email as string });
    await app.orm.em.fork().nativeUpdate(AccountTokenSchema, { user: lateUser.id }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await client.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(lateToken)}`);
    assert.equal(expired.status, 400);
    assert.equal(expired.data.code, 'verification_token_expired');
    assert.match(expired.data.message, /expired/);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: lateUser.id })).emailVerifiedAt, null);
  });

  it('sends a new verification link on request (old one stops working), and answers the same for unknown and verified accounts', async () => {
    const body = registration();
    await app.client().post('/api/auth/register', body);
    const first = await waitForMail(app.orm, body.email as string);
    const oldToken = tokenFrom(first.text, '/verify-email', publicUrl);

    const client = app.client();
    const again = await client.post('/api/auth/regenerate-verification-token?captchaToken=x', { email: (body.email as string).toUpperCase() });
    assert.equal(again.status, 200);
    assert.deepEqual(again.data, { accepted: true });
    const second = await waitForMail(app.orm, body.email as string, /Confirm/, { after: first.id });
    const newToken = tokenFrom(second.text, '/verify-email', publicUrl);
    assert.notEqual(newToken, oldToken);

    const stale = await client.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(oldToken)}`);
    assert.equal(stale.status, 400);
    assert.equal(stale.data.code, 'verification_token_expired');

    const unknown = await client.post('/api/auth/regenerate-verification-token', { email: 'nobody-here@example.com' });
    assert.equal(unknown.status, 200);
    assert.deepEqual(unknown.data, again.data, 'the same answer whether or not the account exists');

    assert.equal((await client.get(`/api/auth/validate-verification-token?token=${encodeURIComponent(newToken)}`)).status, 200);
    const verifiedAgain = await client.post('/api/auth/regenerate-verification-token', { email: body.email });
    assert.deepEqual(verifiedAgain.data, again.data);

    // A later request for another account is mailed; by then the two above would have been too.
    const marker = registration();
    await app.client().post('/api/auth/register', marker);
    const markerFirst = await waitForMail(app.orm, marker.email as string);
    await client.post('/api/auth/regenerate-verification-token', { email: marker.email });
    await waitForMail(app.orm, marker.email as string, /Confirm/, { after: markerFirst.id });
    assert.equal((await mailsTo(app.orm, 'nobody-here@example.com')).length, 0);
    assert.equal((await mailsTo(app.orm, body.email as string)).length, 2, 'no mail for an account already verified');
  });

  it('puts no name typed at sign-up into mails to an address nobody has proved, so they relay nothing', async () => {
    const spam = { firstName: 'Visit spam.example', lastName: 'www.pills.example' };
    const body = registration(spam);
    const email = body.email as string;
    assert.equal((await app.client().post('/api/auth/register', body)).status, 201);
    const verification = await waitForMail(app.orm, email, /Confirm/);
    await app.client().post('/api/auth/forgot-password', { email });
    const reset = await waitForMail(app.orm, email, /Reset/);
    await app.client().post('/api/auth/register', registration({ ...spam, email }));
    const existing = await waitForMail(app.orm, email, /already have/);
    for (const mail of [verification, reset, existing]) {
      assert.match(mail.text, /^Hello,$/m, mail.subject);
      assert.doesNotMatch(`${mail.subject}\n${mail.text}\n${mail.html}`, /spam|pills|Visit/, mail.subject);
    }
  });

  it('limits verification mails per address with 429 and Retry-After', async () => {
    const client = app.client();
    const email = `flood-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) assert.equal((await client.post('/api/auth/regenerate-verification-token', { email })).status, 200);
    const limited = await client.post('/api/auth/regenerate-verification-token', { email });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });
});

describe('verification mail through SMTP', () => {
  it('reaches the SMTP server with the link', async () => {
    const smtp = await startSmtpCatcher();
    const app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: publicUrl }, realHashing);
    try {
      const body = registration();
      assert.equal((await app.client().post('/api/auth/register', body)).status, 201);
      await waitFor(async () => (await listOutbox(app.orm.em.fork(), { limit: 1 }))[0]?.status === 'SENT', 'the mail to be delivered');
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(smtp.mails[0]!.to, [body.email]);
      // Quoted-printable soft line breaks and escapes undone, the link must be intact.
      const raw = smtp.mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const token = tokenFrom(raw, '/verify-email', publicUrl);
      // Once delivered, the outbox no longer holds the live link: tokens exist only as hashes on our side.
      const [row] = await listOutbox(app.orm.em.fork(), { limit: 1 });
      assert.equal(row?.status, 'SENT');
      assert.ok(!row?.text.includes(token) && !row?.html?.includes(token));
      assert.equal((await app.client().get(`/api/auth/validate-verification-token?token=${encodeURIComponent(token)}`)).status, 200);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
