import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, waitFor, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from '../accounts/index.ts';
import { FlagSchema } from '../flags/index.ts';
import { OutboxMailSchema } from '../mail/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { AuditEventSchema } from './audit-event.entity.ts';

const reason = 'Documents did not match the hospital records.';

describe('the admin area', () => {
  let app: TestApp;
  let admin: FakeUser;
  let asAdmin: TestClient;
  let member: FakeUser;
  let asMember: TestClient;

  before(async () => {
    app = await startTestApp();
    admin = await fakeUser(app.orm, { admin: true, email: `boss-${Date.now()}@example.org` });
    asAdmin = app.client();
    await signIn(asAdmin, admin);
    member = await fakeUser(app.orm);
    asMember = app.client();
    await signIn(asMember, member);
  });
  after(() => app.close());

  it('answers every admin route with 401 to a visitor and 403 to a signed-in member, before reading its input', async () => {
    const document = (await app.client().get('/api/openapi.json')).data as { paths: Record<string, Record<string, unknown>> };
    const adminRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })));
    assert.ok(adminRoutes.length >= 25, `found ${adminRoutes.length} admin routes`);
    const visitor = app.client();
    await visitor.get('/api/csrf');
    for (const { method, path } of adminRoutes) {
      // A body that would not validate: the guard answers first all the same.
      const asVisitor = await visitor.request(method, path, method === 'GET' ? {} : { json: { reason: 1 } });
      assert.equal(asVisitor.status, 401, `${method} ${path} as a visitor: ${asVisitor.text}`);
      const asSignedIn = await asMember.request(method, path, method === 'GET' ? {} : { json: { reason: 1 } });
      assert.equal(asSignedIn.status, 403, `${method} ${path} as a member: ${asSignedIn.text}`);
    }
  });

  it('keeps the audit log append-only: no statement edits or deletes a row', async () => {
    const f = await fakeFundraiser(app.orm, member.user);
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/close`, { reason })).status, 200);
    const em = app.orm.em.fork();
    const row = await em.findOneOrFail(AuditEventSchema, { action: 'fundraiser.close', targetId: f.id });
    assert.deepEqual([row.actorId, row.reason, row.targetLabel, row.outcome], [admin.user.id, reason, f.title, 'done']);
    assert.ok(row.ip.length > 0);
    await assert.rejects(em.getConnection().execute('update `audit_event` set `reason` = ? where `id` = ?', ['nothing happened', row.id]), /append-only/);
    await assert.rejects(em.getConnection().execute('delete from `audit_event` where `id` = ?', [row.id]), /append-only/);
    assert.equal((await app.orm.em.fork().findOneOrFail(AuditEventSchema, { id: row.id })).reason, reason);

    const listed = await asAdmin.get(`/api/admin/audit?targetType=fundraiser&targetId=${f.id}`);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.data.content.map((e: { action: string; actor: { email: string } }) => [e.action, e.actor.email]),
      [['fundraiser.close', admin.email]],
    );
  });

  it('asks a reason of at least 10 characters for what changes money or people', async () => {
    const f = await fakeFundraiser(app.orm, member.user);
    const short = await asAdmin.post(`/api/admin/fundraisers/${f.id}/suspend`, { reason: 'fraud' });
    assert.equal(short.status, 400);
    assert.ok(short.data.fields.reason, short.text);
    assert.equal((await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: f.id })).status, 'ACTIVE');
    const refund = await asAdmin.post('/api/admin/donations/1/refund', {});
    assert.equal(refund.status, 400);
  });

  it('groups reports by target, oldest first; suspending mails the organiser in their language and takes the fundraiser away until reinstated', async () => {
    const organiser = await fakeUser(app.orm, { language: 'am', firstName: 'ሰላም' });
    const older = await fakeFundraiser(app.orm, organiser.user, { title: 'Flagged first: a school roof' });
    const later = await fakeFundraiser(app.orm, organiser.user, { title: 'Flagged later: medicine' });
    await app.orm.em.fork().nativeDelete(FlagSchema, {});
    const report = (client: TestClient, id: number, why: string, details?: string) =>
      client.post('/api/flags', { targetType: 'FUNDRAISER', targetId: id, reason: why, ...(details ? { details } : {}) });
    assert.equal((await report(app.client(), older.id, 'FRAUD', 'The hospital says no such patient.')).status, 202);
    assert.equal((await report(asMember, older.id, 'SPAM')).status, 202);
    assert.equal((await report(asMember, later.id, 'OTHER')).status, 202);

    const queue = await asAdmin.get('/api/admin/flags?status=OPEN');
    assert.equal(queue.status, 200, queue.text);
    assert.deepEqual(
      queue.data.content.map((g: { targetId: number; count: number; reasons: Record<string, number>; target: { label: string } }) => [g.targetId, g.count, g.reasons.FRAUD, g.reasons.SPAM, g.target.label]),
      [
        [older.id, 2, 1, 1, older.title],
        [later.id, 1, 0, 0, later.title],
      ],
    );
    assert.equal(queue.data.content[0].latest.find((l: { details: string | null }) => l.details)?.details, 'The hospital says no such patient.');
    assert.equal((await asAdmin.get('/api/admin/overview')).data.openFlags, 2);

    const groupId = queue.data.content[0].id as number;
    const wrong = await asAdmin.post(`/api/admin/flags/${groupId}/resolve`, { action: 'HIDE_COMMENT', note: reason });
    assert.equal(wrong.status, 400);
    const [first, second] = await Promise.all([
      asAdmin.post(`/api/admin/flags/${groupId}/resolve`, { action: 'SUSPEND_FUNDRAISER', note: reason }),
      asAdmin.post(`/api/admin/flags/${groupId}/resolve`, { action: 'SUSPEND_FUNDRAISER', note: reason }),
    ]);
    assert.deepEqual([first.status, second.status].sort(), [200, 409], `${first.text} ${second.text}`);
    assert.equal((await app.client().get(`/api/fundraisers/${older.id}`)).status, 404, 'gone for visitors');
    assert.equal((await asMember.get(`/api/fundraisers?size=50`)).data.content.some((c: { id: number }) => c.id === older.id), false);
    const mail = await waitFor(async () => (await mailsTo(app.orm, organiser.email)).find((m) => m.status === 'LOGGED'), 'the organiser’s mail');
    assert.match(mail.subject, /ታግዷል/);
    assert.ok(mail.text.includes(reason), 'the reason is in the mail');
    const events = await app.orm.em.fork().find(AuditEventSchema, { targetId: older.id, action: 'fundraiser.suspend' });
    assert.equal(events.length, 1, 'suspended once');
    assert.equal((await asAdmin.get('/api/admin/flags?status=OPEN')).data.totalElements, 1);

    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${older.id}/suspend`, { reason })).status, 409, 'already suspended');
    const back = await asAdmin.post(`/api/admin/fundraisers/${older.id}/reinstate`, { reason: 'The hospital confirmed the patient.' });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.data.status, 'ACTIVE');
    assert.equal((await app.client().get(`/api/fundraisers/${older.id}`)).status, 200);
    await waitFor(async () => (await mailsTo(app.orm, organiser.email)).find((m) => /እገዳ ተነስቷል/.test(m.subject)), 'the reinstatement mail');
  });

  it('suspends once when two admins click at the same moment: one answer, one audit row, one mail', async () => {
    const organiser = await fakeUser(app.orm);
    const f = await fakeFundraiser(app.orm, organiser.user);
    const answers = await Promise.all([1, 2, 3].map(() => asAdmin.post(`/api/admin/fundraisers/${f.id}/suspend`, { reason })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409]);
    assert.equal(await app.orm.em.fork().count(AuditEventSchema, { action: 'fundraiser.suspend', targetId: f.id }), 1);
    await waitFor(async () => (await mailsTo(app.orm, organiser.email)).length > 0, 'the mail');
    assert.equal((await mailsTo(app.orm, organiser.email)).length, 1);
  });

  it('hides a reported comment and dismisses reports, each once', async () => {
    const f = await fakeFundraiser(app.orm, member.user);
    const posted = await asMember.post('/api/comments', { fundraiserId: f.id, userId: member.user.id, content: 'Buy cheap watches at example.com' });
    assert.equal(posted.status, 201, posted.text);
    const commentId = posted.data.id as number;
    assert.equal((await app.client().post('/api/flags', { targetType: 'COMMENT', targetId: commentId, reason: 'SPAM' })).status, 202);
    const flag = await app.orm.em.fork().findOneOrFail(FlagSchema, { targetType: 'COMMENT', targetId: commentId });
    const hidden = await asAdmin.post(`/api/admin/flags/${flag.id}/resolve`, { action: 'HIDE_COMMENT', note: 'Advertising, not support.' });
    assert.equal(hidden.status, 200, hidden.text);
    const conversation = await app.client().get(`/api/comments/${f.id}`);
    assert.equal(conversation.data.content.some((c: { id: number }) => c.id === commentId), false);
    assert.equal((await asAdmin.post(`/api/admin/flags/${flag.id}/resolve`, { action: 'DISMISS' })).status, 409);
  });

  it('marks a fundraiser verified with what was checked, shown on its page, and takes the mark away', async () => {
    const f = await fakeFundraiser(app.orm, member.user);
    const verified = await asAdmin.post(`/api/admin/fundraisers/${f.id}/verify`, { note: 'Hospital letter checked' });
    assert.equal(verified.status, 200, verified.text);
    assert.equal((await app.client().get(`/api/fundraisers/${f.id}`)).data.verified.note, 'Hospital letter checked');
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/verify`, { note: 'Again' })).status, 409);
    assert.equal((await asAdmin.post(`/api/admin/fundraisers/${f.id}/unverify`, { reason: 'The letter was forged.' })).status, 200);
    assert.equal((await app.client().get(`/api/fundraisers/${f.id}`)).data.verified, null);
    const listed = await asAdmin.get(`/api/admin/fundraisers?query=${encodeURIComponent(f.title)}`);
    assert.equal(listed.data.content[0].id, f.id);
    // Its number finds it alone, not every title or address with those digits in it.
    await fakeFundraiser(app.orm, member.user, { title: `Appeal ${f.id} for the clinic` });
    assert.deepEqual((await asAdmin.get(`/api/admin/fundraisers?query=${f.id}`)).data.content.map((c: { id: number }) => c.id), [f.id]);
  });

  it('disables an account: its open session fails its next call, sign-in is refused, its fundraisers pause; enabling brings them back', async () => {
    const person = await fakeUser(app.orm);
    const open = await fakeFundraiser(app.orm, person.user);
    const theirs = app.client();
    await signIn(theirs, person);
    assert.equal((await theirs.get('/api/auth/status')).data.authenticated, true);

    const disabled = await asAdmin.post(`/api/admin/users/${person.user.id}/disable`, { reason: 'Ran a fake appeal twice.' });
    assert.equal(disabled.status, 200, disabled.text);
    assert.ok(disabled.data.disabledAt);
    assert.equal((await theirs.get('/api/auth/status')).data.authenticated, false, 'the open session ended');
    assert.equal((await theirs.post(`/api/fundraisers/${open.id}/updates`, { content: 'Still here?' })).status, 401);
    const again = await app.client().post('/api/auth/login', { email: person.email, password: person.password });
    assert.equal(again.status, 403);
    assert.equal(again.data.code, 'account_disabled');
    assert.equal((await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: open.id })).status, 'PAUSED');
    await waitFor(async () => (await mailsTo(app.orm, person.email)).find((m) => /disabled/.test(m.subject)), 'the disable mail');

    assert.equal((await asAdmin.post(`/api/admin/users/${person.user.id}/enable`, { reason: 'Appeal reviewed and upheld.' })).status, 200);
    assert.equal((await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: open.id })).status, 'ACTIVE');
    await signIn(app.client(), person);
  });

  it('never lets an admin change their own account, nor leaves the platform without an admin, however asked', async () => {
    assert.equal((await asAdmin.post(`/api/admin/users/${admin.user.id}/admin`, { admin: false, reason: 'Stepping down today.' })).data.code, 'own_account');
    assert.equal((await asAdmin.post(`/api/admin/users/${admin.user.id}/disable`, { reason: 'Stepping down today.' })).data.code, 'own_account');

    // Two admins, each demoting the other at the same moment: one of them stays.
    const second = await fakeUser(app.orm, { admin: true });
    const asSecond = app.client();
    await signIn(asSecond, second);
    const others = await app.orm.em.fork().find(UserSchema, { admin: true, id: { $nin: [admin.user.id, second.user.id] } });
    for (const other of others) await app.orm.em.fork().nativeUpdate(UserSchema, { id: other.id }, { admin: false });
    const [a, b] = await Promise.all([
      asAdmin.post(`/api/admin/users/${second.user.id}/admin`, { admin: false, reason: 'Only one of us is needed.' }),
      asSecond.post(`/api/admin/users/${admin.user.id}/admin`, { admin: false, reason: 'Only one of us is needed.' }),
    ]);
    const statuses = [a.status, b.status].sort();
    assert.equal(statuses[0], 200, `${a.text} ${b.text}`);
    assert.notEqual(statuses[1], 200, 'the second demotion is refused');
    const admins = await app.orm.em.fork().count(UserSchema, { admin: true });
    assert.equal(admins, 1);
    for (const other of others) await app.orm.em.fork().nativeUpdate(UserSchema, { id: other.id }, { admin: true });
    // Whoever lost the race put things back for the tests that follow.
    await app.orm.em.fork().nativeUpdate(UserSchema, { id: admin.user.id }, { admin: true });
    await signIn(asAdmin, admin);
  });

  it('shows the outbox and sends a failed mail again once', async () => {
    const em = app.orm.em.fork();
    const id = (await em.insert(OutboxMailSchema, {
      to: 'nobody@example.org',
      subject: 'A mail SMTP refused',
      text: 'Hello',
      status: 'FAILED',
      attempts: 5,
      lastError: 'connection refused',
      sensitive: false,
      createdAt: new Date(),
    } as never)) as number;
    const listed = await asAdmin.get('/api/admin/mail?status=FAILED');
    assert.equal(listed.status, 200, listed.text);
    assert.ok(listed.data.content.some((m: { id: number }) => m.id === id));
    assert.equal((await asAdmin.get('/api/admin/overview')).data.mail.failed >= 1, true);
    const [one, two] = await Promise.all([asAdmin.post(`/api/admin/mail/${id}/retry`), asAdmin.post(`/api/admin/mail/${id}/retry`)]);
    assert.deepEqual([one.status, two.status].sort(), [200, 409]);
    const read = await asAdmin.get(`/api/admin/mail/${id}`);
    assert.deepEqual([read.data.status, read.data.text], ['LOGGED', 'Hello']);
  });
});
