import type { EntityManager } from '@mikro-orm/core';
import { addisDay } from '../../kernel/calendar/index.ts';
import { dateFromDb as toDate } from '../../kernel/db/index.ts';
import { ValidationFailed, type Language } from '../../kernel/http/index.ts';
import { isoSeconds, visitChannels, type VisitChannel } from '../fundraisers/index.ts';
import { currencies, fromMinor, type Currency } from '../money/index.ts';
import { addDays, dayIn, dayIndex, fixedOffsetMs, periodOf, type Period } from './report.days.ts';
import { donationRows } from './report.donations.ts';
import type { ReportQuery, ReportView } from './report.schemas.ts';

/** A report's longest period: its cost has a ceiling. */
export const maxReportDays = 366;
const defaultDays = 30;

/**
 * Whose figures a report sums: one fundraiser's, a set (an organiser's), or every
 * fundraiser's (null: the admins' platform-wide report).
 */
export interface ReportScope {
  fundraiserIds: readonly number[] | null;
  /** The fundraiser of a fundraiser's report: its progress and what its page needs. */
  fundraiser?: { id: number; title: string; status: string; goalMinor: number; raisedMinor: number; donationCount: number; currency: Currency; createdAt: Date };
  platform?: boolean;
}

/** The period asked for, in the viewer's zone: the last 30 days up to today when left out. */
export function resolvePeriod(query: Pick<ReportQuery, 'from' | 'to' | 'tz'>, now = new Date()): Period {
  const to = query.to ?? (query.from ? maxDay(query.from, dayIn(query.tz, now)) : dayIn(query.tz, now));
  const from = query.from ?? addDays(to, -(defaultDays - 1));
  if (!validDay(from)) throw new ValidationFailed({ from: { code: 'field.report_day' } });
  if (!validDay(to)) throw new ValidationFailed({ to: { code: 'field.report_day' } });
  if (from > to) throw new ValidationFailed({ to: { code: 'field.report_order' } });
  if (addDays(from, maxReportDays - 1) < to) throw new ValidationFailed({ from: { code: 'field.report_range', params: { days: maxReportDays } } });
  return periodOf(query.tz, from, to);
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const validDay = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day && day >= '2000-01-01' && day <= '2999-12-31';
};

type Row = Record<string, unknown>;

const num = (value: unknown): number => Number(value ?? 0);

/** `and <column> in (?, …)` for a scope of some fundraisers; nothing for all of them. */
function inScope(scope: ReportScope, column: string): { sql: string; params: number[] } {
  if (scope.fundraiserIds === null) return { sql: '', params: [] };
  return { sql: ` and ${column} in (${scope.fundraiserIds.map(() => '?').join(', ')})`, params: [...scope.fundraiserIds] };
}

/**
 * Money by the channel donors came through. Its sums are kept per Addis Ababa day, and a
 * period cut in another zone starts and ends inside such days: the whole days come from the
 * sums, the hours of a day cut at either end from the donations themselves, so that a viewer
 * west of Addis Ababa sees today's gifts made after its midnight, and none from outside the period.
 */
