import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { fakeUser, mailsTo, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { storedComment } from '../../tests/helpers/comments.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from '../accounts/index.ts';
import { CommentSchema } from './comment.entity.ts';
import { commentDigestComposer, digestIntervalMs, sendCommentDigests } from './comment.digest.ts';
import { commentDigestJob } from './comment.jobs.ts';

const log = createLogger('silent');
const minute = 60_000;

describe('the organiser’s digest of new comments', () => {
  let app: TestApp;

  /** Runs the job's work as of `at`, and answers how many digests it queued. */
  const run = (at: Date) => sendCommentDigests(app.orm.em.fork(), app.mailer, log, at);

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: 'http://ethiofundraise.example' });
  });
  after(() => app.close());

  it('sends one e-mail for many comments, in the organiser’s language, with a link to the page, leaving out their own', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Hana', lastName: 'Girma', language: 'am' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'ለሀና ቀዶ ጥገና' });
    const supporters = await Promise.all(['Abebe', 'Tigist', 'Yonas'].map((firstName) => fakeUser(app.orm, { firstName, lastName: 'Tesfaye' })));
    for (const [i, s] of supporters.entries()) await storedComment(app.orm, f.id, s.user, `ብርቱ ሁኚ ${i + 1}\nእንጸልይልሻለን`);
    await storedComment(app.orm, f.id, organiser.user, 'የአዘጋጇ የራሷ ምስጋና');
    await storedComment(app.orm, f.id, supporters[0]!.user, 'One more from Abebe');

    const now = new Date();
    assert.equal(await run(now), 1);
    const mails = await mailsTo(app.orm, organiser.email);
    assert.equal(mails.length, 1);
    const [mail] = mails;
    assert.equal(mail!.status, 'LOGGED', 'composed and delivered (no SMTP: kept in the outbox)');
    assert.equal(mail!.subject, 'በ“ለሀና ቀዶ ጥገና” ላይ 4 አዲስ አስተያየቶች ተሰጥተዋል');
    assert.match(mail!.text, /^ሰላም Hana፣/);
    for (const name of ['Abebe Tesfaye', 'Tigist Tesfaye', 'Yonas Tesfaye']) assert.match(mail!.text, new RegExp(`${name} እንዲህ ብለዋል፦`));
    assert.match(mail!.text, /ብርቱ ሁኚ 1\n {4}እንጸልይልሻለን/, 'line breaks kept, each line quoted');
    assert.match(mail!.text, /One more from Abebe/);
    assert.doesNotMatch(mail!.text, /የአዘጋጇ የራሷ ምስጋና/, 'not her own comment');
    assert.ok(mail!.text.includes(`http://ethiofundraise.example/am/fundraiser/${f.id}`), mail!.text);
    assert.ok(mail!.text.includes('http://ethiofundraise.example/am/edit-profile\n'), 'where to turn them off');

    assert.equal(await run(now), 0, 'nothing new');
    assert.equal((await mailsTo(app.orm, organiser.email)).length, 1);
  });

  it('sends at most one e-mail an hour per fundraiser, and then only what arrived since', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Dawit', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'School books for Bahir Dar' });
    const other = await fakeFundraiser(app.orm, organiser.user, { title: 'A well for Lalibela' });
    const supporter = await fakeUser(app.orm, { firstName: 'Marta', lastName: 'Haile' });
    await storedComment(app.orm, f.id, supporter.user, 'Education changes everything');
    const start = new Date();
    assert.equal(await run(start), 1);

    await storedComment(app.orm, f.id, supporter.user, 'Shared it with my class');
    await storedComment(app.orm, other.id, supporter.user, 'Clean water at last');
    assert.equal(await run(new Date(start.getTime() + 10 * minute)), 1, 'the other fundraiser has its own hour');
    assert.equal(await run(new Date(start.getTime() + 50 * minute)), 0, 'within the hour: nothing for the first');
    assert.equal(await run(new Date(start.getTime() + digestIntervalMs + minute)), 1, 'an hour on: the one waiting');
    const mails = await mailsTo(app.orm, organiser.email);
    assert.deepEqual(mails.map((m) => m.subject).reverse(), [
      'A new comment on “School books for Bahir Dar”',
      'A new comment on “A well for Lalibela”',
      'A new comment on “School books for Bahir Dar”',
    ]);
    const latest = mails[0]!.text;
    assert.match(latest, /^Hello Dawit,/);
    assert.match(latest, /Marta Haile wrote:\n {4}Shared it with my class/);
    assert.doesNotMatch(latest, /Education changes everything/, 'already told');
    assert.ok(latest.includes(`http://ethiofundraise.example/fundraiser/${f.id}\n`), 'English pages have no language prefix');
  });

  it('sends nothing for an organiser’s own comments, nor for comments hidden or deleted before it went out', async () => {
    const organiser = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, organiser.user);
    await storedComment(app.orm, f.id, organiser.user, 'Thank you, everyone');
    await storedComment(app.orm, f.id, organiser.user, 'We reached half the goal');
    assert.equal(await run(new Date()), 0);

    const supporter = await fakeUser(app.orm);
    const gone = await storedComment(app.orm, f.id, supporter.user, 'Buy cheap watches at …');
    await app.orm.em.fork().nativeUpdate(CommentSchema, { id: gone.id }, { status: 'hidden', hiddenReason: 'spam' });
    assert.equal(await run(new Date()), 0);
    assert.deepEqual(await mailsTo(app.orm, organiser.email), []);
  });

  it('lists the first ten of many comments and says how many more there are; the job reports what it did', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Lensa', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Flood relief in Gambella' });
    const supporter = await fakeUser(app.orm, { firstName: 'Kebede', lastName: 'Ayana' });
    for (let i = 1; i <= 25; i += 1) await storedComment(app.orm, f.id, supporter.user, `Support number ${i} ${'word '.repeat(i === 3 ? 100 : 1)}`);
    const outcome = await commentDigestJob(app.mailer).run(app.orm.em.fork(), log);
    assert.equal(outcome, '1 comment digests queued');
    const [mail] = await mailsTo(app.orm, organiser.email);
    assert.equal(mail?.subject, '25 new comments on “Flood relief in Gambella”');
    assert.equal(mail!.text.match(/Kebede Ayana wrote:/g)?.length, 10);
    assert.match(mail!.text, /Support number 10 /);
    assert.doesNotMatch(mail!.text, /Support number 11 /);
    assert.match(mail!.text, /… and 15 more\./);
    assert.match(mail!.text, /Support number 3 (word ){40,}[^\n]*…\n/, 'a long comment is cut');
  });

  it('tells the organiser of comments posted through the API, by others only', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Sara', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'A roof for the school' });
    const asOrganiser: TestClient = app.client();
    await signIn(asOrganiser, organiser);
    const supporter: FakeUser = await fakeUser(app.orm, { firstName: 'Elias', lastName: 'Worku' });
    const asSupporter = app.client();
    await signIn(asSupporter, supporter);
    assert.equal((await asOrganiser.post('/api/comments', { fundraiserId: f.id, userId: organiser.user.id, content: 'Work starts next week' })).status, 201);
    assert.equal(await run(new Date()), 0);
    assert.equal((await asSupporter.post('/api/comments', { fundraiserId: f.id, userId: supporter.user.id, content: 'Count me in' })).status, 201);
    assert.equal(await run(new Date()), 1);
    const [mail] = await mailsTo(app.orm, organiser.email);
    assert.match(mail!.text, /Elias Worku wrote:\n {4}Count me in/);
    assert.doesNotMatch(mail!.text, /Work starts next week/);
  });

  it('sends none to an organiser who turned them off in their profile, and again once turned back on', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Meron', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Shoes for the runners of Bekoji' });
    const client = app.client();
    await signIn(client, organiser);
    const turn = async (commentEmails: unknown) => client.put(`/api/auth/users/${organiser.user.id}`, { commentEmails });
    assert.equal((await client.get(`/api/auth/users/${organiser.user.id}`)).data.commentEmails, true, 'on until turned off');
    const wrong = await turn('no');
    assert.equal(wrong.status, 400);
    assert.ok(wrong.data.fields.commentEmails);
    const off = await turn(false);
    assert.equal(off.status, 200);
    assert.equal(off.data.commentEmails, false);

    const supporter = await fakeUser(app.orm, { firstName: 'Kidist', lastName: 'Alemu' });
    await storedComment(app.orm, f.id, supporter.user, 'Run, Bekoji, run');
    assert.equal(await run(new Date()), 0);
    assert.deepEqual(await mailsTo(app.orm, organiser.email), []);

    assert.equal((await turn(true)).data.commentEmails, true);
    assert.equal(await run(new Date()), 1, 'what came while they were off, from the last two days');
    const [mail] = await mailsTo(app.orm, organiser.email);
    assert.match(mail!.text, /Kidist Alemu wrote:\n {4}Run, Bekoji, run/);
    assert.ok(mail!.text.includes('http://ethiofundraise.example/edit-profile\n'));
  });

  it('drops a digest queued before the organiser turned them off', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Bethel', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user);
    const supporter = await fakeUser(app.orm);
    await storedComment(app.orm, f.id, supporter.user, 'Thinking of you');
    const composed = async () => commentDigestComposer({ publicUrl: 'http://ethiofundraise.example' })(app.orm.em.fork(), `${f.id}:0:${Number.MAX_SAFE_INTEGER}`);
    assert.equal((await composed())?.to, organiser.email);
    await app.orm.em.fork().nativeUpdate(UserSchema, { id: organiser.user.id }, { commentEmails: false });
    assert.equal(await composed(), null);
  });
});
