import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { AppError } from '../../kernel/http/index.ts';
import { fakeUser, mailsTo, tokenFrom, waitFor, waitForMail, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeRecaptcha } from '../../tests/helpers/fake-recaptcha.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { RateLimitCounterSchema } from '../rate-limits/index.ts';
import { createAccountService } from './index.ts';
import { loginLimits } from './sign-in-limits.ts';
import { mailRequestLimits } from './account.service.ts';

const publicUrl = 'http://fund.example.org:8080';
const secret = 'lockout-recaptcha-secret';

/** The three ways the sign-in and reset limits could be turned against the people they protect. */
describe('limits that cannot be turned against the owner', () => {
  let app: TestApp;
  let recaptcha: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  let machine = 0;
  before(async () => {
    recaptcha = await startFakeRecaptcha(secret);
    // Client addresses come from X-Forwarded-For, so that one test can play many machines.
    app = await startTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: publicUrl, RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: recaptcha.url });
  });
  after(async () => {
    await app.close();
    await recaptcha.close();
  });

  /** A fresh address each call: the botnet's next machine. */
  const anyAddress = () => {
    machine += 1;
    return `198.51.${(machine >> 8) & 255}.${machine & 255}`;
  };
  const login = (client: TestClient, ip: string, credentials: { email: string; password: string }, captchaToken?: string) =>
    client.post(`/api/auth/login${captchaToken ? `?captchaToken=${captchaToken}` : ''}`, { email: credentials.email, password: credentials.password }, { headers: { 'X-Forwarded-For': ip } });
  const askReset = (email: string, ip: string) => app.client().post('/api/auth/forgot-password?captchaToken=human-reset', { email }, { headers: { 'X-Forwarded-For': ip } });
  /** As if the last minute had passed for the reset counters: their minute's windows end now. */
  const aMinuteLater = () =>
    app.orm.em.fork().nativeUpdate(RateLimitCounterSchema, { bucket: { $like: 'mail:reset:%' }, windowMs: mailRequestLimits.perEmailPastQuota.windowMs }, { endsMs: Date.now() });

  it('rotating addresses pause new browsers, but a passed bot check has the attempt judged, and the answer names the reset', async () => {
    const victim = await fakeUser(app.orm);
    for (let i = 0; i < 25; i += 1) await login(app.client(), anyAddress(), { email: victim.email, password: `guess-${i}` });

    const owner = app.client();
    const home = '203.0.113.5';
    const paused = await login(owner, home, victim);
    assert.equal(paused.status, 429);
    assert.equal(paused.data.code, 'sign_in_paused');
    assert.match(paused.data.message, /reset your password/);
    assert.ok(Number(paused.headers.get('retry-after')) > 0);
    owner.lang = 'am';
    assert.match((await login(owner, home, victim)).data.message, /የይለፍ ቃልዎን/);

    const asBot = await login(owner, home, victim, 'bot-login');
    assert.equal(asBot.status, 403, 'a bot check that fails judges nothing');
    assert.equal(asBot.data.code, 'captcha_failed');
    const judged = await login(owner, home, victim, 'human-login');
    assert.equal(judged.status, 200, judged.text);
    assert.ok(owner.cookies.has('sid'));

    // Guessing that passes bot checks is bounded too; then the reset is the way in.
    for (let i = 0; i < loginLimits.perAccountBotChecked.limit; i += 1) {
      assert.equal((await login(app.client(), anyAddress(), { email: victim.email, password: `checked-${i}` }, 'human-login')).status, 401);
    }
    assert.equal((await login(app.client(), home, victim, 'human-login')).status, 429);
  });

  it('nobody can use up the owner’s reset links: past the quota one more request a minute goes through, and earlier links stay good', async () => {
    const victim = await fakeUser(app.orm);
    for (let i = 0; i < 8; i += 1) await askReset(victim.email, anyAddress());
    await waitForMail(app.orm, victim.email, /Reset/);
    const mailedByOthers = (await mailsTo(app.orm, victim.email)).length;
    assert.ok(mailedByOthers <= 6, `${mailedByOthers} mails: the quota and one more, not one per request`);

    const soon = await askReset(victim.email, '203.0.113.9');
    assert.equal(soon.status, 429);
    assert.equal(soon.data.code, 'mail_link_recent');
    assert.match(soon.data.message, /inbox/);
    assert.ok(Number(soon.headers.get('retry-after')) <= 60, `wait ${soon.headers.get('retry-after')} s, not an hour`);

    await aMinuteLater();
    const before = (await mailsTo(app.orm, victim.email)).reduce((max, m) => Math.max(max, m.id), 0);
    assert.equal((await askReset(victim.email, '203.0.113.9')).status, 200);
    const mine = tokenFrom((await waitForMail(app.orm, victim.email, /Reset/, { after: before })).text, '/reset-password', publicUrl);

    // The attacker asks again: a new mail, and the owner's link still works.
    await aMinuteLater();
    const again = (await mailsTo(app.orm, victim.email)).reduce((max, m) => Math.max(max, m.id), 0);
    assert.equal((await askReset(victim.email, anyAddress())).status, 200);
    await waitForMail(app.orm, victim.email, /Reset/, { after: again });
    const q = `token=${encodeURIComponent(mine)}&captchaToken=human-reset`;
    assert.equal((await app.client().get(`/api/auth/validate-reset-token?${q}`)).status, 200);
    assert.equal((await app.client().post(`/api/auth/reset-password?${q}`, { newPassword: 'Shiro-Wot-Buna-9' })).status, 200);
    assert.equal((await login(app.client(), anyAddress(), { email: victim.email, password: 'Shiro-Wot-Buna-9' })).status, 200);
  });

  it('lets the quota and one more of 50 reset requests for one address made at once through', async () => {
    const victim = await fakeUser(app.orm);
    // Straight through the service, so that the requests' steps interleave (over HTTP, SQLite's
    // one connection answers each request's statements in turn).
    const accounts = createAccountService({ mailer: app.mailer, publicUrl, secret, ownsAvatar: async () => false, avatarUrl: async () => null });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => accounts.limitMailRequests(app.orm.em.fork(), 'reset', victim.email, anyAddress())));
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    assert.ok(passed >= mailRequestLimits.perEmail.limit && passed <= mailRequestLimits.perEmail.limit + mailRequestLimits.perEmailPastQuota.limit, `${passed} passed`);
    for (const outcome of outcomes) if (outcome.status === 'rejected') assert.equal((outcome.reason as AppError).code, 'mail_link_recent');
  });

  it('counts no request its client’s address refuses against the mailbox’s quota', async () => {
    const victim = await fakeUser(app.orm);
    const busy = anyAddress();
    for (let i = 0; i < mailRequestLimits.perAddress.limit; i += 1) assert.equal((await askReset(`nobody-${randomUUID()}@example.com`, busy)).status, 200);
    const refused = await askReset(victim.email, busy);
    assert.deepEqual([refused.status, refused.data.code], [429, 'too_many_requests']);
    for (let i = 0; i < mailRequestLimits.perEmail.limit; i += 1) assert.equal((await askReset(victim.email, anyAddress())).status, 200, `request ${i + 1}`);
    // Mailed after the answers: waited for, so that none is left writing when the app closes.
    await waitFor(async () => (await mailsTo(app.orm, victim.email)).length === mailRequestLimits.perEmail.limit, 'the reset mails');
  });

  it('a shared address that sprays failures stays open to people signing in correctly; past its bound, a bot check lets them through', async () => {
    const nat = '100.64.0.1';
    const people: FakeUser[] = [];
    for (let i = 0; i < 25; i += 1) people.push(await fakeUser(app.orm));
    for (const [i, person] of people.entries()) {
      assert.equal((await login(app.client(), nat, { email: `nobody-${randomUUID()}@example.com`, password: 'Summer2026' })).status, 401);
      assert.equal((await login(app.client(), nat, person)).status, 200, `person ${i + 1}, after ${i + 1} failures from the address`);
    }

    for (let i = people.length; i < loginLimits.perAddress.limit; i += 1) {
      await login(app.client(), nat, { email: `nobody-${randomUUID()}@example.com`, password: 'Summer2026' });
    }
    const someone = await fakeUser(app.orm);
    const paused = await login(app.client(), nat, someone);
    assert.equal(paused.status, 429);
    assert.equal(paused.data.code, 'sign_in_paused');
    assert.equal((await login(app.client(), nat, someone, 'human-login')).status, 200);
    assert.equal((await login(app.client(), '203.0.113.77', await fakeUser(app.orm))).status, 200, 'other addresses are not concerned');
  });
});
