import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { fakeUser, mailsTo } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { fakeTeam, succeededDonation } from '../../tests/helpers/teams.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from '../accounts/index.ts';
import { publicDonationsByIds, settleDonation } from '../donations/index.ts';
import { memberDigestComposer, memberDigestIntervalMs, memberDigestJob, memberDigestMailKind, sendMemberDigests } from './team.digest.ts';
import { TeamMemberSchema, TeamSchema } from './team.entity.ts';

const log = createLogger('silent');
const minute = 60_000;
const publicUrl = 'http://ethiofundraise.example';

describe('a team member’s digest of donations through their link', () => {
  let app: TestApp;
  let donor: TestClient;

  /** Runs the job's work as of `at`, and answers how many digests it queued. */
  const run = (at: Date) => sendMemberDigests(app.orm.em.fork(), app.mailer, log, at);
  /** The digests in the outbox to `email`, newest first (invitations and the like left out). */
  const digestsTo = async (email: string) => (await mailsTo(app.orm, email)).filter((m) => m.kind === memberDigestMailKind);
  const give = (fundraiserId: number, amount: string, options: { ref?: string; donorName?: string | null; showAmount?: boolean } = {}) =>
    succeededDonation(app.orm, donor, { fundraiserId, amount, ...options });

  before(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
    // Registered here too, so that the suite does not depend on the composition root's wiring (setting it twice is harmless).
    app.mailer.composer(memberDigestMailKind, memberDigestComposer({ publicUrl: app.config.PUBLIC_URL, publicDonations: publicDonationsByIds }));
    donor = app.client();
  });
  after(() => app.close());

  it('sends each member one e-mail for many donations through their own link, in their language, with their total and the team’s page', async () => {
    const organiser = await fakeUser(app.orm, { firstName: 'Selam', language: 'en' });
    const hana = await fakeUser(app.orm, { firstName: 'Hana', lastName: 'Girma', language: 'am' });
    const dawit = await fakeUser(app.orm, { firstName: 'Dawit', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'ለሀና ቀዶ ጥገና', currency: 'ETB', goalMinor: 100_000_000 });
    const team = await fakeTeam(app.orm, f.id, organiser.user, [hana.user, dawit.user], { name: 'የአዲስ አበባ ጓደኞች' });
    const [, hanaLink, dawitLink] = team.members.map((m) => m.referralCode);

    await give(f.id, '1500', { ref: hanaLink, donorName: 'Abebe Kebede', showAmount: true });
    await give(f.id, '200', { ref: hanaLink, donorName: null, showAmount: true });
    await give(f.id, '300.50', { ref: hanaLink, donorName: 'Tigist Alemu', showAmount: false });
    const refunded = await give(f.id, '999', { ref: hanaLink, donorName: 'Refunded Giver', showAmount: true });
    assert.equal(await settleDonation(app.orm.em.fork(), refunded, 'REFUNDED'), true);
    await give(f.id, '70', { ref: dawitLink, donorName: 'Yonas Haile', showAmount: true });
    await give(f.id, '45', { donorName: 'No Link Giver', showAmount: true });
    await give(f.id, '45', { ref: 'no-such-code', donorName: 'Wrong Link Giver', showAmount: true });

    const now = new Date();
    assert.equal(await run(now), 2, 'Hana and Dawit; nobody for the donations through no link');
    const [mail, ...more] = await digestsTo(hana.email);
    assert.equal(more.length, 0);
    assert.equal(mail!.status, 'LOGGED', 'composed and delivered (no SMTP: kept in the outbox)');
    assert.equal(mail!.subject, 'በሊንክዎ በኩል ለ“ለሀና ቀዶ ጥገና” 3 አዲስ ልገሳዎች ተደርገዋል');
    assert.match(mail!.text, /^ሰላም Hana፣/);
    assert.match(mail!.text, /“የአዲስ አበባ ጓደኞች” ቡድን/);
    assert.match(mail!.text, /\n {4}Abebe Kebede — 1,500\.00 ብር\n/);
    assert.match(mail!.text, /\n {4}ስም አልባ — 200\.00 ብር\n/, 'a donor who gave no name is anonymous');
    assert.match(mail!.text, /\n {4}Tigist Alemu\n/, 'no amount unless the donor let it be shown');
    assert.doesNotMatch(mail!.text, /300\.50/);
    assert.doesNotMatch(mail!.text, /Refunded Giver|999/, 'refunded before the mail');
    assert.doesNotMatch(mail!.text, /Yonas Haile|No Link Giver|Wrong Link Giver/, 'only donations through her own link');
    assert.match(mail!.text, /በአጠቃላይ 2,000\.50 ብር አሰባስበዋል/, 'her new total');
    assert.ok(mail!.text.includes(`${publicUrl}/am/fundraiser/${f.id}/team\n`), mail!.text);
    assert.ok(mail!.text.includes(`${publicUrl}/am/edit-profile\n`), 'where to turn them off');

    const [english] = await digestsTo(dawit.email);
    assert.equal(english?.subject, 'A new donation through your link for “ለሀና ቀዶ ጥገና”');
    assert.match(english!.text, /^Hello Dawit,/);
    assert.match(english!.text, /\n {4}Yonas Haile — ETB 70\.00\n/);
    assert.match(english!.text, /You have now raised ETB 70\.00 in all through your link/);
    assert.doesNotMatch(english!.text, /Abebe Kebede|Tigist Alemu/, 'not someone else’s');
    assert.ok(english!.text.includes(`${publicUrl}/fundraiser/${f.id}/team\n`), 'English pages have no language prefix');
    assert.ok(english!.text.includes(`${publicUrl}/edit-profile\n`));
    assert.deepEqual(await digestsTo(organiser.email), [], 'the captain had no donation through their link');

    assert.equal(await run(now), 0, 'nothing new');
    assert.equal(await run(new Date(now.getTime() + 2 * memberDigestIntervalMs)), 0, 'nothing new, hours later either');
    assert.equal((await digestsTo(hana.email)).length, 1);
  });

  it('sends a member at most one e-mail an hour, and then only the donations since', async () => {
    const organiser = await fakeUser(app.orm);
    const marta = await fakeUser(app.orm, { firstName: 'Marta', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'School books for Bahir Dar', currency: 'USD' });
    const { members } = await fakeTeam(app.orm, f.id, organiser.user, [marta.user]);
    const link = members[1]!.referralCode;
    await give(f.id, '25', { ref: link, donorName: 'Kebede Ayana', showAmount: true });
    const start = new Date();
    assert.equal(await run(start), 1);

    await give(f.id, '40.50', { ref: link, donorName: 'Lensa Tolosa', showAmount: true });
    assert.equal(await run(new Date(start.getTime() + 10 * minute)), 0, 'within the hour');
    assert.equal(await run(new Date(start.getTime() + 50 * minute)), 0, 'still within the hour');
    await give(f.id, '1000', { ref: link, donorName: 'Elias Worku', showAmount: false });
    assert.equal(await run(new Date(start.getTime() + memberDigestIntervalMs + minute)), 1, 'an hour on: what waited');
    assert.equal(await run(new Date(start.getTime() + 3 * memberDigestIntervalMs)), 0, 'and nothing after');

    const mails = await digestsTo(marta.email);
    assert.deepEqual(mails.map((m) => m.subject).reverse(), [
      'A new donation through your link for “School books for Bahir Dar”',
      '2 new donations through your link for “School books for Bahir Dar”',
    ]);
    const latest = mails[0]!.text;
    assert.match(latest, /2 new donations have been made to “School books for Bahir Dar” through your personal link on the team/);
    assert.match(latest, /\n {4}Lensa Tolosa — \$40\.50\n/);
    assert.match(latest, /\n {4}Elias Worku\n/);
    assert.doesNotMatch(latest, /Kebede Ayana/, 'already told');
    assert.match(latest, /You have now raised \$1,065\.50 in all/);
  });

  it('lists the first ten of many donations and says how many more; the job reports what it did', async () => {
    const organiser = await fakeUser(app.orm);
    const lensa = await fakeUser(app.orm, { firstName: 'Lensa', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Flood relief in Gambella', currency: 'USD' });
    const { members } = await fakeTeam(app.orm, f.id, organiser.user, [lensa.user]);
    for (let i = 1; i <= 12; i += 1) await give(f.id, `${i}`, { ref: members[1]!.referralCode, donorName: `Giver ${i}`, showAmount: true });
    assert.equal(await memberDigestJob(app.mailer).run(app.orm.em.fork(), log), '1 team member digests queued');
    const [mail] = await digestsTo(lensa.email);
    assert.equal(mail?.subject, '12 new donations through your link for “Flood relief in Gambella”');
    assert.equal(mail!.text.match(/\n {4}Giver \d+ — /g)?.length, 10);
    assert.match(mail!.text, /Giver 10 — \$10\.00/);
    assert.doesNotMatch(mail!.text, /Giver 11/);
    assert.match(mail!.text, /… and 2 more\./);
    assert.match(mail!.text, /raised \$78\.00 in all/);
    assert.equal(memberDigestJob(app.mailer).name, 'team-member-digests');
  });

  it('sends none to a member who left, on a removed team, or who turned these e-mails off; and tells the last once turned back on', async () => {
    const organiser = await fakeUser(app.orm);
    const [gone, removed, quiet] = await Promise.all(['Gone', 'Removed', 'Quiet'].map((firstName) => fakeUser(app.orm, { firstName, language: 'en' })));
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'A well for Lalibela', currency: 'USD' });
    const mine = await fakeTeam(app.orm, f.id, organiser.user, [gone!.user, quiet!.user]);
    const other = await fakeTeam(app.orm, f.id, organiser.user, [removed!.user]);
    await give(f.id, '10', { ref: mine.members[1]!.referralCode, donorName: 'For Gone', showAmount: true });
    await give(f.id, '10', { ref: other.members[1]!.referralCode, donorName: 'For Removed', showAmount: true });
    await give(f.id, '10', { ref: mine.members[2]!.referralCode, donorName: 'For Quiet', showAmount: true });

    const em = app.orm.em.fork();
    await em.nativeUpdate(TeamMemberSchema, { id: mine.members[1]!.id }, { leftAt: new Date() });
    await em.nativeUpdate(TeamSchema, { id: other.id }, { removedAt: new Date() });
    await em.nativeUpdate(UserSchema, { id: quiet!.user.id }, { commentEmails: false });
    assert.equal(await run(new Date()), 0);
    for (const who of [gone!, removed!, quiet!]) assert.deepEqual(await digestsTo(who.email), [], who.user.firstName);

    await em.nativeUpdate(UserSchema, { id: quiet!.user.id }, { commentEmails: true });
    assert.equal(await run(new Date()), 1, 'what came while they were off, from the last two days');
    const [mail] = await digestsTo(quiet!.email);
    assert.match(mail!.text, /For Quiet — \$10\.00/);
    assert.deepEqual(await digestsTo(gone!.email), []);
    assert.deepEqual(await digestsTo(removed!.email), []);
  });

  it('drops a digest queued before the member left, the team was removed, they turned these e-mails off, or everything was refunded', async () => {
    const organiser = await fakeUser(app.orm);
    const bethel = await fakeUser(app.orm, { firstName: 'Bethel', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const team = await fakeTeam(app.orm, f.id, organiser.user, [bethel.user]);
    const member = team.members[1]!;
    const id = await give(f.id, '15', { ref: member.referralCode });
    const composed = async () => memberDigestComposer({ publicUrl, publicDonations: publicDonationsByIds })(app.orm.em.fork(), `${member.id}:0:${Number.MAX_SAFE_INTEGER}`);
    const em = app.orm.em.fork();
    const undoAll = async () => {
      await em.nativeUpdate(TeamMemberSchema, { id: member.id }, { leftAt: null });
      await em.nativeUpdate(TeamSchema, { id: team.id }, { removedAt: null });
      await em.nativeUpdate(UserSchema, { id: bethel.user.id }, { commentEmails: true });
    };

    const mail = await composed();
    assert.equal(mail?.to, bethel.email);
    assert.match(mail!.text, /\n {4}Anonymous\n/, 'no name given, and the amount not shown by default');
    await em.nativeUpdate(TeamMemberSchema, { id: member.id }, { leftAt: new Date() });
    assert.equal(await composed(), null, 'left');
    await undoAll();
    await em.nativeUpdate(TeamSchema, { id: team.id }, { removedAt: new Date() });
    assert.equal(await composed(), null, 'team removed');
    await undoAll();
    await em.nativeUpdate(UserSchema, { id: bethel.user.id }, { commentEmails: false });
    assert.equal(await composed(), null, 'turned off');
    await undoAll();
    assert.equal((await composed())?.to, bethel.email);
    assert.equal(await settleDonation(app.orm.em.fork(), id, 'REFUNDED'), true);
    assert.equal(await composed(), null, 'all refunded');
  });

  it('queues one e-mail when two runs claim the same member at once', async () => {
    const organiser = await fakeUser(app.orm);
    const yonas = await fakeUser(app.orm, { firstName: 'Yonas', language: 'en' });
    const f = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD' });
    const { members } = await fakeTeam(app.orm, f.id, organiser.user, [yonas.user]);
    await give(f.id, '20', { ref: members[1]!.referralCode, donorName: 'Meron', showAmount: true });
    await give(f.id, '30', { ref: members[1]!.referralCode, donorName: 'Kidist', showAmount: true });
    const now = new Date();
    const counts = await Promise.all([run(now), run(now), run(now)]);
    assert.equal(counts.reduce((sum, n) => sum + n, 0), 1, `queued by each run: ${counts.join(', ')}`);
    const mails = await digestsTo(yonas.email);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text, /Meron — \$20\.00\n {4}Kidist — \$30\.00\n/);
    const told = await app.orm.em.fork().findOneOrFail(TeamMemberSchema, { id: members[1]!.id });
    // MySQL keeps whole seconds.
    assert.ok(Math.abs((told.toldAt?.getTime() ?? 0) - now.getTime()) < 1000, 'told as of the run');
    assert.ok(told.lastToldCreditId !== null && told.lastToldCreditId !== undefined && told.lastToldCreditId > 0);
  });
});