async function moneyByChannel(run: (sql: string, params: unknown[]) => Promise<Row[]>, at: (date: Date) => unknown, period: Period, scope: { sql: string; params: number[] }): Promise<Row[]> {
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00+03:00`);
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  const startDay = addisDay(period.start);
  const first = dayStart(startDay) < start ? addDays(startDay, 1) : startDay;
  const last = addDays(addisDay(period.end), -1);
  const rows: Row[] = [];
  const cut: [number, number][] = [];
  if (first <= last) {
    rows.push(...(await run(`select channel, currency, sum(donations) n, sum(amount_minor) a from donation_channel_day where day >= ? and day <= ?${scope.sql} group by channel, currency`, [first, last, ...scope.params])));
    cut.push([start, dayStart(first)], [dayStart(addDays(last, 1)), end]);
  } else {
    cut.push([start, end]);
  }
  for (const [from, to] of cut) {
    if (from >= to) continue;
    rows.push(
      ...(await run(`select channel, currency, count(*) n, sum(amount_minor) a from donation where status = 'SUCCEEDED' and succeeded_at >= ? and succeeded_at < ?${scope.sql} group by channel, currency`, [
        at(new Date(from)),
        at(new Date(to)),
        ...scope.params,
      ])),
    );
  }
  return rows;
}

/**
 * A report of the period, read from the sums the counting and the settlements keep (never
 * from the donations themselves, but for the last 20): its cost follows the number of days,
 * not the number of donations.
 */
export async function buildReport(em: EntityManager, scope: ReportScope, period: Period, language: Language): Promise<ReportView> {
  const run = async (sql: string, params: unknown[]): Promise<Row[]> => (await em.getConnection().execute(sql, params, 'all')) as Row[];
  const at = (date: Date) => em.getPlatform().processDateProperty(date);
  const ids = scope.fundraiserIds;
  if (ids !== null && ids.length === 0) return emptyReport(scope, period);

  const [start, end] = [at(period.start), at(period.end)];
  // Addis Ababa days for what is kept by day: the same dates, whatever the viewer's zone.
  const [firstDay, lastDay] = [period.from, period.to];
  const hours = inScope(scope, 'fundraiser_id');
  const slot = daySlots(em, period);
  const [hourRows, nowRows, sourceRows, trafficByChannel, trafficByHour, sharesByChannel, sharesByHour, referrerRows] = [
    await moneyByDay(run, period, slot, start, hours),
    await run(`select currency, sum(raised_minor) a from fundraiser where 1 = 1${inScope(scope, 'id').sql} group by currency`, inScope(scope, 'id').params),
    await moneyByChannel(run, at, period, hours),
    await run(`select channel, sum(views) v, sum(visitors) u from traffic_hour where hour >= ? and hour < ?${hours.sql} group by channel`, [start, end, ...hours.params]),
    await run(`select ${slot.column} slot, sum(views) v, sum(visitors) u from traffic_hour where hour >= ? and hour < ?${hours.sql} group by slot`, [...slot.params, start, end, ...hours.params]),
    await run(`select channel, sum(shares) s from share_hour where hour >= ? and hour < ?${hours.sql} group by channel`, [start, end, ...hours.params]),
    await run(`select ${slot.column} slot, sum(shares) s from share_hour where hour >= ? and hour < ?${hours.sql} group by slot`, [...slot.params, start, end, ...hours.params]),
    await run(`select host, sum(views) v from referrer_day where day >= ? and day <= ?${hours.sql} group by host order by sum(views) desc, host limit 5`, [firstDay, lastDay, ...hours.params]),
  ];

  // Money, per currency: by day for the timeline, summed for the period, and what came before it.
  const perCurrency = new Map<Currency, { days: { amount: number; donations: number }[]; donations: number; amount: number; donors: number; largest: number; after: number }>();
  const money = (currency: Currency) => {
    let entry = perCurrency.get(currency);
    if (!entry) {
      entry = { days: period.days.map(() => ({ amount: 0, donations: 0 })), donations: 0, amount: 0, donors: 0, largest: 0, after: 0 };
      perCurrency.set(currency, entry);
    }
    return entry;
  };
  for (const row of hourRows) {
    const currency = row.currency as Currency;
    const index = num(row.index);
    const entry = money(currency);
    if (index < 0) {
      entry.after += num(row.a);
      continue;
    }
    entry.days[index]!.amount += num(row.a);
    entry.days[index]!.donations += num(row.n);
    entry.donations += num(row.n);
    entry.amount += num(row.a);
    entry.donors += num(row.d);
    entry.largest = Math.max(entry.largest, num(row.l));
  }
  const raisedNow = new Map(nowRows.map((row) => [row.currency as Currency, num(row.a)]));
  for (const currency of raisedNow.keys()) if (raisedNow.get(currency)! > 0) money(currency);
  const ordered = currencies.filter((c) => perCurrency.has(c));

  const byCurrency = ordered
    .map((currency) => ({ currency, ...perCurrency.get(currency)! }))
    .filter((e) => e.donations > 0)
    .map((e) => ({
      currency: e.currency,
      raised: fromMinor(e.amount, e.currency),
      donations: e.donations,
      donors: e.donors,
      average: fromMinor(Math.round(e.amount / e.donations), e.currency),
      largest: fromMinor(e.largest, e.currency),
    }));
  const donationTimeline = ordered.map((currency) => {
    const e = perCurrency.get(currency)!;
    let cumulative = (raisedNow.get(currency) ?? 0) - e.amount - e.after;
    return {
      currency,
      days: period.days.map((date, i) => {
        cumulative += e.days[i]!.amount;
        return { date, amount: fromMinor(e.days[i]!.amount, currency), donations: e.days[i]!.donations, cumulative: fromMinor(Math.max(cumulative, 0), currency) };
      }),
    };
  });

  // Channels: shares → visits → donations → money.
  const channels = new Map<VisitChannel, { shares: number; visits: number; donations: number; amounts: Map<Currency, number> }>(
    visitChannels.map((c) => [c, { shares: 0, visits: 0, donations: 0, amounts: new Map() }]),
  );
  for (const row of sharesByChannel) channels.get(row.channel as VisitChannel)!.shares += num(row.s);
  for (const row of trafficByChannel) channels.get(row.channel as VisitChannel)!.visits += num(row.v);
  for (const row of sourceRows) {
    const channel = channels.get(row.channel as VisitChannel)!;
    const currency = row.currency as Currency;
    channel.donations += num(row.n);
    channel.amounts.set(currency, (channel.amounts.get(currency) ?? 0) + num(row.a));
  }

  const trafficDays = period.days.map(() => ({ views: 0, visitors: 0 }));
  for (const row of trafficByHour) {
    const index = slot.index(row.slot);
    if (index < 0) continue;
    trafficDays[index]!.views += num(row.v);
    trafficDays[index]!.visitors += num(row.u);
  }
  const shareDays = period.days.map(() => 0);
  for (const row of sharesByHour) {
    const index = slot.index(row.slot);
    if (index >= 0) shareDays[index]! += num(row.s);
  }
  const views = trafficDays.reduce((sum, d) => sum + d.views, 0);
  const visitors = trafficDays.reduce((sum, d) => sum + d.visitors, 0);
  const donations = [...perCurrency.values()].reduce((sum, e) => sum + e.donations, 0);

  const recent = await donationRows(em, { scope: scope.fundraiserIds, from: period.start, to: period.end, statuses: ['SUCCEEDED'] }, { limit: 20, offset: 0 }, language);

  return {
    range: { from: period.from, to: period.to, tz: period.timeZone },
    donationStats: { byCurrency, progress: scope.fundraiser ? progressOf(scope.fundraiser) : null },
    shareStats: {
      shares: [...channels.values()].reduce((sum, c) => sum + c.shares, 0),
      channels: [...channels.entries()].map(([channel, c]) => ({
        channel,
        shares: c.shares,
        visits: c.visits,
        donations: c.donations,
        amounts: currencies.filter((cur) => c.amounts.has(cur)).map((cur) => ({ currency: cur, amount: fromMinor(c.amounts.get(cur)!, cur) })),
      })),
      daily: period.days.map((date, i) => ({ date, shares: shareDays[i]! })),
    },
    visitorStats: {
      views,
      visitors,
      donations,
      conversionRate: visitors > 0 ? Math.round((donations / visitors) * 10_000) / 10_000 : null,
      topReferrers: referrerRows.map((row) => ({ host: String(row.host), views: num(row.v) })),
      daily: period.days.map((date, i) => ({ date, views: trafficDays[i]!.views, visitors: trafficDays[i]!.visitors })),
    },
    recentDonations: recent.map((d) => ({ ...d, email: null })),
    donationTimeline,
    fundraiser: scope.fundraiser ? await fundraiserBlock(em, scope.fundraiser) : null,
    platform: scope.platform ? await platformBlock(em, period, language) : null,
  };
}

type Run = (sql: string, params: unknown[]) => Promise<Row[]>;
type Slots = ReturnType<typeof daySlots>;

/**
 * Donations, money, donors and the largest gift by the period's days (and the days after it,
 * for where the cumulative line starts): a row a day from the Addis Ababa sums when the
 * viewer's days are Addis Ababa's, else from the hourly sums.
 */
async function moneyByDay(run: Run, period: Period, slot: Slots, start: unknown, scope: { sql: string; params: number[] }): Promise<Row[]> {
  if (fixedOffsetMs(period) === addisOffsetMs) {
    const rows = await run(
      `select day, currency, sum(donations) n, sum(amount_minor) a, sum(donors) d, max(largest_minor) l from donation_day where day >= ?${scope.sql} group by day, currency`,
      [period.from, ...scope.params],
    );
    const index = new Map(period.days.map((day, i) => [day, i]));
    return rows.map((row) => ({ ...row, index: index.get(String(row.day)) ?? -1 }));
  }
  const rows = await run(
    `select ${slot.column} slot, currency, sum(donations) n, sum(amount_minor) a, sum(donors) d, max(largest_minor) l from donation_hour where hour >= ?${scope.sql} group by slot, currency`,
    [...slot.params, start, ...scope.params],
  );
  return rows.map((row) => ({ ...row, index: slot.index(row.slot) }));
}

const addisOffsetMs = 3 * 3_600_000;

/**
 * What hourly sums are grouped by: the viewer's day, worked out by the database when the zone
 * keeps one offset all through the period (always in Addis Ababa), so that a year is 365 rows
 * rather than 8,760; else the hour itself, each put in its day here. `index` answers the
 * period's day of a group, or -1 for one after the period.
 */
function daySlots(em: EntityManager, period: Period): { column: string; params: number[]; index(value: unknown): number } {
  const offset = fixedOffsetMs(period);
  if (offset === null) return { column: 'hour', params: [], index: (value) => dayIndex(period, toDate(value)) };
  const first = Date.parse(`${period.from}T00:00:00Z`) / 86_400_000;
  const inPeriod = (i: number) => (i >= 0 && i < period.days.length ? i : -1);
  // SQLite keeps a datetime as milliseconds since 1970; MySQL as a DATETIME, whose TO_DAYS counts from year 0.
  if (typeof em.getPlatform().processDateProperty(new Date(0)) === 'number') {
    return { column: 'cast((hour + ?) / 86400000 as integer)', params: [offset], index: (value) => inPeriod(Number(value) - first) };
  }
  return { column: 'to_days(date_add(hour, interval ? second))', params: [offset / 1000], index: (value) => inPeriod(Number(value) - 719_528 - first) };
}

function progressOf(f: NonNullable<ReportScope['fundraiser']>) {
  return {
    goal: fromMinor(f.goalMinor, f.currency),
    raised: fromMinor(f.raisedMinor, f.currency),
    currency: f.currency,
    percent: f.goalMinor > 0 ? Math.round((f.raisedMinor / f.goalMinor) * 1000) / 10 : 0,
    donations: f.donationCount,
  };
}

async function fundraiserBlock(em: EntityManager, f: NonNullable<ReportScope['fundraiser']>): Promise<NonNullable<ReportView['fundraiser']>> {
  const [row] = (await em.getConnection().execute('select max(created_at) last from fundraiser_update where fundraiser_id = ?', [f.id], 'all')) as Row[];
  return { id: f.id, title: f.title, status: f.status, lastUpdateAt: row?.last == null ? null : isoSeconds(toDate(row.last)), createdAt: isoSeconds(f.createdAt) };
}

async function platformBlock(em: EntityManager, period: Period, language: Language): Promise<NonNullable<ReportView['platform']>> {
  const run = async (sql: string, params: unknown[]): Promise<Row[]> => (await em.getConnection().execute(sql, params, 'all')) as Row[];
  const [start, end] = [em.getPlatform().processDateProperty(period.start), em.getPlatform().processDateProperty(period.end)];
  const [users] = await run('select count(*) n from app_user where created_at >= ? and created_at < ?', [start, end]);
  const [fundraisers] = await run('select count(*) n from fundraiser where created_at >= ? and created_at < ?', [start, end]);
  const methods = await run(
    'select method, currency, sum(donations) n, sum(amount_minor) a from donation_method_day where day >= ? and day <= ? group by method, currency order by sum(donations) desc, method',
    [period.from, period.to],
  );
  const categories = await run(
    `select c.id, c.name, c.name_am, s.currency, sum(s.donations) n, sum(s.amount_minor) a
      from donation_day s join fundraiser f on f.id = s.fundraiser_id join category c on c.id = f.category_id
      where s.day >= ? and s.day <= ?
      group by c.id, c.name, c.name_am, s.currency order by sum(s.donations) desc`,
    [period.from, period.to],
  );
  return {
    newUsers: num(users?.n),
    newFundraisers: num(fundraisers?.n),
    byMethod: methods.map((row) => ({ method: String(row.method), currency: row.currency as Currency, donations: num(row.n), amount: fromMinor(num(row.a), row.currency as Currency) })),
    byCategory: categories.map((row) => ({
      categoryId: num(row.id),
      category: String(language === 'am' ? row.name_am : row.name),
      currency: row.currency as Currency,
      donations: num(row.n),
      amount: fromMinor(num(row.a), row.currency as Currency),
    })),
  };
}

/** The report of a scope with no fundraiser in it: every day there, every figure nought. */
function emptyReport(scope: ReportScope, period: Period): ReportView {
  return {
    range: { from: period.from, to: period.to, tz: period.timeZone },
    donationStats: { byCurrency: [], progress: null },
    shareStats: { shares: 0, channels: visitChannels.map((channel) => ({ channel, shares: 0, visits: 0, donations: 0, amounts: [] })), daily: period.days.map((date) => ({ date, shares: 0 })) },
    visitorStats: { views: 0, visitors: 0, donations: 0, conversionRate: null, topReferrers: [], daily: period.days.map((date) => ({ date, views: 0, visitors: 0 })) },
    recentDonations: [],
    donationTimeline: [],
    fundraiser: null,
    platform: scope.platform ? { newUsers: 0, newFundraisers: 0, byMethod: [], byCategory: [] } : null,
  };
}
