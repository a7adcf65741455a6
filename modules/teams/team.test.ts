import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { FundraiserSchema, type Fundraiser } from '../fundraisers/index.ts';
import { TeamMemberSchema, teamMessages } from './index.ts';
import { TeamInvitationSchema } from './team.entity.ts';
import { teamErrorCodes } from './team.errors.ts';

const publicUrl = 'http://ethiofundraise.example';

describe('teams API', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let fundraiser: Fundraiser;

  /** A new signed-in user with their own browser. */
  async function person(overrides: Parameters<typeof fakeUser>[1] = {}): Promise<FakeUser & { client: TestClient }> {
    const made = await fakeUser(app.orm, overrides);
    const client = app.client();
    await signIn(client, made);
    return { ...made, client };
  }

  const team = (fundraiserId: number, creatorId: number, fields: Record<string, unknown> = {}) => ({
    name: 'The Bole choir',
    description: 'We sing on Sundays and raise on weekdays.',
    fundraiserId,
    creatorId,
    goalAmount: '2500',
    ...fields,
  });

  /** The token in an invitation mail's link. */
  async function invitationToken(email: string): Promise<string> {
    const [mail] = await mailsTo(app.orm, email);
    const match = /[?&]invitation=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    assert.ok(match, mail?.text);
    return match[1]!;
  }

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
    organiser = await fakeUser(app.orm, { firstName: 'Selam', lastName: 'Bekele' });
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
    fundraiser = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB' });
  });
  after(() => app.close());

  it('has a message for every error code it answers with, in both languages', () => {
    for (const code of teamErrorCodes) {
      assert.ok(Object.hasOwn(teamMessages.en, code), `${code} in English`);
      assert.ok(Object.hasOwn(teamMessages.am, code), `${code} in Amharic`);
    }
  });

  it('lets the organiser start a team, captained by them, and refuses strangers, other names and bad input', async () => {
    assert.equal((await app.client().post('/api/teams', team(fundraiser.id, organiser.user.id))).status, 401);
    const stranger = await person();
    const inOthersName = await stranger.client.post('/api/teams', team(fundraiser.id, organiser.user.id));
    assert.equal(inOthersName.status, 403);
    assert.equal(inOthersName.data.code, 'creator_mismatch');
    const closed = await stranger.client.post('/api/teams', team(fundraiser.id, stranger.user.id));
    assert.equal(closed.status, 403);
    assert.equal(closed.data.code, 'teams_closed');

    const bad = await asOrganiser.post('/api/teams', team(fundraiser.id, organiser.user.id, { name: 'x', goalAmount: '-5', description: 'y'.repeat(2001) }));
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.data.fields).sort(), ['description', 'goalAmount', 'name']);
    assert.equal((await asOrganiser.post('/api/teams', { ...team(fundraiser.id, organiser.user.id), name: 42 })).status, 400);
    assert.equal((await asOrganiser.post('/api/teams', team(999_999, organiser.user.id))).status, 404);

    const created = await asOrganiser.post('/api/teams', team(fundraiser.id, organiser.user.id));
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      { ...created.data, id: 0, createdAt: '' },
      {
        id: 0,
        fundraiserId: fundraiser.id,
        name: 'The Bole choir',
        description: 'We sing on Sundays and raise on weekdays.',
        creatorId: organiser.user.id,
        currency: 'ETB',
        goalAmount: '2500.00',
        raisedAmount: '0.00',
        donationCount: 0,
        memberCount: 1,
        members: [
          {
            id: created.data.members[0].id,
            userId: organiser.user.id,
            name: 'Selam Bekele',
            role: 'CAPTAIN',
            imageUrl: null,
            raisedAmount: '0.00',
            donationCount: 0,
            referralUrl: created.data.members[0].referralUrl,
          },
        ],
        invitations: [],
        createdAt: '',
      },
    );
    assert.match(created.data.members[0].referralUrl, new RegExp(`^${publicUrl}/fundraiser/${fundraiser.id}\\?ref=[A-Za-z0-9_-]{12,}$`));

    const paused = await fakeFundraiser(app.orm, organiser.user, { status: 'PAUSED' });
    const notActive = await asOrganiser.post('/api/teams', team(paused.id, organiser.user.id));
    assert.equal(notActive.status, 409);
    assert.equal(notActive.data.code, 'team_fundraiser_not_active');
  });

  it('lets any signed-in supporter start a team once the organiser opens the fundraiser to teams', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const supporter = await person({ firstName: 'Abebe' });
    assert.equal((await supporter.client.post('/api/teams', team(f.id, supporter.user.id))).status, 403);
    const opened = await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.data.teamsOpen, true);
    assert.equal((await supporter.client.put(`/api/fundraisers/${f.id}`, { teamsOpen: false })).status, 403, 'only the organiser flips it');
    const started = await supporter.client.post('/api/teams', team(f.id, supporter.user.id, { name: 'Abebe’s classmates', goalAmount: null }));
    assert.equal(started.status, 201, started.text);
    assert.equal(started.data.goalAmount, null);
    assert.equal(started.data.members[0].role, 'CAPTAIN');
  });

  it('shows a member’s address to nobody but who invited them: not to a captain they joined by themself, nor to the organiser or a stranger', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    const captain = await person({ firstName: 'Hanna' });
    const created = (await captain.client.post('/api/teams', team(f.id, captain.user.id))).data;
    const joiner = await person({ firstName: 'Yonas' });
    assert.equal((await joiner.client.post(`/api/teams/${created.id}/join`)).status, 200);
    const invited = await person({ firstName: 'Dawit' });
    await captain.client.post(`/api/teams/${created.id}/members?userEmail=${encodeURIComponent(invited.email)}`);
    assert.equal((await invited.client.post(`/api/teams/invitations/${await invitationToken(invited.email)}/accept`)).status, 200);
    const pending = `pending-${Date.now()}@example.com`;
    await captain.client.post(`/api/teams/${created.id}/members?userEmail=${encodeURIComponent(pending)}`);

    const as = async (client: TestClient) => (await client.get(`/api/teams/fundraiser/${f.id}`)).data[0];
    const emailOf = (view: { members: Array<{ userId: number; email?: string }> }, who: FakeUser) => view.members.find((m) => m.userId === who.user.id)?.email;
    const stranger = await person();
    for (const [name, client] of [['visitor', app.client()], ['stranger', stranger.client], ['member', joiner.client], ['organiser', asOrganiser]] as const) {
      const view = await as(client);
      assert.equal(view.memberCount, 3, name);
      assert.ok(view.members.every((m: { email?: string }) => m.email === undefined), `${name} sees no member’s address`);
      assert.doesNotMatch(JSON.stringify(view), new RegExp(`${joiner.email}|${invited.email}|${captain.email}|${pending}`), name);
    }

    const captainView = await as(captain.client);
    assert.equal(emailOf(captainView, joiner), undefined, 'a captain does not learn the address of who joined by themself');
    assert.equal(emailOf(captainView, captain), undefined);
    assert.equal(emailOf(captainView, invited), invited.email, 'the address they typed themself');
    assert.doesNotMatch(JSON.stringify(captainView), new RegExp(joiner.email));
    assert.deepEqual(captainView.invitations.map((i: { email: string }) => i.email), [pending]);
    assert.deepEqual((await as(asOrganiser)).invitations, [], 'the organiser sees the invitations they sent, not the captain’s');

    // Each personal link only to its member and the organisers.
    assert.deepEqual((await as(joiner.client)).members.filter((m: { referralUrl?: string }) => m.referralUrl).map((m: { userId: number }) => m.userId), [joiner.user.id]);
    assert.equal((await as(asOrganiser)).members.filter((m: { referralUrl?: string }) => m.referralUrl).length, 3);

    // Without the address, the captain takes a member off by the id the list shows.
    const joinerRow = captainView.members.find((m: { userId: number }) => m.userId === joiner.user.id);
    assert.equal((await stranger.client.request('DELETE', `/api/teams/${created.id}/members/${joinerRow.id}`)).status, 403);
    const removed = await captain.client.request('DELETE', `/api/teams/${created.id}/members/${joinerRow.id}`);
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.data, { id: joinerRow.id, status: 'REMOVED' });
    assert.equal((await as(captain.client)).memberCount, 2);
    assert.equal((await captain.client.request('DELETE', `/api/teams/${created.id}/members/${joinerRow.id}`)).status, 200, 'again: fine');
    assert.equal((await captain.client.request('DELETE', `/api/teams/${created.id}/members/999999999`)).status, 404);
    assert.equal((await captain.client.request('DELETE', `/api/teams/${created.id}/members/0x10`)).status, 400);
  });

  it('invites by e-mail, idempotently: nobody is a member until they accept, signed in with that address, once', async () => {
    const created = (await asOrganiser.post('/api/teams', team(fundraiser.id, organiser.user.id, { name: 'Family in Washington' }))).data;
    const invitee = await person({ firstName: 'Meron', language: 'am' });
    const invite = () => asOrganiser.post(`/api/teams/${created.id}/members?userEmail=${encodeURIComponent(invitee.email.toUpperCase())}`);
    const first = await invite();
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.data, { email: invitee.email, status: 'INVITED' });
    assert.deepEqual((await invite()).data, { email: invitee.email, status: 'INVITED' });
    const mails = await mailsTo(app.orm, invitee.email);
    assert.equal(mails.length, 1, 'invited twice, mailed once');
    assert.equal(mails[0]!.subject, 'በEthioFundraise ላይ ቡድን እንዲቀላቀሉ ተጋብዘዋል', 'in the invitee’s language');
    assert.match(mails[0]!.text, /Selam Bekele “Family in Washington” የተባለውን ቡድን እንዲቀላቀሉ ጋብዘውዎታል/);
    assert.ok(mails[0]!.text.includes(`${publicUrl}/am/fundraiser/${fundraiser.id}/team?invitation=`));
    const token = await invitationToken(invitee.email);

    const listed = async () => (await asOrganiser.get(`/api/teams/fundraiser/${fundraiser.id}`)).data.find((t: { id: number }) => t.id === created.id);
    assert.equal((await listed()).memberCount, 1, 'invited is not a member');
    assert.deepEqual((await listed()).invitations.map((i: { email: string; status: string }) => [i.email, i.status]), [[invitee.email, 'INVITED']]);

    const stranger = await person();
    const notTheirs = await stranger.client.post(`/api/teams/invitations/${token}/accept`);
    assert.equal(notTheirs.status, 403);
    assert.equal(notTheirs.data.code, 'invitation_not_yours');
    assert.equal((await app.client().post(`/api/teams/invitations/${token}/accept`)).status, 401);
    assert.equal((await invitee.client.post(`/api/teams/invitations/${'x'.repeat(32)}/accept`)).status, 404);
    assert.equal((await invitee.client.post('/api/teams/invitations/short/accept')).status, 400);

    const both = await Promise.all([invitee.client.post(`/api/teams/invitations/${token}/accept`), invitee.client.post(`/api/teams/invitations/${token}/accept`)]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 404], 'accepted once');
    assert.deepEqual(both.find((r) => r.status === 200)!.data, { teamId: created.id, fundraiserId: fundraiser.id, role: 'MEMBER' });
    assert.equal(await app.orm.em.fork().count(TeamMemberSchema, { team: created.id, leftAt: null }), 2);
    assert.deepEqual((await listed()).invitations, []);
    assert.deepEqual((await invite()).data, { email: invitee.email, status: 'MEMBER' });
    assert.equal((await mailsTo(app.orm, invitee.email)).length, 1);
  });

  it('lets the captain and organiser edit and remove; a member may only leave; strangers and visitors nothing', async () => {
    const captain = await person({ firstName: 'Yonas' });
    const f = await fakeFundraiser(app.orm, organiser.user);
    await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    const created = (await captain.client.post('/api/teams', team(f.id, captain.user.id))).data;
    const member = await person();
    await captain.client.post(`/api/teams/${created.id}/members?userEmail=${encodeURIComponent(member.email)}`);
    await member.client.post(`/api/teams/invitations/${await invitationToken(member.email)}/accept`);
    const stranger = await person();
    const other = await person();

    const edit = { name: 'Yonas and friends', goalAmount: '900.50' };
    for (const [who, client] of [['visitor', app.client()], ['stranger', stranger.client], ['member', member.client]] as const) {
      const answer = await client.put(`/api/teams/${created.id}`, edit);
      assert.equal(answer.status, who === 'visitor' ? 401 : 403, who);
      const invite = await client.post(`/api/teams/${created.id}/members?userEmail=${encodeURIComponent(other.email)}`);
      assert.equal(invite.status, who === 'visitor' ? 401 : 403, `${who} invites`);
      assert.equal((await client.delete(`/api/teams/${created.id}`)).status, who === 'visitor' ? 401 : 403, `${who} removes the team`);
      assert.equal((await client.request('DELETE', `/api/teams/${created.id}/members?userEmail=${encodeURIComponent(captain.email)}`)).status, who === 'visitor' ? 401 : 403);
    }
    assert.equal((await captain.client.delete(`/api/teams/${created.id}`)).status, 403, 'a captain cannot remove the team');
    const edited = await captain.client.put(`/api/teams/${created.id}`, edit);
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.data.name, 'Yonas and friends');
    assert.equal(edited.data.goalAmount, '900.50');
    assert.equal(edited.data.description, created.description, 'left out, kept');
    assert.equal((await asOrganiser.put(`/api/teams/${created.id}`, { goalAmount: null })).data.goalAmount, null);

    const left = await member.client.request('DELETE', `/api/teams/${created.id}/members?userEmail=${encodeURIComponent(member.email)}`);
    assert.deepEqual(left.data, { email: member.email, status: 'REMOVED' });
    assert.deepEqual((await member.client.request('DELETE', `/api/teams/${created.id}/members?userEmail=${encodeURIComponent(member.email)}`)).data.status, 'REMOVED', 'again: fine');
    assert.equal((await app.client().get(`/api/teams/fundraiser/${f.id}`)).data[0].memberCount, 1);

    assert.equal((await asOrganiser.delete(`/api/teams/${created.id}`)).status, 204);
    assert.deepEqual((await app.client().get(`/api/teams/fundraiser/${f.id}`)).data, []);
    assert.equal((await asOrganiser.delete(`/api/teams/${created.id}`)).status, 404);
    assert.equal((await captain.client.put(`/api/teams/${created.id}`, edit)).status, 404);
  });

  it('withdraws an invitation when the address is removed, and lets the same address be invited again with a new link', async () => {
    const created = (await asOrganiser.post('/api/teams', team(fundraiser.id, organiser.user.id, { name: 'Old schoolmates' }))).data;
    const invitee = await person();
    const path = `/api/teams/${created.id}/members?userEmail=${encodeURIComponent(invitee.email)}`;
    await asOrganiser.post(path);
    const first = await invitationToken(invitee.email);
    await asOrganiser.request('DELETE', path);
    assert.equal((await invitee.client.post(`/api/teams/invitations/${first}/accept`)).status, 404, 'withdrawn');
    await asOrganiser.post(path);
    const second = await invitationToken(invitee.email);
    assert.notEqual(second, first);
    assert.equal((await invitee.client.post(`/api/teams/invitations/${second}/accept`)).status, 200);
    const stored = await app.orm.em.fork().find(TeamInvitationSchema, { team: created.id }, { orderBy: { id: 'asc' } });
    assert.deepEqual(stored.map((i) => [i.revokedAt !== null, i.acceptedAt !== null, i.openMarker]), [[true, false, null], [false, true, null]]);
    assert.ok(stored.every((i) => i.tokenHash.length === 64 && !i.tokenHash.includes(second)), 'only hashes kept');
  });

  it('keeps a suspended fundraiser’s teams from everybody but its organiser and admins', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    await asOrganiser.post('/api/teams', team(f.id, organiser.user.id));
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'SUSPENDED' });
    assert.equal((await app.client().get(`/api/teams/fundraiser/${f.id}`)).status, 404);
    assert.equal((await asOrganiser.get(`/api/teams/fundraiser/${f.id}`)).data.length, 1);
  });
});
