import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { isDatabaseBusy } from '../../kernel/db/index.ts';
import { AppError } from '../../kernel/http/index.ts';
import { fakeUser, mailsTo, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { fakeTeam } from '../../tests/helpers/teams.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from '../accounts/index.ts';
import { record } from '../rate-limits/index.ts';
import { inviteMember, teamLimits } from './team.service.ts';

const publicUrl = 'http://ethiofundraise.example';
/** What mail clients and people take for an address: a scheme, or a dot between a name and a letter. */
const linkLike = /:\/\/|[\p{L}\p{N}][.\u3002\uFF0E]\p{L}/u;
const dayMs = 24 * 60 * 60_000;

/** Invitations carry text strangers chose to addresses strangers chose: they must be worthless to a spammer. */
describe('team invitations as a spam relay', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
  });
  after(() => app.close());

  /** A signed-in user whose account is `ageMs` old, with their own browser and fundraiser. */
  async function organiser(ageMs: number, names: { firstName?: string; lastName?: string } = {}, title?: string): Promise<FakeUser & { client: TestClient; fundraiserId: number }> {
    const made = await fakeUser(app.orm, names);
    await app.orm.em.fork().nativeUpdate(UserSchema, { id: made.user.id }, { createdAt: new Date(Date.now() - ageMs) });
    const client = app.client();
    await signIn(client, made);
    const fundraiser = await fakeFundraiser(app.orm, made.user, title ? { title } : {});
    return { ...made, client, fundraiserId: fundraiser.id };
  }

  async function startTeam(owner: { client: TestClient; user: { id: number }; fundraiserId: number }, name = 'Bole choir'): Promise<number> {
    const created = await owner.client.post('/api/teams', { name, description: '', fundraiserId: owner.fundraiserId, creatorId: owner.user.id });
    assert.equal(created.status, 201, created.text);
    return created.data.id as number;
  }

  const invite = (client: TestClient, teamId: number, email: string) => client.post(`/api/teams/${teamId}/members?userEmail=${encodeURIComponent(email)}`);
  const withdraw = (client: TestClient, teamId: number, email: string) => client.request('DELETE', `/api/teams/${teamId}/members?userEmail=${encodeURIComponent(email)}`);

  /**
   * Invitations made at once, straight through the service so that each request's steps
   * interleave with the others' (over HTTP, SQLite's one connection answers each request's
   * statements in turn). Answers how many were to be mailed, and the refusals' codes.
   * Invitations can deadlock each other on MariaDB: the loser is answered 503 to retry, and
   * mailed nothing, which is all these tests need of it.
   */
  async function inviteAtOnce(viewerId: number, invitations: Array<{ teamId: number; email: string }>): Promise<{ mailed: number; refusals: Set<string> }> {
    const outcomes = await Promise.allSettled(
      invitations.map(async ({ teamId, email }) => {
        const em = app.orm.em.fork();
        return inviteMember(em, await em.findOneOrFail(UserSchema, viewerId), teamId, email);
      }),
    );
    const refusals = new Set<string>();
    let mailed = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') mailed += outcome.value.mail ? 1 : 0;
      else refusals.add(isDatabaseBusy(outcome.reason) ? 'busy' : outcome.reason instanceof AppError ? outcome.reason.code : String(outcome.reason));
    }
    refusals.delete('busy');
    return { mailed, refusals };
  }

  it('puts no free text in the subject, and nothing link-like from a name, team name or title in the body, in either language', async () => {
    const spammer = await organiser(30 * dayMs, { firstName: 'www.cheap-pills.example', lastName: 'Visit https://spam.example/buy' }, 'Win big at spam.example today');
    const teamId = await startTeam(spammer, 'Go to ｓｐａｍ．ｅｘａｍｐｌｅ now');
    for (const lang of ['en', 'am'] as const) {
      const to = `target-${lang}-${randomUUID()}@example.com`;
      spammer.client.lang = lang;
      assert.equal((await invite(spammer.client, teamId, to)).status, 200);
      const [mail] = await mailsTo(app.orm, to);
      assert.ok(mail);
      assert.equal(mail.subject, lang === 'en' ? 'You are invited to join a team on EthioFundraise' : 'በEthioFundraise ላይ ቡድን እንዲቀላቀሉ ተጋብዘዋል');
      const ours = `${publicUrl}${lang === 'am' ? '/am' : ''}/fundraiser/${spammer.fundraiserId}/team?invitation=`;
      const lines = mail.text.split('\n');
      assert.ok(lines.some((line) => line.startsWith(ours)), 'our own link is there');
      for (const line of lines.filter((l) => !l.startsWith(ours))) assert.doesNotMatch(line, linkLike, line);
      assert.doesNotMatch(mail.text, /https?:\/\/(?!ethiofundraise\.example\/)/);
      // The names stay readable, so the invitee can tell who asks.
      assert.ok(mail.text.includes('spam. example'), mail.text);
    }
  });

  it('lets a new account send only a few invitations in its first day, and an established one a bounded number a day', async () => {
    const newcomer = await organiser(60 * 60_000);
    const teamId = await startTeam(newcomer);
    const first = teamLimits.invitesNewAccount.limit;
    for (let i = 0; i < first; i += 1) assert.equal((await invite(newcomer.client, teamId, `friend-${i}-${randomUUID()}@example.com`)).status, 200, `invitation ${i + 1}`);
    const refused = await invite(newcomer.client, teamId, `one-more-${randomUUID()}@example.com`);
    assert.equal(refused.status, 429);
    assert.equal(refused.data.code, 'team_invites_new_account');
    assert.match(refused.data.message, new RegExp(`${first} invitations`));
    assert.ok(Number(refused.headers.get('retry-after')) > 22 * 60 * 60);
    newcomer.client.lang = 'am';
    assert.match((await invite(newcomer.client, teamId, `one-more-${randomUUID()}@example.com`)).data.message, /ግብዣ/);

    const established = await organiser(30 * dayMs);
    const theirs = await startTeam(established);
    for (let i = 0; i <= first; i += 1) assert.equal((await invite(established.client, theirs, `member-${i}-${randomUUID()}@example.com`)).status, 200);
    // As if sent earlier today, out of the hour's window: counted in the day's alone, which still refuses the next.
    const em = app.orm.em.fork();
    for (let i = first + 1; i < teamLimits.invitesPerDay.limit; i += 1) await record(em, `team-invite:user:${established.user.id}`, teamLimits.invitesPerDay);
    const overDay = await invite(established.client, theirs, `late-${randomUUID()}@example.com`);
    assert.equal(overDay.status, 429);
    assert.ok(Number(overDay.headers.get('retry-after')) > 60 * 60);
  });

  it('mails a new account’s allowance of 50 invitations made at once, and refuses the rest', async () => {
    const newcomer = await organiser(60 * 60_000);
    const teamId = await startTeam(newcomer);
    const { mailed, refusals } = await inviteAtOnce(newcomer.user.id, Array.from({ length: 50 }, (_, i) => ({ teamId, email: `burst-${i}-${randomUUID()}@example.com` })));
    assert.ok(mailed >= 1 && mailed <= teamLimits.invitesNewAccount.limit, `${mailed} mailed`);
    assert.deepEqual([...refusals], ['team_invites_new_account']);
  });

  it('mails one address its allowance of 50 invitations made at once by as many teams', async () => {
    const captain = await organiser(30 * dayMs);
    const teams = await Promise.all(Array.from({ length: 50 }, () => fakeTeam(app.orm, captain.fundraiserId, captain.user)));
    const target = `target-${randomUUID()}@example.com`;
    const { mailed, refusals } = await inviteAtOnce(captain.user.id, teams.map(({ id }) => ({ teamId: id, email: target })));
    assert.ok(mailed >= 1 && mailed <= teamLimits.invitesToAddress.limit, `${mailed} mailed`);
    assert.deepEqual([...refusals], ['team_invites_to_address']);
  });

  it('counts only the invitation mailed of many made at once to one address by one team', async () => {
    const newcomer = await organiser(60 * 60_000);
    const teamId = await startTeam(newcomer);
    const friend = `friend-${randomUUID()}@example.com`;
    assert.equal((await inviteAtOnce(newcomer.user.id, Array.from({ length: 50 }, () => ({ teamId, email: friend })))).mailed, 1);
    const left = teamLimits.invitesNewAccount.limit - 1;
    for (let i = 0; i < left; i += 1) assert.equal((await invite(newcomer.client, teamId, `later-${i}-${randomUUID()}@example.com`)).status, 200, `invitation ${i + 2}`);
    assert.equal((await invite(newcomer.client, teamId, `one-more-${randomUUID()}@example.com`)).status, 429);
  });

  it('mails one address only a few invitations a day, whoever sends them', async () => {
    const target = `target-${randomUUID()}@example.com`;
    const one = await organiser(30 * dayMs);
    const teamId = await startTeam(one);
    for (let i = 0; i < teamLimits.invitesToAddress.limit; i += 1) {
      assert.equal((await invite(one.client, teamId, target)).status, 200);
      assert.equal((await withdraw(one.client, teamId, target)).status, 200);
    }
    const other = await organiser(30 * dayMs);
    const refused = await invite(other.client, await startTeam(other), target);
    assert.equal(refused.status, 429);
    assert.equal(refused.data.code, 'team_invites_to_address');
    assert.equal((await mailsTo(app.orm, target)).length, teamLimits.invitesToAddress.limit);
  });
});
