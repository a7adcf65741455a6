import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationChannelDaySchema, DonationDaySchema, DonationHourSchema, DonationMethodDaySchema, DonationSchema, rebuildBuckets, settleDonation } from '../donations/index.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { TeamMemberSchema } from '../teams/index.ts';
import { createVisitCounter } from './index.ts';

const phone = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const at = (iso: string) => new Date(iso);

/** The date of an instant in a zone, computed here apart from the code under test. */
const localDay = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** A minimal CSV reader (quoted cells, doubled quotes, CRLF), to read the export as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

/**
 * Reports read sums kept as donations settle and views are counted; every figure must equal
 * what the rows themselves say, cut in the viewer's days, never adding dollars to birr, and
 * shown only to those who run the fundraiser.
 */
describe('reports', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let f: Fundraiser;
  let dollars: Fundraiser;
  const ids: Record<string, number> = {};

  const give = async (fundraiserId: number, gift: { amount: string; email: string; name?: string; message?: string; channel?: string; mayContact?: boolean; ref?: string; currency?: string }) => {
    const answer = await app.client().post('/api/donations', {
      fundraiserId,
      amount: gift.amount,
      donorEmail: gift.email,
      ...(gift.name ? { donorName: gift.name } : {}),
      ...(gift.message ? { message: gift.message } : {}),
      ...(gift.channel ? { channel: gift.channel } : {}),
      ...(gift.mayContact ? { mayContact: true } : {}),
      ...(gift.ref ? { ref: gift.ref } : {}),
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.data.id as number;
  };
  const settle = async (id: number, when: string, to: 'SUCCEEDED' | 'REFUNDED' = 'SUCCEEDED') => assert.equal(await settleDonation(app.orm.em.fork(), id, to, { at: at(when) }), true);
  const report = (query: string, client = asOrganiser) => client.get(`/api/reports/fundraisers/${f.id}${query}`);

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm);
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
    f = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB', goalMinor: 200_000, createdAt: at('2026-03-01T08:00:00Z') });
    dollars = await fakeFundraiser(app.orm, organiser.user, { currency: 'USD', goalMinor: 100_000 });

    // Around Addis Ababa's midnight (UTC+3) and New York's (UTC-4 after 8 March 2026).
    ids.a = await give(f.id, { amount: '100', email: 'abebe@example.com', name: 'Abebe', channel: 'telegram' });
    ids.b = await give(f.id, { amount: '250', email: 'bethlehem@example.com', name: 'Bethlehem', channel: 'whatsapp', mayContact: true, message: 'ለቤተሰቡ ብርታት ይስጣችሁ' });
    ids.c = await give(f.id, { amount: '50', email: 'abebe@example.com', name: 'Abebe' });
    ids.d = await give(f.id, { amount: '400', email: 'chala@example.com', channel: 'telegram' });
    ids.e = await give(f.id, { amount: '75', email: 'dawit@example.com', name: 'ዳዊት ተስፋዬ', mayContact: true, message: '=HYPERLINK("http://evil.example","click")', channel: 'unknown' });
    ids.pending = await give(f.id, { amount: '999', email: 'pending@example.com' });
    await settle(ids.a, '2026-03-09T20:30:00Z');
    await settle(ids.b, '2026-03-09T21:30:00Z');
    await settle(ids.c, '2026-03-10T03:30:00Z');
    await settle(ids.d, '2026-03-10T05:00:00Z');
    await settle(ids.e, '2026-03-11T10:00:00Z');
    await settle(ids.d, '2026-03-12T09:00:00Z', 'REFUNDED');
    ids.usd = await give(dollars.id, { amount: '40', email: 'eden@example.com', currency: 'USD' });
    await settle(ids.usd, '2026-03-10T12:00:00Z');

    // Views and shares on 10 March (Addis Ababa): two visitors through Telegram, one direct.
    const counter = createVisitCounter({ logger: createLogger('silent') });
    for (const [visitor, channel] of [['1.1.1.1', 'telegram'], ['1.1.1.1', 'telegram'], ['2.2.2.2', 'telegram'], ['3.3.3.3', 'direct']] as const) {
      counter.view({ fundraiserId: f.id, channel, referrerHost: channel === 'telegram' ? 't.me' : null, visitor: `${visitor}|${phone}` }, at('2026-03-10T07:00:00Z'));
    }
    counter.share(f.id, 'telegram', { at: at('2026-03-10T06:00:00Z') });
    counter.share(f.id, 'telegram', { at: at('2026-03-10T06:10:00Z') });
    counter.share(f.id, 'whatsapp', { at: at('2026-03-09T22:00:00Z') });
    assert.equal(await counter.flush(app.orm.em.fork()), 7);
  });
  after(() => app.close());

  it('sums what the donations say, per Addis Ababa day by default: totals, donors once, largest, average, cumulative', async () => {
    const answer = await report('?from=2026-03-09&to=2026-03-11');
    assert.equal(answer.status, 200, answer.text);
    const r = answer.data;
    assert.deepEqual(r.range, { from: '2026-03-09', to: '2026-03-11', tz: 'Africa/Addis_Ababa' });
    // D (400) was refunded; the pending one never counts; Abebe gave twice and is one donor.
    assert.deepEqual(r.donationStats.byCurrency, [{ currency: 'ETB', raised: '475.00', donations: 4, donors: 3, average: '118.75', largest: '250.00' }]);
    assert.deepEqual(r.donationStats.progress, { goal: '2000.00', raised: '475.00', currency: 'ETB', percent: 23.8, donations: 4 });
    assert.deepEqual(r.donationTimeline, [
      {
        currency: 'ETB',
        days: [
          { date: '2026-03-09', amount: '100.00', donations: 1, cumulative: '100.00' },
          { date: '2026-03-10', amount: '300.00', donations: 2, cumulative: '400.00' },
          { date: '2026-03-11', amount: '75.00', donations: 1, cumulative: '475.00' },
        ],
      },
    ]);

    // The same figures from the rows themselves.
    const rows = await app.orm.em.fork().find(DonationSchema, { fundraiser: f.id, status: 'SUCCEEDED' });
    for (const day of r.donationTimeline[0].days) {
      const those = rows.filter((d) => localDay(d.succeededAt!, 'Africa/Addis_Ababa') === day.date);
      assert.equal(day.donations, those.length);
      assert.equal(Number(day.amount) * 100, those.reduce((sum, d) => sum + d.amountMinor, 0));
    }
    assert.deepEqual(r.recentDonations.map((d: { id: number }) => d.id), [ids.e, ids.c, ids.b, ids.a]);
    assert.ok(r.recentDonations.every((d: { email: unknown }) => d.email === null), 'no e-mail in the recent donations');
    assert.equal(r.fundraiser.title, f.title);
    assert.equal(r.fundraiser.lastUpdateAt, null);
    assert.equal(r.platform, null);
  });

  it('cuts days in the viewer’s time zone, and starts the cumulative line from what came before', async () => {
    const ny = (await report('?from=2026-03-09&to=2026-03-11&tz=America/New_York')).data;
    assert.deepEqual(
      ny.donationTimeline[0].days.map((d: { date: string; amount: string; donations: number; cumulative: string }) => [d.date, d.amount, d.donations, d.cumulative]),
      [
        ['2026-03-09', '400.00', 3, '400.00'],
        ['2026-03-10', '0.00', 0, '400.00'],
        ['2026-03-11', '75.00', 1, '475.00'],
      ],
    );
    // Across New York's change of clocks (8 March): each hour still falls in its own day.
    const acrossChange = (await report('?from=2026-03-07&to=2026-03-09&tz=America/New_York')).data;
    assert.deepEqual(acrossChange.donationTimeline[0].days.map((d: { amount: string; donations: number }) => [d.amount, d.donations]), [
      ['0.00', 0],
      ['0.00', 0],
      ['400.00', 3],
    ]);
    const later = (await report('?from=2026-03-11&to=2026-03-12')).data;
    assert.deepEqual(later.donationTimeline[0].days.map((d: { cumulative: string }) => d.cumulative), ['475.00', '475.00'], 'what was raised before the period is where the line starts');
    assert.deepEqual(later.donationStats.byCurrency.map((c: { raised: string; donors: number }) => [c.raised, c.donors]), [['75.00', 1]]);
  });

  it('follows each channel from shares to visits to donations and money, with conversion and referrers', async () => {
    const r = (await report('?from=2026-03-09&to=2026-03-11')).data;
    const byChannel = Object.fromEntries(r.shareStats.channels.map((c: { channel: string }) => [c.channel, c]));
    assert.deepEqual(byChannel.telegram, { channel: 'telegram', shares: 2, visits: 3, donations: 1, amounts: [{ currency: 'ETB', amount: '100.00' }] });
    assert.deepEqual(byChannel.whatsapp, { channel: 'whatsapp', shares: 1, visits: 0, donations: 1, amounts: [{ currency: 'ETB', amount: '250.00' }] });
    // An unknown ?s= is direct.
    assert.deepEqual(byChannel.direct, { channel: 'direct', shares: 0, visits: 1, donations: 2, amounts: [{ currency: 'ETB', amount: '125.00' }] });
    assert.equal(r.shareStats.shares, 3);
    assert.deepEqual(r.shareStats.daily, [{ date: '2026-03-09', shares: 0 }, { date: '2026-03-10', shares: 3 }, { date: '2026-03-11', shares: 0 }]);
    assert.equal(r.visitorStats.views, 4);
    assert.equal(r.visitorStats.visitors, 3);
    assert.equal(r.visitorStats.donations, 4);
    assert.equal(r.visitorStats.conversionRate, 1.3333);
    assert.deepEqual(r.visitorStats.topReferrers, [{ host: 't.me', views: 3 }]);
    assert.deepEqual(r.visitorStats.daily[1], { date: '2026-03-10', views: 4, visitors: 3 });
  });

  it('counts money by channel over the viewer’s days, though its sums are kept per Addis Ababa day', async () => {
    const channelsOf = async (query: string) => {
      const r = (await report(query)).data;
      return Object.fromEntries(
        r.shareStats.channels
          .filter((c: { donations: number }) => c.donations > 0)
          .map((c: { channel: string; donations: number; amounts: { amount: string }[] }) => [c.channel, [c.donations, c.amounts.map((a) => a.amount)]]),
      );
    };
    // 9 March in UTC ends at 03:00 on the 10th in Addis Ababa: Bethlehem's gift (00:30 there) is in it.
    assert.deepEqual(await channelsOf('?from=2026-03-09&to=2026-03-09&tz=UTC'), { telegram: [1, ['100.00']], whatsapp: [1, ['250.00']] });
    // New York's 9 March holds the three gifts its timeline shows, and not Chala's (01:00 on the 10th there).
    assert.deepEqual(await channelsOf('?from=2026-03-09&to=2026-03-09&tz=America/New_York'), { telegram: [1, ['100.00']], whatsapp: [1, ['250.00']], direct: [1, ['50.00']] });
    // Whole days of another zone take whole Addis Ababa days from the sums and the hours at either end from the donations.
    assert.deepEqual(await channelsOf('?from=2026-03-08&to=2026-03-12&tz=UTC'), { telegram: [1, ['100.00']], whatsapp: [1, ['250.00']], direct: [2, ['125.00']] });
  });

  it('sums an organiser’s fundraisers per currency, never adding dollars to birr', async () => {
    const r = (await asOrganiser.get('/api/reports/me?from=2026-03-09&to=2026-03-11')).data;
    assert.deepEqual(r.donationStats.byCurrency.map((c: { currency: string; raised: string; donations: number }) => [c.currency, c.raised, c.donations]), [
      ['USD', '40.00', 1],
      ['ETB', '475.00', 4],
    ]);
    assert.deepEqual(r.donationTimeline.map((t: { currency: string; days: { cumulative: string }[] }) => [t.currency, t.days.at(-1)!.cumulative]), [
      ['USD', '40.00'],
      ['ETB', '475.00'],
    ]);
    assert.equal(r.donationStats.progress, null);
    assert.equal(r.fundraiser, null);
  });

  it('lists, filters and pages the donations, and exports them as CSV a spreadsheet reads (Amharic intact, e-mail only where allowed)', async () => {
    const list = (await asOrganiser.get('/api/reports/donations?from=2026-03-01&to=2026-03-31&size=2&tz=UTC')).data;
    assert.equal(list.totalElements, 6, 'four succeeded, one refunded, the dollar one');
    assert.equal(list.content.length, 2);
    const refunded = (await asOrganiser.get(`/api/reports/donations?from=2026-03-01&to=2026-03-31&status=REFUNDED&fundraiserId=${f.id}`)).data;
    assert.deepEqual(refunded.content.map((d: { id: number; status: string }) => [d.id, d.status]), [[ids.d, 'REFUNDED']]);
    const paypal = (await asOrganiser.get('/api/reports/donations?from=2026-03-01&to=2026-03-31&method=PAYPAL')).data;
    assert.equal(paypal.totalElements, 0);

    const answer = await asOrganiser.get(`/api/reports/fundraisers/${f.id}/donations.csv?from=2026-03-01&to=2026-03-31&lang=am`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type')!, /^text\/csv; charset=utf-8/);
    assert.match(answer.headers.get('content-disposition')!, /attachment/);
    const bytes = Buffer.from(await (await fetch(`${app.url}/api/reports/fundraisers/${f.id}/donations.csv?from=2026-03-01&to=2026-03-31`, { headers: { Cookie: [...asOrganiser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })).arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte-order mark first');
    const [header, ...rows] = parseCsv(answer.text.replace(/^\uFEFF/, ''));
    assert.equal(header![2], 'ስም');
    assert.equal(header![0], 'ቀን (Africa/Addis_Ababa)');
    assert.equal(rows.length, 5);
    const byName = Object.fromEntries(rows.map((row) => [row[2], row]));
    const dawit = byName['ዳዊት ተስፋዬ']!;
    assert.equal(dawit[3], '75.00');
    assert.equal(dawit[7], `'=HYPERLINK("http://evil.example","click")`, 'a formula is written as text');
    assert.equal(dawit[10], 'dawit@example.com');
    assert.equal(byName.Bethlehem![7], 'ለቤተሰቡ ብርታት ይስጣችሁ');
    assert.equal(byName.Bethlehem![10], 'bethlehem@example.com');
    assert.equal(byName.Abebe![10], '', 'no e-mail without the donor’s leave');
    assert.equal(byName['ስም አልባ']![6], 'REFUNDED');
    // Spreadsheets set to split on semicolons or tabs must not split a cell either, and so see no formula.
    const { csvCell } = await import('./report.csv.ts');
    assert.equal(csvCell("x;=cmd|' /C calc'!A0"), `"x;=cmd|' /C calc'!A0"`);
    assert.equal(csvCell('a\tb'), '"a\tb"');
    assert.ok(!answer.text.includes('chala@example.com') && !answer.text.includes('abebe@example.com'));
  });

  it('pages a long export without losing or repeating a row', async () => {
    const g = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB' });
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const id = await give(g.id, { amount: String(10 + i), email: `d${i}@example.com` });
      await settle(id, '2026-04-02T10:00:00.250Z');
      made.push(id);
    }
    const { donationsCsv } = await import('./report.csv.ts');
    let text = '';
    for await (const chunk of donationsCsv(app.orm.em.fork(), { scope: [g.id], from: at('2026-04-01T00:00:00Z'), to: at('2026-04-03T00:00:00Z'), statuses: ['SUCCEEDED'] }, { language: 'en', timeZone: 'Africa/Addis_Ababa' }, 3)) text += chunk;
    const [heading, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    assert.equal(heading![0], 'Date (Africa/Addis_Ababa)');
    assert.deepEqual(new Set(rows.map((row) => row[0])), new Set(['2026-04-02 13:00']), 'as a spreadsheet reads a time, in the zone asked for');
    const amounts = rows.map((row) => row[3]);
    assert.deepEqual(amounts, ['16.00', '15.00', '14.00', '13.00', '12.00', '11.00', '10.00']);
  });

  it('lets only the organisers and admins see a fundraiser’s figures; admins alone the platform’s', async () => {
    const stranger = app.client();
    await signIn(stranger, await fakeUser(app.orm));
    const admin = app.client();
    await signIn(admin, await fakeUser(app.orm, { admin: true }));
    const coOrganiser = await fakeUser(app.orm);
    const member = await fakeUser(app.orm);
    const asCo = app.client();
    await signIn(asCo, coOrganiser);
    const asMember = app.client();
    await signIn(asMember, member);
    const team = (await asOrganiser.post('/api/teams', { name: 'Family', description: '', fundraiserId: f.id, creatorId: organiser.user.id })).data;
    const em = app.orm.em.fork();
    await em.insertMany(TeamMemberSchema, [
      { team: team.id, user: coOrganiser.user.id, role: 'CO_ORGANISER', referralCode: 'co-code-1', joinedAt: new Date() },
      { team: team.id, user: member.user.id, role: 'MEMBER', referralCode: 'member-code-1', joinedAt: new Date() },
    ] as never[]);

    const anonymous = app.client();
    const fundraiserPaths = [`/api/reports/fundraisers/${f.id}`, `/api/reports/fundraisers/${f.id}/donations.csv`];
    for (const path of fundraiserPaths) {
      assert.equal((await anonymous.get(path)).status, 401, path);
      assert.equal((await stranger.get(path)).status, 403, path);
      assert.equal((await asMember.get(path)).status, 403, path);
      assert.equal((await asCo.get(path)).status, 200, path);
      assert.equal((await asOrganiser.get(path)).status, 200, path);
      assert.equal((await admin.get(path)).status, 200, path);
    }
    assert.equal((await stranger.get('/api/reports/fundraisers/99999999')).status, 404);
    const suspended = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED' });
    assert.equal((await stranger.get(`/api/reports/fundraisers/${suspended.id}`)).status, 404, 'a suspended fundraiser is not found by a stranger');
    assert.equal((await asOrganiser.get(`/api/reports/fundraisers/${suspended.id}`)).status, 200, 'its organiser still sees its figures');
    for (const path of ['/api/reports/me', '/api/reports/donations', '/api/reports/donations.csv']) {
      assert.equal((await anonymous.get(path)).status, 401, path);
      assert.equal((await stranger.get(path)).status, 200, path);
    }
    const strangers = (await stranger.get('/api/reports/donations?from=2026-03-01&to=2026-03-31')).data;
    assert.equal(strangers.totalElements, 0, 'nobody sees donations to fundraisers that are not theirs');
    const intruding = (await stranger.get(`/api/reports/donations?from=2026-03-01&to=2026-03-31&fundraiserId=${f.id}`)).data;
    assert.equal(intruding.totalElements, 0);
    for (const path of ['/api/admin/reports', '/api/admin/reports/donations', '/api/admin/reports/donations.csv']) {
      assert.equal((await anonymous.get(path)).status, 401, path);
      assert.equal((await asOrganiser.get(path)).status, 403, path);
      assert.equal((await admin.get(path)).status, 200, path);
    }
    const platform = (await admin.get('/api/admin/reports?from=2026-03-09&to=2026-03-11')).data;
    assert.ok(platform.platform.byMethod.length > 0);
    assert.deepEqual(
      platform.platform.byCategory.filter((c: { currency: string }) => c.currency === 'ETB').map((c: { category: string; donations: number; amount: string }) => [c.category, c.donations, c.amount]),
      [['Medical', 4, '475.00']],
    );
  });

  it('refuses a period that is not one, with a message a person understands', async () => {
    for (const query of ['?from=2026-03-10&to=2026-03-09', '?from=2025-01-01&to=2026-03-09', '?from=2026-02-30', '?tz=Mars/Olympus', '?from=yesterday']) {
      const answer = await report(query);
      assert.equal(answer.status, 400, query);
      assert.ok(answer.data.message, query);
    }
  });

  it('keeps the sums equal to a recount from the donations, whatever is settled or refunded twice at once', async () => {
    const g = await fakeFundraiser(app.orm, organiser.user, { currency: 'ETB', goalMinor: 10_000_000 });
    const made: number[] = [];
    for (let i = 0; i < 30; i += 1) made.push(await give(g.id, { amount: String(20 + (i % 7) * 5), email: `donor${i % 5}@example.com`, channel: ['telegram', 'direct', 'whatsapp'][i % 3]! }));
    // Two hours apart, over three days: a refund of a donor's first gift moves them to a later hour and day.
    const when = (i: number) => new Date(Date.parse('2026-05-01T00:30:00Z') + i * 2 * 3_600_000);
    await Promise.all(made.flatMap((id, i) => [settleDonation(app.orm.em.fork(), id, 'SUCCEEDED', { at: when(i) }), settleDonation(app.orm.em.fork(), id, 'SUCCEEDED', { at: when(i) })]));
    const refunds = made.filter((_, i) => i % 4 === 0);
    await Promise.all(refunds.flatMap((id) => [settleDonation(app.orm.em.fork(), id, 'REFUNDED'), settleDonation(app.orm.em.fork(), id, 'REFUNDED')]));

    const sums = async () => {
      const em = app.orm.em.fork();
      const byKey = (rows: unknown[][]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      const hours = await em.find(DonationHourSchema, { fundraiser: g.id });
      const days = await em.find(DonationDaySchema, { fundraiser: g.id });
      const channels = await em.find(DonationChannelDaySchema, { fundraiser: g.id });
      const methods = await em.find(DonationMethodDaySchema, { fundraiser: g.id });
      return {
        hours: byKey(hours.filter((h) => h.donations > 0 || h.donors > 0).map((h) => [h.hour.toISOString(), h.donations, h.amountMinor, h.donors, h.largestMinor])),
        days: byKey(days.filter((d) => d.donations > 0 || d.donors > 0).map((d) => [d.day, d.donations, d.amountMinor, d.donors, d.largestMinor])),
        channels: byKey(channels.filter((d) => d.donations > 0).map((d) => [d.day, d.channel, d.donations, d.amountMinor])),
        methods: byKey(methods.filter((d) => d.donations > 0).map((d) => [d.day, d.method, d.donations, d.amountMinor])),
      };
    };
    const kept = await sums();
    await rebuildBuckets(app.orm.em.fork(), [g.id]);
    assert.deepEqual(kept, await sums());
    assert.equal(kept.days.length, 3);
    const stillGiving = new Set((await app.orm.em.fork().find(DonationSchema, { fundraiser: g.id, status: 'SUCCEEDED' })).map((d) => d.donorEmail));
    assert.equal(kept.hours.reduce((total, h) => total + Number(h[3]), 0), stillGiving.size);
    assert.equal(kept.days.reduce((total, d) => total + Number(d[3]), 0), stillGiving.size);
  });
});
