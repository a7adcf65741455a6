import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AppError } from '../../kernel/http/index.ts';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { startFakeRecaptcha } from '../../tests/helpers/fake-recaptcha.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { resetUnder } from '../rate-limits/index.ts';
import { FlagSchema } from './flag.entity.ts';
import { createFlagService, flagLimits } from './flag.service.ts';

describe('reports of comments and fundraisers', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let fundraiser: Fundraiser;

  const flags = (targetType: string, targetId: number) => app.orm.em.fork().find(FlagSchema, { targetType: targetType as 'COMMENT', targetId }, { orderBy: { id: 'asc' } });
  /** Every test client comes from the same address: the counter is emptied where a test reports much. */
  const forgetLimits = () => resetUnder(app.orm.em.fork(), 'flag');

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm);
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
    fundraiser = await fakeFundraiser(app.orm, organiser.user);
  });
  after(() => app.close());

  it('stores a visitor’s report with a keyed hash of their address, and counts a repeated one once', async () => {
    const visitor = app.client();
    const first = await visitor.post('/api/flags', { targetType: 'FUNDRAISER', targetId: fundraiser.id, reason: 'FRAUD', details: '  The same photos are on another site.\r\nPlease check.  ' });
    assert.equal(first.status, 202, first.text);
    assert.deepEqual(first.data, { accepted: true });
    const again = await app.client().post('/api/flags', { targetType: 'FUNDRAISER', targetId: fundraiser.id, reason: 'SPAM' });
    assert.equal(again.status, 202, 'the same answer: a reporter cannot tell a new report from a repeated one');
    const [stored, ...more] = await flags('FUNDRAISER', fundraiser.id);
    assert.deepEqual(more, [], 'one reporter (one address), one report');
    assert.equal(stored!.reason, 'FRAUD', 'the first report stands');
    assert.equal(stored!.details, 'The same photos are on another site.\nPlease check.');
    assert.equal(stored!.reporter, null);
    assert.match(stored!.reporterKey, /^address:[0-9a-f]{40}$/);
    assert.doesNotMatch(stored!.reporterKey, /127\.0\.0\.1|::1/, 'the address itself is not kept');
  });

  it('counts each signed-in reporter once, apart from visitors, and reports comments as well', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const reporters = await Promise.all([1, 2].map(() => fakeUser(app.orm)));
    const clients = await Promise.all(
      reporters.map(async (r) => {
        const client = app.client();
        await signIn(client, r);
        return client;
      }),
    );
    const comment = await clients[0]!.post('/api/comments', { fundraiserId: f.id, userId: reporters[0]!.user.id, content: 'Call me on +251 911 000 000 for a loan' });
    assert.equal(comment.status, 201);
    for (const client of [...clients, ...clients]) {
      assert.equal((await client.post('/api/flags', { targetType: 'COMMENT', targetId: comment.data.id, reason: 'SPAM' })).status, 202);
    }
    assert.equal((await app.client().post('/api/flags', { targetType: 'COMMENT', targetId: comment.data.id, reason: 'ABUSE', details: '' })).status, 202);
    const stored = await flags('COMMENT', comment.data.id);
    assert.deepEqual(
      stored.map((s) => [s.reporter?.id ?? null, s.reporterKey.split(':')[0], s.reason, s.details ?? null]),
      [
        [reporters[0]!.user.id, 'user', 'SPAM', null],
        [reporters[1]!.user.id, 'user', 'SPAM', null],
        [null, 'address', 'ABUSE', null],
      ],
    );
    assert.equal(await app.orm.em.fork().count(FlagSchema, { targetType: 'FUNDRAISER', targetId: f.id }), 0, 'a comment’s report is not its fundraiser’s');
  });

  it('answers 404 for what the reporter cannot see: unknown targets, hidden comments, suspended fundraisers', async () => {
    await forgetLimits();
    const visitor = app.client();
    const report = (targetType: string, targetId: number) => visitor.post('/api/flags', { targetType, targetId, reason: 'OTHER' });
    const unknownFundraiser = await report('FUNDRAISER', 99_999_999);
    assert.equal(unknownFundraiser.status, 404);
    assert.equal(unknownFundraiser.data.code, 'fundraiser_not_found');
    const unknownComment = await report('COMMENT', 99_999_999);
    assert.equal(unknownComment.status, 404);
    assert.equal(unknownComment.data.code, 'comment_not_found');

    const posted = await asOrganiser.post('/api/comments', { fundraiserId: fundraiser.id, userId: organiser.user.id, content: 'To be deleted' });
    await asOrganiser.delete(`/api/comments/${posted.data.id}`);
    assert.equal((await report('COMMENT', posted.data.id)).status, 404);

    const suspended = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED' });
    assert.equal((await report('FUNDRAISER', suspended.id)).status, 404);
    assert.equal((await asOrganiser.post('/api/flags', { targetType: 'FUNDRAISER', targetId: suspended.id, reason: 'OTHER' })).status, 202, 'its organiser sees it');
    assert.equal(await app.orm.em.fork().count(FlagSchema, { targetId: { $in: [99_999_999, posted.data.id] } }), 0);
  });

  it('refuses bad input with a message per field and stores nothing', async () => {
    const before = await app.orm.em.fork().count(FlagSchema);
    const refused = async (body: unknown, field: string, message: RegExp) => {
      const answer = await app.client().post('/api/flags', body);
      assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(answer.data.fields[field], message, `${field}: ${answer.data.fields[field]}`);
    };
    const valid = { targetType: 'FUNDRAISER', targetId: fundraiser.id, reason: 'SPAM' };
    await refused({ ...valid, targetType: 'USER' }, 'targetType', /COMMENT, FUNDRAISER/);
    await refused({ ...valid, reason: 'BORING' }, 'reason', /SPAM, ABUSE, FRAUD, OTHER/);
    await refused({ targetType: 'FUNDRAISER', targetId: fundraiser.id }, 'reason', /Choose one of/);
    await refused({ ...valid, targetId: '1' }, 'targetId', /number/);
    await refused({ ...valid, targetId: -3 }, 'targetId', /at least 1/);
    await refused({ ...valid, details: 'x'.repeat(1001) }, 'details', /at most 1000/);
    await refused({ ...valid, details: 'x'.repeat(1_000_000) }, 'details', /at most 1000/);
    await refused({ ...valid, details: 'a\u0000b' }, 'details', /control or text-direction/);
    await refused({ ...valid, details: { html: '<b>' } }, 'details', /not valid/);
    await refused({ ...valid, extra: true }, 'extra', /not expected/);
    assert.equal(await app.orm.em.fork().count(FlagSchema), before);
  });

  it('stores at most 3 reports of one target from one address a day, however many accounts report it, and answers each the same', async () => {
    await forgetLimits();
    const target = await fakeFundraiser(app.orm, organiser.user);
    const other = await fakeFundraiser(app.orm, organiser.user);
    const reporters = await Promise.all(Array.from({ length: 5 }, () => fakeUser(app.orm)));
    const clients = [app.client(), ...(await Promise.all(reporters.map(async (r) => {
      const client = app.client();
      await signIn(client, r);
      return client;
    })))];
    for (const client of clients) {
      const answer = await client.post('/api/flags', { targetType: 'FUNDRAISER', targetId: target.id, reason: 'FRAUD' });
      assert.equal(answer.status, 202, answer.text);
      assert.deepEqual(answer.data, { accepted: true });
    }
    assert.equal((await flags('FUNDRAISER', target.id)).length, 3, 'six reporters behind one address: three reports');
    assert.equal((await clients[1]!.post('/api/flags', { targetType: 'FUNDRAISER', targetId: other.id, reason: 'SPAM' })).status, 202);
    assert.equal((await flags('FUNDRAISER', other.id)).length, 1, 'another target has its own three');
    await forgetLimits();
  });

  it('stores at most 3 of 50 reports of one target made at once from one address, and counts only the stored', async () => {
    await forgetLimits();
    const target = await fakeFundraiser(app.orm, organiser.user);
    const reporters = await Promise.all(Array.from({ length: 25 }, async () => (await fakeUser(app.orm)).user));
    // Straight through the service, so that the reports' steps interleave (over HTTP, SQLite's
    // one connection answers each request's statements in turn); each reporter twice, and a
    // repeated report is the same one.
    const service = createFlagService({ secret: 'flag-burst-secret' });
    const outcomes = await Promise.allSettled(
      [...reporters, ...reporters].map((user) => service.report(app.orm.em.fork(), { targetType: 'FUNDRAISER', targetId: target.id, reason: 'FRAUD' }, { user, ip: '203.0.113.50' })),
    );
    for (const outcome of outcomes) if (outcome.status === 'rejected') assert.equal((outcome.reason as AppError).status, 429);
    const stored = (await flags('FUNDRAISER', target.id)).length;
    assert.ok(stored >= 1 && stored <= flagLimits.perTargetPerAddress.limit, `${stored} stored`);

    const other = await fakeFundraiser(app.orm, organiser.user);
    for (const user of [reporters[0]!, reporters[0]!, reporters[1]!, reporters[2]!, reporters[3]!]) {
      await service.report(app.orm.em.fork(), { targetType: 'FUNDRAISER', targetId: other.id, reason: 'SPAM' }, { user, ip: '203.0.113.51' });
    }
    const kept = (await flags('FUNDRAISER', other.id)).map((flag) => flag.reporter?.id);
    assert.deepEqual(kept, reporters.slice(0, 3).map(({ id }) => id), 'the repeated report took none of the three places');
    await forgetLimits();
  });

  it('limits reports per address, with Retry-After', async () => {
    await forgetLimits();
    const visitor = app.client();
    const targets = await Promise.all(Array.from({ length: flagLimits.perAddress.limit + 1 }, () => fakeFundraiser(app.orm, organiser.user)));
    for (const f of targets.slice(0, -1)) assert.equal((await visitor.post('/api/flags', { targetType: 'FUNDRAISER', targetId: f.id, reason: 'SPAM' })).status, 202);
    const limited = await visitor.post('/api/flags', { targetType: 'FUNDRAISER', targetId: targets.at(-1)!.id, reason: 'SPAM' });
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assert.equal(await app.orm.em.fork().count(FlagSchema, { targetId: targets.at(-1)!.id }), 0);
    await forgetLimits();
  });
});

describe('reports with the bot check on', () => {
  it('needs a person’s token for the report action', async () => {
    const secret = 'test-recaptcha-secret';
    const recaptcha = await startFakeRecaptcha(secret);
    const app = await startTestApp({ RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: recaptcha.url });
    try {
      const owner = await fakeUser(app.orm);
      const f = await fakeFundraiser(app.orm, owner.user);
      const body = { targetType: 'FUNDRAISER', targetId: f.id, reason: 'FRAUD' };
      const missing = await app.client().post('/api/flags', body);
      assert.equal(missing.status, 400);
      assert.equal(missing.data.code, 'captcha_required');
      assert.equal((await app.client().post('/api/flags?captchaToken=bot-1', body)).status, 403);
      assert.equal((await app.client().post('/api/flags?captchaToken=human-donate', body)).status, 403, 'a token made for another action');
      assert.equal((await app.client().post('/api/flags?captchaToken=human-report', body)).status, 202);
      assert.equal(await app.orm.em.fork().count(FlagSchema), 1);
    } finally {
      await app.close();
      await recaptcha.close();
    }
  });
});
