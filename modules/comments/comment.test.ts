import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { storedComment } from '../../tests/helpers/comments.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema, type User } from '../accounts/index.ts';
import { DonationSchema } from '../donations/index.ts';
import { fundraiserKeys, type Fundraiser } from '../fundraisers/index.ts';
import { MediaSchema } from '../media/index.ts';
import { rateLimitEntities, resetUnder } from '../rate-limits/index.ts';
import { CommentLikeSchema, CommentSchema } from './comment.entity.ts';
import { commentErrorCodes } from './comment.errors.ts';
import { commentMessages } from './comment.messages.ts';
import { commentLimits, repeatWindowMs } from './comment.service.ts';
import { recountComments } from './comment.tally.ts';

const [RateLimitCounterSchema] = rateLimitEntities;

describe('comments API', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let asAdmin: TestClient;
  let admin: User;
  let fundraiser: Fundraiser;

  /** A new signed-in user with their own browser. */
  async function person(overrides: Parameters<typeof fakeUser>[1] = {}): Promise<{ user: User; client: TestClient }> {
    const made = await fakeUser(app.orm, overrides);
    const client = app.client();
    await signIn(client, made);
    return { user: made.user, client };
  }

  const comment = (client: TestClient, user: User, fundraiserId: number, content: string) => client.post('/api/comments', { fundraiserId, userId: user.id, content });

  /** Every test client comes from the same address: its comment counter is emptied between tests that post many. */
  const forgetAddressLimit = () => resetUnder(app.orm.em.fork(), 'comment:ip');

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm, { firstName: 'Selam', lastName: 'Bekele' });
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
    ({ client: asAdmin, user: admin } = await person({ admin: true }));
    fundraiser = await fakeFundraiser(app.orm, organiser.user);
  });
  after(() => app.close());

  it('has a message for every error code it answers with, in its own catalogue, in both languages', () => {
    for (const code of commentErrorCodes) {
      assert.ok(Object.hasOwn(commentMessages.en, code), `${code} in the module's catalogue`);
      assert.match(commentMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(commentMessages.am[code], commentMessages.en[code], code);
    }
  });

  it('takes a comment only from a signed-in user in their own name, and answers 201 with it, never an e-mail address', async () => {
    const { user, client } = await person({ firstName: 'Abebe', lastName: 'Kebede' });
    const before = await app.orm.em.fork().count(CommentSchema);

    const anonymous = await app.client().post('/api/comments', { fundraiserId: fundraiser.id, userId: user.id, content: 'Get well soon' });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.data.code, 'unauthorized');
    const impostor = await comment(client, organiser.user, fundraiser.id, 'Get well soon');
    assert.equal(impostor.status, 403);
    assert.equal(impostor.data.code, 'author_mismatch');
    const nowhere = await comment(client, user, 99_999_999, 'Get well soon');
    assert.equal(nowhere.status, 404);
    assert.equal(await app.orm.em.fork().count(CommentSchema), before, 'nothing stored');

    const posted = await comment(client, user, fundraiser.id, '  Get well soon, Hana!\r\nWe pray for you.\n\n  ');
    assert.equal(posted.status, 201, posted.text);
    assert.deepEqual(Object.keys(posted.data).sort(), ['author', 'content', 'createdAt', 'donation', 'id', 'kind', 'likeCount', 'likedByMe']);
    assert.equal(posted.data.kind, 'comment');
    assert.equal(posted.data.content, 'Get well soon, Hana!\nWe pray for you.', 'trimmed, line breaks kept as \\n');
    assert.deepEqual(posted.data.author, { id: user.id, name: 'Abebe Kebede', avatarUrl: null });
    assert.equal(posted.data.likeCount, 0);
    assert.equal(posted.data.likedByMe, false);
    assert.equal(posted.data.donation, null);
    assert.doesNotMatch(posted.text, /@example\.com/);
    const row = await app.orm.em.fork().findOneOrFail(CommentSchema, { id: posted.data.id });
    assert.equal(row.status, 'published');
    assert.equal(row.author?.id, user.id);
    assert.equal(row.content, 'Get well soon, Hana!\nWe pray for you.');

    const listed = (await app.client().get(`/api/comments/${fundraiser.id}`)).data;
    assert.equal(listed.content[0].id, posted.data.id);
    assert.doesNotMatch(JSON.stringify(listed), /@example\.com/);
  });

  it('stores markup and script as the exact text typed, and answers it as such', async () => {
    await forgetAddressLimit();
    const f = await fakeFundraiser(app.orm, organiser.user);
    const payloads = [
      '<script>alert("x")</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg/onload=alert(document.cookie)>',
      'javascript:alert(1)',
      "'; DROP TABLE comment; --",
      '{{constructor.constructor("alert(1)")()}}',
      '&lt;b&gt;already escaped&lt;/b&gt; & <b>bold</b>',
      'ሰላም ለሁላችሁ 🙏 שלום\tend',
    ];
    const { user, client } = await person();
    for (const text of payloads) {
      const posted = await comment(client, user, f.id, text);
      assert.equal(posted.status, 201, posted.text);
      assert.equal(posted.data.content, text);
    }
    const listed = (await app.client().get(`/api/comments/${f.id}?size=20`)).data;
    assert.deepEqual(listed.content.map((c: { content: string }) => c.content).reverse(), payloads);
    const rows = await app.orm.em.fork().find(CommentSchema, { fundraiser: f.id }, { orderBy: { id: 'asc' } });
    assert.deepEqual(rows.map((r) => r.content), payloads);
  });

  it('refuses empty, oversized, control-character and wrongly typed input with a message per field, never a 500', async () => {
    const { user, client } = await person();
    const before = await app.orm.em.fork().count(CommentSchema);
    const refused = async (body: unknown, field: string, message: RegExp, headers?: Record<string, string>) => {
      const answer = await client.post('/api/comments', body, { headers });
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${answer.text.slice(0, 200)}`);
      assert.equal(answer.data.code, 'validation_failed');
      assert.match(answer.data.fields[field], message, `${field}: ${answer.data.fields[field]}`);
    };
    const valid = { fundraiserId: fundraiser.id, userId: user.id, content: 'Thinking of you' };
    await refused({ ...valid, content: '' }, 'content', /required/);
    await refused({ ...valid, content: ' \n\t ' }, 'content', /required/);
    await refused({ ...valid, content: '\u200B\u200C\u200D\uFEFF' }, 'content', /required/);
    await refused({ ...valid, content: ' \u3164 ' }, 'content', /required/);
    await refused({ ...valid, content: 'a'.repeat(2001) }, 'content', /at most 2000 characters/);
    await refused({ ...valid, content: 'a'.repeat(1_000_000) }, 'content', /at most 2000 characters/);
    await refused({ ...valid, content: 'null\u0000byte' }, 'content', /control or text-direction/);
    await refused({ ...valid, content: 'backwards \u202Etxet' }, 'content', /control or text-direction/);
    await refused({ ...valid, content: 12345 }, 'content', /not valid/);
    await refused({ ...valid, content: ['Thinking of you'] }, 'content', /not valid/);
    await refused({ ...valid, fundraiserId: String(fundraiser.id) }, 'fundraiserId', /number/);
    await refused({ ...valid, fundraiserId: 1.5 }, 'fundraiserId', /whole number/);
    await refused({ fundraiserId: fundraiser.id, content: 'Thinking of you' }, 'userId', /required/);
    await refused({ ...valid, html: '<b>' }, 'html', /not expected/);
    await refused({ ...valid, content: 'a'.repeat(2001) }, 'content', /2000/, { 'Accept-Language': 'am' });
    const amharic = await client.post('/api/comments', { ...valid, content: '' }, { headers: { 'Accept-Language': 'am' } });
    assert.match(amharic.data.fields.content, /[\u1200-\u137F]/);
    const notJson = await client.request('POST', '/api/comments', { body: '{"content": "hi"', headers: { 'Content-Type': 'application/json' } });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.data.code, 'invalid_json');
    assert.equal(await app.orm.em.fork().count(CommentSchema), before, 'nothing stored');
  });

  it('refuses the same text from the same person within a minute, even sent twice at once, and takes it after that', async () => {
    const { user, client } = await person();
    const first = await comment(client, user, fundraiser.id, 'Praying for a quick recovery');
    assert.equal(first.status, 201);
    const again = await comment(client, user, fundraiser.id, 'Praying for a quick recovery');
    assert.equal(again.status, 409);
    assert.equal(again.data.code, 'comment_repeated');
    assert.match(again.data.message, /wait a minute/);
    assert.equal((await comment(client, user, fundraiser.id, 'Praying for a quick recovery!')).status, 201, 'other words are another comment');
    const other = await person();
    assert.equal((await comment(other.client, other.user, fundraiser.id, 'Praying for a quick recovery')).status, 201, 'another person may say the same');

    const together = await Promise.all([1, 2, 3].map(() => comment(client, user, fundraiser.id, 'Sent from two tabs at once')));
    assert.deepEqual(together.map((a) => a.status).sort(), [201, 409, 409]);
    assert.equal(await app.orm.em.fork().count(CommentSchema, { author: user.id, content: 'Sent from two tabs at once' }), 1);

    // Repeats refused cost no allowance: a person who double-clicked can still comment.
    for (let i = 0; i < commentLimits.perUser.limit; i += 1) {
      assert.equal((await comment(client, user, fundraiser.id, 'Sent from two tabs at once')).status, 409);
    }
    assert.equal((await comment(client, user, fundraiser.id, 'And one more thing')).status, 201);

    // A minute on, the same words are welcome again.
    const em = app.orm.em.fork();
    const earlier = Date.now() - repeatWindowMs - 5_000;
    await em.nativeUpdate(CommentSchema, { id: first.data.id }, { createdAt: new Date(earlier), repeatKey: `moved:${earlier}` });
    assert.equal((await comment(client, user, fundraiser.id, 'Praying for a quick recovery')).status, 201);
  });

  it('limits comments per person and per address, with Retry-After', async () => {
    await forgetAddressLimit();
    const f = await fakeFundraiser(app.orm, organiser.user);
    const { user, client } = await person();
    for (let i = 0; i < commentLimits.perUser.limit; i += 1) {
      assert.equal((await comment(client, user, f.id, `Message number ${i}`)).status, 201);
    }
    const limited = await comment(client, user, f.id, 'One too many');
    assert.equal(limited.status, 429);
    assert.equal(limited.data.code, 'too_many_requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= commentLimits.perUser.windowMs / 1000, `Retry-After ${retryAfter}`);
    assert.equal(await app.orm.em.fork().count(CommentSchema, { fundraiser: f.id }), commentLimits.perUser.limit);

    // The address has been used perUser.limit times; fill it up from other people's accounts.
    const filled = await app.orm.em.fork().nativeUpdate(RateLimitCounterSchema!, { bucket: { $like: 'comment:ip:%' } }, { hits: commentLimits.perAddress.limit });
    assert.ok(filled > 0, 'comments are counted per address');
    const fresh = await person();
    const crowded = await comment(fresh.client, fresh.user, f.id, 'A new person from a crowded address');
    assert.equal(crowded.status, 429);
    assert.ok(Number(crowded.headers.get('retry-after')) > 0);
    await forgetAddressLimit();
    assert.equal((await comment(fresh.client, fresh.user, f.id, 'A new person from a crowded address')).status, 201);
  });

  it('lists the conversation newest first, paged, with donors’ words of support, leaving out hidden and deleted comments', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB' });
    const supporter = await person({ firstName: 'Meron', lastName: 'Alemu' });
    const avatarEm = app.orm.em.fork();
    const storageKey = randomUUID().replaceAll('-', '');
    const avatar = avatarEm.create(MediaSchema, { storageKey, entityType: 'USER', entityId: supporter.user.id, owner: supporter.user.id, width: 400, height: 400 });
    await avatarEm.flush();
    await avatarEm.nativeUpdate(UserSchema, { id: supporter.user.id }, { avatarMediaId: avatar.id });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const c1 = await storedComment(app.orm, f.id, supporter.user, 'First comment', at(50));
    const c2 = await storedComment(app.orm, f.id, organiser.user, 'Thank you all!', at(30));
    const c3 = await storedComment(app.orm, f.id, supporter.user, 'Newest comment', at(5));
    const gone = await storedComment(app.orm, f.id, supporter.user, 'Deleted by its author', at(4));
    const hidden = await storedComment(app.orm, f.id, supporter.user, 'Hidden by the organiser', at(3));
    const em = app.orm.em.fork();
    await em.nativeUpdate(CommentSchema, { id: gone.id }, { status: 'deleted' });
    await em.nativeUpdate(CommentSchema, { id: hidden.id }, { status: 'hidden', hiddenReason: 'rude' });
    await recountComments(em, f.id);
    const donation = (minutesAgo: number, fields: { message: string | null; donorName: string | null; showAmount: boolean; status?: 'SUCCEEDED' | 'PENDING' }) =>
      em.create(DonationSchema, {
        fundraiser: f.id,
        donor: null,
        amountMinor: 250_000,
        currency: 'ETB',
        message: fields.message,
        showAmount: fields.showAmount,
        donorName: fields.donorName,
        donorEmail: 'giver@example.com',
        status: fields.status ?? 'SUCCEEDED',
        paymentMethod: 'STRIPE',
        creatorSession: null,
        language: 'en',
        createdAt: at(minutesAgo + 1),
        succeededAt: fields.status === 'PENDING' ? null : at(minutesAgo),
      });
    const named = donation(40, { message: 'From the Addis family, with love', donorName: 'Tigist', showAmount: true });
    const anonymous = donation(20, { message: 'Stay strong', donorName: null, showAmount: false });
    donation(10, { message: null, donorName: 'Silent giver', showAmount: true });
    donation(15, { message: '', donorName: 'Blank giver', showAmount: true });
    donation(2, { message: 'Not paid yet', donorName: 'Pending', showAmount: true, status: 'PENDING' });
    await em.flush();

    const first = (await app.client().get(`/api/comments/${f.id}?page=0&size=3`)).data;
    assert.equal(first.totalElements, 5);
    assert.equal(first.totalPages, 2);
    assert.equal(first.page, 0);
    assert.equal(first.size, 3);
    assert.deepEqual(
      first.content.map((i: { kind: string; id: number }) => [i.kind, i.id]),
      [['comment', c3.id], ['donation', anonymous.id], ['comment', c2.id]],
    );
    const [newest, stayStrong, thanks] = first.content;
    const thanksAvatar = (items: Array<{ kind: string; id: number; author: { avatarUrl: string | null } }>) => items.find((i) => i.kind === 'comment' && i.id === c2.id)?.author.avatarUrl;
    assert.deepEqual(newest.author, { id: supporter.user.id, name: 'Meron Alemu', avatarUrl: app.mediaLinks.urls(storageKey).thumbnailUrl });
    assert.equal(thanksAvatar(first.content), null, 'no picture, no address');
    assert.equal(thanks.author.name, 'Selam Bekele');
    assert.equal(stayStrong.content, 'Stay strong');
    assert.equal(stayStrong.author, null, 'an anonymous gift has no author: the page shows Anonymous');
    assert.equal(stayStrong.donation, null, 'the amount stays private unless the donor allowed it');
    assert.equal(stayStrong.likeCount, 0);
    assert.ok(new Date(newest.createdAt) > new Date(stayStrong.createdAt) && new Date(stayStrong.createdAt) > new Date(thanks.createdAt));

    const second = (await app.client().get(`/api/comments/${f.id}?page=1&size=3`)).data;
    assert.deepEqual(
      second.content.map((i: { kind: string; id: number }) => [i.kind, i.id]),
      [['donation', named.id], ['comment', c1.id]],
    );
    assert.deepEqual(second.content[0].author, { id: null, name: 'Tigist', avatarUrl: null });
    assert.deepEqual(second.content[0].donation, { amount: '2500.00', currency: 'ETB' });
    const past = (await app.client().get(`/api/comments/${f.id}?page=2&size=3`)).data;
    assert.equal(past.content.length, 0);
    assert.equal(past.totalElements, 5, 'past the last page, still counted');
    assert.equal(second.totalElements, 5);
    const empty = (await app.client().get(`/api/comments/${(await fakeFundraiser(app.orm, organiser.user)).id}`)).data;
    assert.deepEqual([empty.content, empty.totalElements, empty.totalPages], [[], 0, 0]);

    const text = (await app.client().get(`/api/comments/${f.id}?size=50`)).text;
    assert.doesNotMatch(text, /@example\.com|giver@|Deleted by its author|Hidden by the organiser|Not paid yet|Silent giver|Blank giver/);

    for (const bad of ['page=-1', 'size=0', 'size=51', 'page=abc', 'size=1.5']) {
      const answer = await app.client().get(`/api/comments/${f.id}?${bad}`);
      assert.equal(answer.status, 400, bad);
    }
    assert.equal((await app.client().get('/api/comments/99999999')).status, 404);
    assert.equal((await app.client().get('/api/comments/abc')).status, 400);
  });

  it('shows a donor’s words of support paid through the checkout, with the amount only when the donor allowed it', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const give = async (body: Record<string, unknown>) => {
      const donor = app.client();
      const created = await donor.post('/api/donations', { fundraiserId: f.id, amount: '40', donorEmail: 'donor@example.com', ...body });
      assert.equal(created.status, 201, created.text);
      const ref = (await donor.post('/api/payments', { donationId: created.data.id, paymentMethod: 'STRIPE' })).data.paymentIntentId as string;
      await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
      assert.equal((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status, 'SUCCEEDED');
      return created.data.id as number;
    };
    const shown = await give({ message: 'Proud to help', donorName: 'Dawit', showAmount: true });
    const unshown = await give({ message: 'Quietly with you', donorName: 'Ruth' });
    await give({ donorName: 'No words' });
    const items = (await app.client().get(`/api/comments/${f.id}`)).data.content;
    assert.deepEqual(
      items.map((i: { id: number; kind: string; author: { name: string }; donation: unknown; content: string }) => [i.kind, i.id, i.author.name, i.content, i.donation]),
      [
        ['donation', unshown, 'Ruth', 'Quietly with you', null],
        ['donation', shown, 'Dawit', 'Proud to help', { amount: '40.00', currency: 'USD' }],
      ],
    );
    const stored = await app.orm.em.fork().find(DonationSchema, { fundraiser: f.id }, { orderBy: { id: 'asc' } });
    assert.deepEqual(stored.map((d) => d.showAmount), [true, false, false], 'left out, the amount is not shown');
    assert.ok(items.every((i: { likeCount: number; likedByMe: boolean }) => i.likeCount === 0 && !i.likedByMe), 'donations are not liked');
  });

  it('lets the organiser or an admin hide a donor’s words of support with a reason, keeping the donation; nobody else', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const em = app.orm.em.fork();
    const words = (message: string) =>
      em.create(DonationSchema, {
        fundraiser: f.id,
        donor: null,
        amountMinor: 1_000,
        currency: 'USD',
        message,
        showAmount: true,
        donorName: 'Someone',
        donorEmail: 'giver@example.com',
        status: 'SUCCEEDED',
        paymentMethod: 'STRIPE',
        creatorSession: null,
        language: 'en',
        succeededAt: new Date(),
      });
    const rude = words('Buy followers cheap at …');
    const kind = words('With you all the way');
    const forAdmin = words('Another rude one');
    await em.flush();
    const listed = async () => (await app.client().get(`/api/comments/${f.id}?size=50`)).data;
    assert.equal((await listed()).totalElements, 3);

    const stranger = await person();
    assert.equal((await app.client().request('DELETE', `/api/comments/words/${rude.id}`, { json: { reason: 'spam' } })).status, 401);
    const refused = await stranger.client.request('DELETE', `/api/comments/words/${rude.id}`, { json: { reason: 'spam' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.data.code, 'words_not_yours');
    const noReason = await asOrganiser.delete(`/api/comments/words/${rude.id}`);
    assert.equal(noReason.status, 400);
    assert.ok(noReason.data.fields.reason);

    // Two moderators at once: one hides them, the other is told they are gone.
    const both = await Promise.all([asOrganiser, asAdmin].map((client) => client.request('DELETE', `/api/comments/words/${rude.id}`, { json: { reason: 'Advertising' } })));
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 404]);
    assert.deepEqual(both.find((r) => r.status === 200)!.data, { id: rude.id, status: 'hidden' });
    assert.equal((await asAdmin.request('DELETE', `/api/comments/words/${forAdmin.id}`, { json: { reason: 'Abuse' } })).status, 200);

    const after = await listed();
    assert.equal(after.totalElements, 1);
    assert.deepEqual(after.content.map((i: { id: number }) => i.id), [kind.id]);
    const stored = await app.orm.em.fork().findOneOrFail(DonationSchema, { id: rude.id });
    assert.equal(stored.message, 'Buy followers cheap at …', 'kept for the record');
    assert.equal(stored.messageHiddenReason, 'Advertising');
    assert.ok(stored.messageHiddenAt && stored.messageHiddenBy);
    assert.equal(stored.status, 'SUCCEEDED', 'the gift itself stays');
    const donations = (await app.client().get(`/api/donations/${f.id}?size=50`)).data.content as { id: number; message: string | null; amount: string | null }[];
    assert.deepEqual(
      donations.filter((d) => d.id === rude.id).map((d) => [d.message, d.amount]),
      [[null, '10.00']],
      'listed among the donations still, without the words',
    );
    assert.equal((await asOrganiser.request('DELETE', `/api/comments/words/${kind.id + 1000}`, { json: { reason: 'x' } })).status, 404);

    const report = await stranger.client.post('/api/flags', { targetType: 'DONATION', targetId: kind.id, reason: 'ABUSE' });
    assert.equal(report.status, 202);
    assert.equal((await stranger.client.post('/api/flags', { targetType: 'DONATION', targetId: rude.id, reason: 'SPAM' })).status, 404, 'hidden words cannot be reported');
  });

  it('likes idempotently, answers the count and likedByMe, and lets anyone unlike what they never liked', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const c = await storedComment(app.orm, f.id, organiser.user, 'We reached half the goal!', new Date());
    const a = await person();
    const b = await person();
    assert.equal((await app.client().post(`/api/comments/${c.id}/like`)).status, 401);
    assert.deepEqual((await a.client.post(`/api/comments/${c.id}/like`)).data, { likeCount: 1, likedByMe: true });
    assert.deepEqual((await a.client.post(`/api/comments/${c.id}/like`)).data, { likeCount: 1, likedByMe: true }, 'liking twice is one like');
    assert.deepEqual((await b.client.post(`/api/comments/${c.id}/like`)).data, { likeCount: 2, likedByMe: true });
    assert.deepEqual((await b.client.delete(`/api/comments/${c.id}/like`)).data, { likeCount: 1, likedByMe: false });
    assert.deepEqual((await b.client.delete(`/api/comments/${c.id}/like`)).data, { likeCount: 1, likedByMe: false }, 'unliking twice is fine');
    const stranger = await person();
    assert.deepEqual((await stranger.client.delete(`/api/comments/${c.id}/like`)).data, { likeCount: 1, likedByMe: false }, 'never liked, still fine');

    const asA = (await a.client.get(`/api/comments/${f.id}`)).data.content[0];
    assert.equal(asA.likeCount, 1);
    assert.equal(asA.likedByMe, true);
    const asB = (await b.client.get(`/api/comments/${f.id}`)).data.content[0];
    assert.equal(asB.likedByMe, false);
    assert.equal((await app.client().get(`/api/comments/${f.id}`)).data.content[0].likedByMe, false);
    assert.equal((await a.client.post('/api/comments/99999999/like')).status, 404);
    assert.equal(await app.orm.em.fork().count(CommentLikeSchema, { comment: c.id }), 1);
  });

  it('keeps likeCount equal to the like rows at every moment while 20 people like, unlike and like again at once', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const c = await storedComment(app.orm, f.id, organiser.user, 'Surgery went well, thank you', new Date());
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const connection = app.orm.em.getConnection();
    const sample = async () => {
      // One statement, so both numbers come from the same moment.
      const [row] = await connection.execute<Array<{ stored: number | string; counted: number | string }>>(
        'select `like_count` as stored, (select count(*) from `comment_like` where `comment_id` = ?) as counted from `comment` where `id` = ?',
        [c.id, c.id],
      );
      return { stored: Number(row?.stored), counted: Number(row?.counted) };
    };
    const samples: Array<{ stored: number; counted: number }> = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        samples.push(await sample());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers = await Promise.all(
      people.map(async ({ client }) => {
        const seen = [];
        for (const method of ['POST', 'DELETE', 'POST'] as const) {
          const answer = await client.request(method, `/api/comments/${c.id}/like`);
          assert.equal(answer.status, 200, answer.text);
          seen.push(answer.data);
        }
        return seen;
      }),
    ).finally(() => {
      racing = false;
    });
    await watcher;
    for (const seen of answers) {
      assert.deepEqual(seen.map((s) => s.likedByMe), [true, false, true]);
      for (const s of seen) assert.ok(s.likeCount >= 0 && s.likeCount <= 20, `count ${s.likeCount}`);
    }
    assert.ok(samples.length > 0);
    const drifted = samples.filter((s) => s.stored !== s.counted);
    assert.deepEqual(drifted, [], `${drifted.length} of ${samples.length} samples differ`);
    assert.deepEqual(await sample(), { stored: 20, counted: 20 });
    const listed = (await app.client().get(`/api/comments/${f.id}`)).data.content[0];
    assert.equal(listed.likeCount, 20);
  });

  it('counts the conversation exactly while people post, delete and hide comments at once', async () => {
    await forgetAddressLimit();
    const f = await fakeFundraiser(app.orm, organiser.user);
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const posted = await Promise.all(
      people.flatMap((p, i) => [1, 2, 3].map(async (n) => (await comment(p.client, p.user, f.id, `Person ${i}, comment ${n}`)).data.id as number)),
    );
    assert.equal(posted.length, 24);
    const answers = await Promise.all([
      ...people.map((p, i) => p.client.delete(`/api/comments/${posted[i * 3]}`)),
      ...people.map((_, i) => asOrganiser.request('DELETE', `/api/comments/${posted[i * 3 + 1]}`, { json: { reason: 'Duplicate' } })),
      ...people.map((p, i) => comment(p.client, p.user, f.id, `Person ${i}, a last word`)),
    ]);
    assert.deepEqual([...new Set(answers.map((a) => a.status))].sort(), [200, 201]);
    const listed = (await app.client().get(`/api/comments/${f.id}?page=0&size=50`)).data;
    const published = await app.orm.em.fork().count(CommentSchema, { fundraiser: f.id, status: 'published' });
    assert.equal(published, 16);
    assert.equal(listed.totalElements, published);
    assert.equal(listed.content.length, published);
    await forgetAddressLimit();
  });

  it('lets its author delete a comment and the organiser or an admin hide it with a reason; nobody else may do either', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const author = await person();
    const stranger = await person();
    const post = async (who: { user: User; client: TestClient }, text: string) => (await comment(who.client, who.user, f.id, text)).data.id as number;
    const byAuthor = await post(author, 'A comment its author will delete');
    const toHide = await post(author, 'A comment the organiser will hide');
    const forAdmin = await post(author, 'A comment an admin will hide');
    const organisersOwn = await comment(asOrganiser, organiser.user, f.id, 'The organiser’s own note');
    assert.equal(organisersOwn.status, 201);
    const listedIds = async () => (await app.client().get(`/api/comments/${f.id}?size=50`)).data.content.map((c: { id: number }) => c.id);

    for (const id of [byAuthor, toHide]) {
      const refused = await stranger.client.delete(`/api/comments/${id}`);
      assert.equal(refused.status, 403);
      assert.equal(refused.data.code, 'comment_not_yours');
      const withReason = await stranger.client.request('DELETE', `/api/comments/${id}`, { json: { reason: 'I do not like it' } });
      assert.equal(withReason.status, 403, 'a reason gives no right to hide');
    }
    assert.equal((await app.client().delete(`/api/comments/${byAuthor}`)).status, 401);
    assert.equal((await author.client.delete(`/api/comments/${organisersOwn.data.id}`)).status, 403, 'an author may not touch the organiser’s comment');
    assert.equal((await listedIds()).length, 4, 'nothing removed');

    const deleted = await author.client.delete(`/api/comments/${byAuthor}`);
    assert.deepEqual(deleted.data, { id: byAuthor, status: 'deleted' });

    const noReason = await asOrganiser.delete(`/api/comments/${toHide}`);
    assert.equal(noReason.status, 400);
    assert.match(noReason.data.fields.reason, /why you are hiding/);
    const blankReason = await asOrganiser.request('DELETE', `/api/comments/${toHide}`, { json: { reason: '   ' } });
    assert.equal(blankReason.status, 400);
    const hidden = await asOrganiser.request('DELETE', `/api/comments/${toHide}`, { json: { reason: 'Shares a phone number' } });
    assert.deepEqual(hidden.data, { id: toHide, status: 'hidden' }, 'the organiser hides; they cannot delete another’s words');
    const byAdmin = await asAdmin.request('DELETE', `/api/comments/${forAdmin}`, { json: { reason: 'Spam' } });
    assert.deepEqual(byAdmin.data, { id: forAdmin, status: 'hidden' });
    const ownNote = await asOrganiser.delete(`/api/comments/${organisersOwn.data.id}`);
    assert.deepEqual(ownNote.data, { id: organisersOwn.data.id, status: 'deleted' }, 'an organiser deletes their own comment');

    const em = app.orm.em.fork();
    const rows = await em.find(CommentSchema, { fundraiser: f.id }, { orderBy: { id: 'asc' } });
    assert.deepEqual(
      rows.map((r) => [r.id, r.status, r.hiddenReason ?? null, r.hiddenBy?.id ?? null]),
      [
        [byAuthor, 'deleted', null, null],
        [toHide, 'hidden', 'Shares a phone number', organiser.user.id],
        [forAdmin, 'hidden', 'Spam', admin.id],
        [organisersOwn.data.id, 'deleted', null, null],
      ],
    );
    assert.ok(rows.every((r) => r.removedAt instanceof Date && r.content.length > 0), 'kept for the record');
    assert.deepEqual(await listedIds(), []);
    assert.equal((await author.client.delete(`/api/comments/${toHide}`)).status, 404, 'a hidden comment is gone for its author too');
    assert.equal((await asOrganiser.request('DELETE', `/api/comments/${byAuthor}`, { json: { reason: 'again' } })).status, 404);
    assert.equal((await author.client.post(`/api/comments/${toHide}/like`)).status, 404);
  });

  it('keeps a suspended fundraiser’s conversation from everybody but its organiser and admins, takes no comments on it and lets only admins remove any', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const supporter = await person();
    const posted = await comment(supporter.client, supporter.user, f.id, 'Said before the suspension');
    assert.equal(posted.status, 201);
    assert.equal((await asAdmin.patch(`/api/fundraisers/${f.id}`, { status: 'SUSPENDED' })).data.status, 'SUSPENDED');

    for (const client of [app.client(), supporter.client]) {
      const answer = await client.get(`/api/comments/${f.id}`);
      assert.equal(answer.status, 404);
      assert.equal(answer.data.code, 'fundraiser_not_found');
      assert.equal((await client.get(`/api/comments/${f.id}?page=0&size=10`)).status, 404);
    }
    for (const client of [asOrganiser, asAdmin]) {
      const answer = await client.get(`/api/comments/${f.id}`);
      assert.equal(answer.status, 200);
      assert.equal(answer.data.content[0].content, 'Said before the suspension');
    }
    const liked = await supporter.client.post(`/api/comments/${posted.data.id}/like`);
    assert.equal(liked.status, 404);
    assert.equal(liked.data.code, 'comment_not_found');
    assert.equal((await supporter.client.delete(`/api/comments/${posted.data.id}`)).status, 404);
    assert.equal((await comment(supporter.client, supporter.user, f.id, 'Can I still write?')).status, 404);
    const organiserWrites = await comment(asOrganiser, organiser.user, f.id, 'We are answering the questions');
    assert.equal(organiserWrites.status, 409);
    assert.equal(organiserWrites.data.code, 'comments_closed');
    const organiserHides = await asOrganiser.request('DELETE', `/api/comments/${posted.data.id}`, { json: { reason: 'Not true' } });
    assert.equal(organiserHides.status, 409, 'under review, the organiser may not clear comments away');
    assert.equal(organiserHides.data.code, 'comments_closed');
    const adminHides = await asAdmin.request('DELETE', `/api/comments/${posted.data.id}`, { json: { reason: 'Shares private data' } });
    assert.deepEqual(adminHides.data, { id: posted.data.id, status: 'hidden' });

    for (const status of ['PAUSED', 'CLOSED'] as const) {
      const open = await fakeFundraiser(app.orm, organiser.user, { status });
      assert.equal((await comment(supporter.client, supporter.user, open.id, `Still with you while ${status}`)).status, 201, `${status} takes words of support`);
    }
  });

  it('goes with its fundraiser when a fundraiser without donations is deleted, likes and count included', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const supporter = await person();
    const posted = await comment(supporter.client, supporter.user, f.id, 'Good luck with it');
    assert.equal((await supporter.client.post(`/api/comments/${posted.data.id}/like`)).status, 200);
    const deleted = await asOrganiser.delete(`/api/fundraisers/${f.id}`);
    assert.deepEqual(deleted.data, { outcome: 'deleted' }, 'comments do not keep a fundraiser from being deleted');
    const em = app.orm.em.fork();
    assert.equal(await em.count(CommentSchema, { fundraiser: f.id }), 0);
    assert.equal(await em.count(CommentLikeSchema, { comment: posted.data.id }), 0);
  });

  it('makes the fundraiser’s kept page and first conversation page stale on a new comment, a like, a hide and a delete', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const key = fundraiserKeys.one(f.id);
    const supporter = await person();
    const version = () => app.feed.version(key);
    const firstContent = async () => (await app.client().get(`/api/comments/${f.id}`)).data.content.map((c: { content: string; likeCount: number }) => `${c.content}:${c.likeCount}`);

    assert.deepEqual(await firstContent(), []);
    let seen = version();
    const posted = await comment(supporter.client, supporter.user, f.id, 'First words');
    assert.ok(version() > seen, 'a new comment');
    assert.deepEqual(await firstContent(), ['First words:0'], 'the kept answer was not served again');
    seen = version();
    await asOrganiser.post(`/api/comments/${posted.data.id}/like`);
    assert.ok(version() > seen, 'a like');
    assert.deepEqual(await firstContent(), ['First words:1']);
    const second = await comment(supporter.client, supporter.user, f.id, 'Second words');
    seen = version();
    await asOrganiser.request('DELETE', `/api/comments/${second.data.id}`, { json: { reason: 'Off topic' } });
    assert.ok(version() > seen, 'a hide');
    assert.deepEqual(await firstContent(), ['First words:1']);
    seen = version();
    await supporter.client.delete(`/api/comments/${posted.data.id}`);
    assert.ok(version() > seen, 'a delete');
    assert.deepEqual(await firstContent(), []);
  });
});
