import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, mailsTo, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { DonationCreditSchema, TeamMemberSchema, TeamSchema } from '../teams/index.ts';
import { DonationSchema, settleDonation } from './index.ts';

/**
 * Donations made through a team member's link (`ref`) are credited to them and their team
 * when they succeed, and taken off when refunded, in the settling transaction: totals equal
 * the credited donations whatever is retried, duplicated or concurrent.
 */
describe('team credit of donations', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;

  /** A team of `size` members (the organiser captains it) on a new fundraiser, and each member's referral code. */
  async function teamOf(size: number): Promise<{ fundraiserId: number; teamId: number; codes: string[] }> {
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD', goalMinor: 10_000_000 });
    const team = (await asOrganiser.post('/api/teams', { name: 'Cousins abroad', description: '', fundraiserId: f.id, creatorId: organiser.user.id })).data;
    for (let i = 1; i < size; i += 1) {
      const member = await fakeUser(app.orm);
      const client = app.client();
      await signIn(client, member);
      await asOrganiser.post(`/api/teams/${team.id}/members?userEmail=${encodeURIComponent(member.email)}`);
      const token = /invitation=([A-Za-z0-9_-]+)/.exec((await mailsTo(app.orm, member.email))[0]!.text)![1]!;
      assert.equal((await client.post(`/api/teams/invitations/${token}/accept`)).status, 200);
    }
    const listed = (await asOrganiser.get(`/api/teams/fundraiser/${f.id}`)).data[0];
    const codes = listed.members.map((m: { referralUrl: string }) => new URL(m.referralUrl).searchParams.get('ref')!);
    assert.equal(codes.length, size);
    return { fundraiserId: f.id, teamId: team.id, codes };
  }

  const give = async (fundraiserId: number, amount: string, ref?: string) => {
    const answer = await app.client().post('/api/donations', { fundraiserId, amount, donorEmail: 'giver@example.com', currency: 'USD', ...(ref === undefined ? {} : { ref }) });
    assert.equal(answer.status, 201, answer.text);
    return answer.data.id as number;
  };

  /** Each member's and the team's totals, and the sums over the credit rows not refunded. */
  async function totals(teamId: number) {
    const em = app.orm.em.fork();
    const team = await em.findOneOrFail(TeamSchema, { id: teamId });
    const members = await em.find(TeamMemberSchema, { team: teamId }, { orderBy: { id: 'asc' } });
    const credits = await em.find(DonationCreditSchema, { team: teamId, refundedAt: null });
    const sum = (rows: { amountMinor: number }[]) => rows.reduce((total, row) => total + row.amountMinor, 0);
    return {
      team: [team.raisedMinor, team.donationCount],
      members: members.map((m) => [m.raisedMinor, m.donationCount]),
      memberSums: [members.reduce((t, m) => t + m.raisedMinor, 0), members.reduce((t, m) => t + m.donationCount, 0)],
      credited: [sum(credits), credits.length],
      byMember: members.map((m) => {
        const own = credits.filter((c) => c.member.id === m.id);
        return [sum(own), own.length];
      }),
    };
  }

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm, { firstName: 'Selam' });
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
  });
  after(() => app.close());

  it('credits a succeeded donation through a member’s link once, and takes it off once when refunded', async () => {
    const { fundraiserId, teamId, codes } = await teamOf(2);
    const id = await give(fundraiserId, '40', codes[1]);
    assert.equal((await app.orm.em.fork().findOneOrFail(DonationSchema, { id }, { populate: ['referralMember'] })).referralMember?.referralCode, codes[1]);
    assert.equal(await app.orm.em.fork().count(DonationCreditSchema, { donationId: id }), 0, 'nothing while it is PENDING');

    assert.equal(await settleDonation(app.orm.em.fork(), id, 'SUCCEEDED'), true);
    assert.equal(await settleDonation(app.orm.em.fork(), id, 'SUCCEEDED'), false);
    let now = await totals(teamId);
    assert.deepEqual(now.team, [4000, 1]);
    assert.deepEqual(now.members, [[0, 0], [4000, 1]]);
    const listed = (await app.client().get(`/api/teams/fundraiser/${fundraiserId}`)).data[0];
    assert.equal(listed.raisedAmount, '40.00');
    assert.deepEqual(listed.members.map((m: { raisedAmount: string; donationCount: number }) => [m.raisedAmount, m.donationCount]), [['40.00', 1], ['0.00', 0]], 'ranked by what they raised');

    assert.equal(await settleDonation(app.orm.em.fork(), id, 'REFUNDED'), true);
    assert.equal(await settleDonation(app.orm.em.fork(), id, 'REFUNDED'), false);
    now = await totals(teamId);
    assert.deepEqual(now.team, [0, 0]);
    assert.deepEqual(now.members, [[0, 0], [0, 0]]);
  });

  it('ignores a link of nobody, of another fundraiser’s team, of a member who left or of a removed team; the donation goes through', async () => {
    const mine = await teamOf(1);
    const other = await teamOf(1);
    const ids = [
      await give(mine.fundraiserId, '5', 'no-such-code-at-all'),
      await give(mine.fundraiserId, '5', other.codes[0]),
      await give(mine.fundraiserId, '5', ''),
    ];
    const tooLong = await app.client().post('/api/donations', { fundraiserId: mine.fundraiserId, amount: '5', donorEmail: 'giver@example.com', ref: 'x'.repeat(65) });
    assert.equal(tooLong.status, 400);
    assert.ok(tooLong.data.fields.ref);
    const wrongType = await app.client().post('/api/donations', { fundraiserId: mine.fundraiserId, amount: '5', donorEmail: 'giver@example.com', ref: 12 });
    assert.equal(wrongType.status, 400);

    assert.equal((await asOrganiser.delete(`/api/teams/${other.teamId}`)).status, 204);
    ids.push(await give(other.fundraiserId, '5', other.codes[0]));
    for (const id of ids) assert.equal(await settleDonation(app.orm.em.fork(), id, 'SUCCEEDED'), true);
    const stored = await app.orm.em.fork().find(DonationSchema, { id: { $in: ids } });
    assert.ok(stored.every((d) => d.referralMember === null));
    assert.equal(await app.orm.em.fork().count(DonationCreditSchema, { donationId: { $in: ids } }), 0);
    assert.deepEqual((await totals(mine.teamId)).team, [0, 0]);
  });

  it('credits nobody for a gift started through a team removed, or a member who left, before it succeeded; the fundraiser counts it', async () => {
    const removed = await teamOf(2);
    const left = await teamOf(2);
    const back = await teamOf(2);
    const throughRemoved = await give(removed.fundraiserId, '7', removed.codes[1]);
    const throughLeaver = await give(left.fundraiserId, '8', left.codes[1]);
    const throughReturner = await give(back.fundraiserId, '9', back.codes[1]);
    // While the donors pay: the organiser removes one team, a member leaves another, and one leaves and joins again.
    assert.equal((await asOrganiser.delete(`/api/teams/${removed.teamId}`)).status, 204);
    const em = app.orm.em.fork();
    const memberOf = (teamId: number, code: string) => em.findOneOrFail(TeamMemberSchema, { team: teamId, referralCode: code });
    await em.nativeUpdate(TeamMemberSchema, { id: (await memberOf(left.teamId, left.codes[1]!)).id }, { leftAt: new Date() });
    const returner = await memberOf(back.teamId, back.codes[1]!);
    await em.nativeUpdate(TeamMemberSchema, { id: returner.id }, { leftAt: new Date() });
    await em.nativeUpdate(TeamMemberSchema, { id: returner.id }, { leftAt: null });

    for (const id of [throughRemoved, throughLeaver, throughReturner]) assert.equal(await settleDonation(app.orm.em.fork(), id, 'SUCCEEDED'), true);
    assert.equal(await app.orm.em.fork().count(DonationCreditSchema, { donationId: { $in: [throughRemoved, throughLeaver] } }), 0, 'no credit for a removed team or a member who left');
    assert.deepEqual((await totals(removed.teamId)).team, [0, 0]);
    assert.deepEqual((await totals(left.teamId)).team, [0, 0]);
    assert.deepEqual((await totals(left.teamId)).members, [[0, 0], [0, 0]]);
    assert.deepEqual((await totals(back.teamId)).team, [900, 1], 'a member on the team again when the gift succeeds is credited');
    for (const [fundraiserId, minor] of [[removed.fundraiserId, 700], [left.fundraiserId, 800]] as const) {
      const f = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: fundraiserId });
      assert.deepEqual([f.raisedMinor, f.donationCount], [minor, 1], 'the fundraiser counts the gift');
    }
    // Taken back later, it takes nothing off a team it never counted for.
    assert.equal(await settleDonation(app.orm.em.fork(), throughLeaver, 'REFUNDED'), true);
    assert.deepEqual((await totals(left.teamId)).team, [0, 0]);
  });

  it('keeps member sums = team totals = credited donations through 200 donations confirmed at once, with duplicates and refunds', async () => {
    const { fundraiserId, teamId, codes } = await teamOf(5);
    const ids: number[] = [];
    for (let i = 0; i < 200; i += 1) ids.push(await give(fundraiserId, `${10 + (i % 7)}.${String(i % 100).padStart(2, '0')}`, codes[i % 5]));
    const outsider = await give(fundraiserId, '99');

    const settle = (id: number, to: 'SUCCEEDED' | 'REFUNDED') => settleDonation(app.orm.em.fork(), id, to);
    // Every donation confirmed twice at once; every ninth also refunded at the same moment.
    const refunded = new Set(ids.filter((_, i) => i % 9 === 0));
    const attempts = ids.flatMap((id) => [settle(id, 'SUCCEEDED'), settle(id, 'SUCCEEDED'), ...(refunded.has(id) ? [settle(id, 'REFUNDED')] : [])]);
    attempts.push(settle(outsider, 'SUCCEEDED'));
    await Promise.all(attempts);
    // A refund that came before its success was recorded leaves nothing to count: both ways end REFUNDED.
    for (const id of refunded) await settle(id, 'REFUNDED');

    const em = app.orm.em.fork();
    const donations = await em.find(DonationSchema, { id: { $in: ids } });
    const counted = donations.filter((d) => d.status === 'SUCCEEDED');
    assert.equal(counted.length, 200 - refunded.size);
    assert.ok(donations.filter((d) => refunded.has(d.id)).every((d) => d.status === 'REFUNDED'));
    const expected = [counted.reduce((sum, d) => sum + d.amountMinor, 0), counted.length];

    const now = await totals(teamId);
    assert.deepEqual(now.credited, expected, 'credited donations are the counted ones');
    assert.deepEqual(now.team, expected, 'team total = credited donations');
    assert.deepEqual(now.memberSums, expected, 'member sums = team total');
    assert.deepEqual(now.members, now.byMember, 'each member = their own credits');
    const f = await em.findOneOrFail(FundraiserSchema, { id: fundraiserId });
    assert.deepEqual([f.raisedMinor, f.donationCount], [expected[0]! + 9900, expected[1]! + 1], 'the fundraiser counts the outsider too');
  });
});
