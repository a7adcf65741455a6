import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { storedComment } from '../../tests/helpers/comments.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { fakeTeam, succeededDonation } from '../../tests/helpers/teams.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { settleDonation } from '../donations/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { teamBoard, TeamMemberSchema, TeamSchema } from './index.ts';

const publicUrl = 'http://ethiofundraise.example';

/** Joining open teams, an invitation's page, co-organisers' rights, a member's own donors, and a team's fundraiser in search. */
describe('teams: joining, invitations, co-organisers, credits', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;

  async function person(overrides: Parameters<typeof fakeUser>[1] = {}): Promise<FakeUser & { client: TestClient }> {
    const made = await fakeUser(app.orm, overrides);
    const client = app.client();
    await signIn(client, made);
    return { ...made, client };
  }

  async function invitationToken(email: string): Promise<string> {
    const [mail] = await mailsTo(app.orm, email);
    const match = /[?&]invitation=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    assert.ok(match, mail?.text);
    return match[1]!;
  }

  const newTeam = async (fundraiserId: number, name = 'The Bole choir') =>
    (await asOrganiser.post('/api/teams', { name, description: '', fundraiserId, creatorId: organiser.user.id })).data as { id: number };

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
    organiser = await fakeUser(app.orm, { firstName: 'Selam', lastName: 'Bekele' });
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
  });
  after(() => app.close());

  it('lets a supporter join a team by themself only where the organiser opened the fundraiser to teams, once', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const team = await newTeam(f.id);
    const supporter = await person({ firstName: 'Hana' });
    const closed = await supporter.client.post(`/api/teams/${team.id}/join`);
    assert.equal(closed.status, 403);
    assert.equal(closed.data.code, 'team_invite_only');
    assert.equal((await app.client().post(`/api/teams/${team.id}/join`)).status, 401);

    await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    const both = await Promise.all([supporter.client.post(`/api/teams/${team.id}/join`), supporter.client.post(`/api/teams/${team.id}/join`)]);
    assert.deepEqual(both.map((r) => r.status), [200, 200], both.map((r) => r.text).join(' '));
    const listed = (await app.client().get(`/api/teams/fundraiser/${f.id}`)).data[0];
    assert.equal(listed.memberCount, 2, 'joined once');
    const own = (await supporter.client.get(`/api/teams/fundraiser/${f.id}`)).data[0].members.find((m: { userId: number }) => m.userId === supporter.user.id);
    assert.equal(own.role, 'MEMBER');
    assert.match(own.referralUrl, new RegExp(`^${publicUrl}/fundraiser/${f.id}\\?ref=[A-Za-z0-9_-]{12,}$`));

    assert.equal((await supporter.client.post('/api/teams/999999/join')).status, 404);
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'CLOSED' });
    const late = await (await person()).client.post(`/api/teams/${team.id}/join`);
    assert.equal(late.status, 409);
  });

  it('shows what an invitation is for to whoever holds its link, and nothing for a used or unknown one', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Surgery for Abebe' });
    const team = await newTeam(f.id, 'Cousins abroad');
    const invitee = await person();
    await asOrganiser.post(`/api/teams/${team.id}/members?userEmail=${encodeURIComponent(invitee.email)}`);
    const token = await invitationToken(invitee.email);
    const preview = await app.client().get(`/api/teams/invitations/${token}`);
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(
      { ...preview.data, expiresAt: '' },
      { email: invitee.email, role: 'MEMBER', teamId: team.id, teamName: 'Cousins abroad', fundraiserId: f.id, fundraiserTitle: 'Surgery for Abebe', inviterName: 'Selam Bekele', expiresAt: '' },
    );
    assert.equal((await app.client().get(`/api/teams/invitations/${'A'.repeat(32)}`)).status, 404);
    assert.equal((await app.client().get('/api/teams/invitations/bad%00token')).status, 400);
    await invitee.client.post(`/api/teams/invitations/${token}/accept`);
    assert.equal((await app.client().get(`/api/teams/invitations/${token}`)).status, 404, 'used');
  });

  it('lets the organiser name a co-organiser on their own team, who may post updates and hide comments, and nothing more', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const own = await newTeam(f.id, 'Selam’s family');
    const helper = await person({ firstName: 'Dawit' });
    const commenter = await person();
    const invite = await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}&role=CO_ORGANISER`);
    assert.deepEqual(invite.data, { email: helper.email, status: 'INVITED' });

    const update = () => helper.client.post(`/api/fundraisers/${f.id}/updates`, { content: 'Surgery is booked for Monday.' });
    assert.equal((await update()).status, 403, 'not before accepting');
    assert.equal((await helper.client.post(`/api/teams/invitations/${await invitationToken(helper.email)}/accept`)).data.role, 'CO_ORGANISER');
    const posted = await update();
    assert.equal(posted.status, 201, posted.text);
    assert.equal(posted.data.author.id, helper.user.id);

    const comment = await storedComment(app.orm, f.id, commenter.user, 'Buy followers at spam.example');
    const noReason = await helper.client.request('DELETE', `/api/comments/${comment.id}`, { json: {} });
    assert.equal(noReason.status, 400);
    const hidden = await helper.client.request('DELETE', `/api/comments/${comment.id}`, { json: { reason: 'Spam' } });
    assert.equal(hidden.status, 200, hidden.text);
    assert.equal(hidden.data.status, 'hidden');

    // Never money, status or deletion: those stay the organiser's.
    assert.equal((await helper.client.put(`/api/fundraisers/${f.id}`, { title: 'Taken over' })).status, 403);
    assert.equal((await helper.client.patch(`/api/fundraisers/${f.id}`, { status: 'CLOSED' })).status, 403);
    assert.equal((await helper.client.delete(`/api/fundraisers/${f.id}`)).status, 403);
    assert.equal((await app.client().get(`/api/fundraisers/${f.id}`)).data.status, 'ACTIVE');

    // Only the organiser names co-organisers, and only on a team they captain.
    const captain = await person();
    await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    const theirs = (await captain.client.post('/api/teams', { name: 'Captain’s team', fundraiserId: f.id, creatorId: captain.user.id })).data;
    const byCaptain = await captain.client.post(`/api/teams/${theirs.id}/members?userEmail=${encodeURIComponent(commenter.email)}&role=CO_ORGANISER`);
    assert.equal(byCaptain.status, 403);
    assert.equal(byCaptain.data.code, 'co_organiser_not_allowed');
    const onTheirs = await asOrganiser.post(`/api/teams/${theirs.id}/members?userEmail=${encodeURIComponent(commenter.email)}&role=CO_ORGANISER`);
    assert.equal(onTheirs.data.code, 'co_organiser_not_allowed');
    assert.equal((await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=x%40example.com&role=CAPTAIN`)).status, 400);

    // Taken back (the organiser invites them again as a member), the rights go.
    assert.deepEqual((await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}&role=MEMBER`)).data, { email: helper.email, status: 'MEMBER' });
    assert.equal((await update()).status, 403);
    assert.equal((await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}&role=CO_ORGANISER`)).status, 200);
    assert.equal((await update()).status, 201, 'named again');
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'SUSPENDED' });
    assert.equal((await update()).status, 404, 'a suspended fundraiser is the moderators’ alone');
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'ACTIVE' });
    await helper.client.request('DELETE', `/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}`);
    assert.equal((await update()).status, 403, 'left the team: no rights left');
  });

  it('lists a member’s own donors as the public sees them, to that member alone, refunds left out', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const member = await person({ firstName: 'Meron' });
    const other = await person();
    const team = await fakeTeam(app.orm, f.id, organiser.user, [member.user, other.user]);
    const code = team.members[1]!.referralCode;
    const shown = await succeededDonation(app.orm, app.client(), { fundraiserId: f.id, amount: '25', ref: code, donorName: 'Abebe Kebede', showAmount: true });
    const hiddenAmount = await succeededDonation(app.orm, app.client(), { fundraiserId: f.id, amount: '40', ref: code, donorName: null });
    const refunded = await succeededDonation(app.orm, app.client(), { fundraiserId: f.id, amount: '10', ref: code, donorName: 'Refunded Person' });
    await settleDonation(app.orm.em.fork(), refunded, 'REFUNDED');
    await succeededDonation(app.orm, app.client(), { fundraiserId: f.id, amount: '7', ref: team.members[2]!.referralCode, donorName: 'Someone Else' });

    const mine = await member.client.get(`/api/teams/${team.id}/credits`);
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(
      mine.data.map((d: { id: number; name: string; amount: string | null }) => [d.id, d.name, d.amount]),
      [
        [hiddenAmount, 'Anonymous', null],
        [shown, 'Abebe Kebede', '25.00'],
      ],
    );
    assert.equal((await (await person()).client.get(`/api/teams/${team.id}/credits`)).status, 403, 'a stranger');
    assert.equal((await app.client().get(`/api/teams/${team.id}/credits`)).status, 401);
    assert.deepEqual((await other.client.get(`/api/teams/${team.id}/credits`)).data.map((d: { name: string }) => d.name), ['Someone Else']);
  });

  it('answers `teamId=N` in search with the fundraiser that team raises for, and nothing once it is removed', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const closed = await fakeFundraiser(app.orm, organiser.user, { status: 'CLOSED' });
    const team = await newTeam(f.id);
    const onClosed = await fakeTeam(app.orm, closed.id, organiser.user);
    const suspended = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED' });
    const onSuspended = await fakeTeam(app.orm, suspended.id, organiser.user);
    const search = async (teamId: number) => (await app.client().get(`/api/fundraisers/search?query=${encodeURIComponent(`teamId=${teamId}`)}`)).data;
    assert.deepEqual((await search(team.id)).content.map((c: { id: number }) => c.id), [f.id]);
    assert.deepEqual((await search(onClosed.id)).content.map((c: { id: number }) => c.id), [closed.id], 'a closed one still shows, as on a profile');
    assert.equal((await search(onSuspended.id)).totalElements, 0);
    await asOrganiser.delete(`/api/teams/${team.id}`);
    assert.equal((await search(team.id)).totalElements, 0);
  });

  it('shows the public its teams ranked, each with its member count and five leading members, never an address', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB' });
    const people = await Promise.all(Array.from({ length: 7 }, (_, i) => fakeUser(app.orm, { firstName: `Member${i}` })));
    const big = await fakeTeam(app.orm, f.id, people[0]!.user, people.slice(1).map((p) => p.user), { name: 'Big team' });
    const small = await fakeTeam(app.orm, f.id, organiser.user, [], { name: 'Small team' });
    const gone = await fakeTeam(app.orm, f.id, organiser.user, [], { name: 'Removed team' });
    const em = app.orm.em.fork();
    for (const [i, member] of big.members.entries()) await em.nativeUpdate(TeamMemberSchema, { id: member.id }, { raisedMinor: (i + 1) * 1000, donationCount: i + 1 });
    await em.nativeUpdate(TeamMemberSchema, { id: big.members[6]!.id }, { leftAt: new Date() });
    await em.nativeUpdate(TeamSchema, { id: big.id }, { raisedMinor: 21_000, donationCount: 21, goalMinor: 100_000 });
    await em.nativeUpdate(TeamSchema, { id: small.id }, { raisedMinor: 500, donationCount: 1 });
    await em.nativeUpdate(TeamSchema, { id: gone.id }, { removedAt: new Date(), raisedMinor: 99_999 });

    const board = await teamBoard(em, app.mediaLinks, { id: f.id, currency: 'ETB', teamsOpen: false, status: 'ACTIVE' });
    assert.equal(board.total, 2);
    assert.equal(board.open, false);
    assert.deepEqual(board.teams.map((t) => [t.name, t.raisedAmount, t.goalAmount, t.memberCount]), [
      ['Big team', '210.00', '1000.00', 6],
      ['Small team', '5.00', null, 1],
    ]);
    assert.deepEqual(board.teams[0]!.leaders.map((l) => [l.name.split(' ')[0], l.raisedAmount, l.donationCount]), [
      ['Member5', '60.00', 6],
      ['Member4', '50.00', 5],
      ['Member3', '40.00', 4],
      ['Member2', '30.00', 3],
      ['Member1', '20.00', 2],
    ], 'the five who raised most, the one who left not among them');
    assert.ok(!JSON.stringify(board).includes('@'), 'no address anywhere');
    assert.deepEqual(await teamBoard(em, app.mediaLinks, { id: 999_999, currency: 'USD', teamsOpen: true, status: 'ACTIVE' }), { total: 0, open: true, teams: [] });
  });

  it('takes the captaincy and the co-organiser role away with the place, and keeps a co-organiser only on the organiser’s own team', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    await asOrganiser.put(`/api/fundraisers/${f.id}`, { teamsOpen: true });
    const captain = await person();
    const theirs = (await captain.client.post('/api/teams', { name: 'Taken over?', fundraiserId: f.id, creatorId: captain.user.id })).data;
    await asOrganiser.request('DELETE', `/api/teams/${theirs.id}/members?userEmail=${encodeURIComponent(captain.email)}`);
    assert.equal((await captain.client.post(`/api/teams/${theirs.id}/join`)).status, 200, 'an open team takes them back');
    assert.equal((await captain.client.put(`/api/teams/${theirs.id}`, { name: 'Back in charge' })).status, 403, 'but not as captain');

    const own = await newTeam(f.id, 'The organiser’s own');
    const helper = await person();
    await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}&role=CO_ORGANISER`);
    await helper.client.post(`/api/teams/invitations/${await invitationToken(helper.email)}/accept`);
    const update = () => helper.client.post(`/api/fundraisers/${f.id}/updates`, { content: 'We reached half the goal.' });
    assert.equal((await update()).status, 201);
    assert.deepEqual((await asOrganiser.post(`/api/teams/${own.id}/members?userEmail=${encodeURIComponent(helper.email)}`)).data, { email: helper.email, status: 'MEMBER' });
    assert.equal((await update()).status, 201, 'invited again without a role: still co-organiser');
    await asOrganiser.request('DELETE', `/api/teams/${own.id}/members?userEmail=${encodeURIComponent(organiser.email)}`);
    assert.equal((await update()).status, 403, 'the organiser left the team: it is no longer theirs to lend rights from');
  });

  it('changes no team of a suspended or closed fundraiser, and limits how many teams one person starts', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const team = await newTeam(f.id);
    const invitee = await person();
    await asOrganiser.post(`/api/teams/${team.id}/members?userEmail=${encodeURIComponent(invitee.email)}`);
    const token = await invitationToken(invitee.email);
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'SUSPENDED' });
    const invite = await asOrganiser.post(`/api/teams/${team.id}/members?userEmail=someone.new%40example.com`);
    assert.equal(invite.status, 409);
    assert.equal(invite.data.code, 'team_fundraiser_not_active');
    assert.equal((await mailsTo(app.orm, 'someone.new@example.com')).length, 0, 'no mail for a suspended fundraiser');
    await app.orm.em.fork().nativeUpdate(FundraiserSchema, { id: f.id }, { status: 'CLOSED' });
    assert.equal((await invitee.client.post(`/api/teams/invitations/${token}/accept`)).status, 409);

    const open = await fakeFundraiser(app.orm, organiser.user);
    await asOrganiser.put(`/api/fundraisers/${open.id}`, { teamsOpen: true });
    const eager = await person();
    const start = (n: number) => eager.client.post('/api/teams', { name: `Team number ${n}`, fundraiserId: open.id, creatorId: eager.user.id });
    for (let n = 1; n <= 10; n += 1) assert.equal((await start(n)).status, 201);
    const refused = await start(11);
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get('retry-after'));
    const invisible = await asOrganiser.post('/api/teams', { name: '\u200b\u200b\u200b', fundraiserId: open.id, creatorId: organiser.user.id });
    assert.equal(invisible.status, 400);
    assert.ok(invisible.data.fields.name);
  });
});
