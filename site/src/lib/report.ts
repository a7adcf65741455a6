/**
 * What the report screens (My Reports, the admin's reports, a fundraiser's progress) compute
 * in the browser: the period asked for, the query that asks for it, and dates and figures in
 * the viewer's language. Days are YYYY-MM-DD local dates as the API gives them; nothing here
 * adds amounts of two currencies together.
 */
import type { ReportDonation, ReportView } from '../../../modules/reports/report.schemas.ts';
import { numberFormat } from './format.ts';

export type { ReportDonation, ReportView };
export type Currency = ReportView['donationStats']['byCurrency'][number]['currency'];
export type Channel = ReportView['shareStats']['channels'][number]['channel'];
export type ReportLang = 'en' | 'am';

/** The presets of the period picker, in days up to today; anything else is a custom range. */
export const presetDays = [7, 30, 90, 365] as const;
export type PresetDays = (typeof presetDays)[number];
export const defaultDays: PresetDays = 30;
/** The longest range the API answers (both ends included). */
export const maxRangeDays = 366;
/** An update older than this brings the prompt to post one. */
export const staleUpdateDays = 14;

export type Period = { days: PresetDays } | { from: string; to: string };
export type Range = { from: string; to: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const msPerDay = 86_400_000;

/** Whether `value` is a real YYYY-MM-DD day (not 2026-02-30). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !dayPattern.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The viewer's time zone, which the API cuts days in; Addis Ababa when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Addis_Ababa';
  } catch {
    return 'Africa/Addis_Ababa';
  }
}

/** Today in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * msPerDay).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / msPerDay) + 1;
}

export function rangeOf(period: Period, today: string): Range {
  if ('days' in period) return { from: addDays(today, 1 - period.days), to: today };
  return { from: period.from, to: period.to };
}

export type RangeProblem = 'missing' | 'order' | 'tooLong' | 'future';

/** What is wrong with a custom range, before asking the API. */
export function rangeProblem(from: string, to: string, today: string): RangeProblem | null {
  if (!isDay(from) || !isDay(to)) return 'missing';
  if (from > to) return 'order';
  if (to > today) return 'future';
  if (rangeLength(from, to) > maxRangeDays) return 'tooLong';
  return null;
}

/** The period an address asks for (`?days=7`, or `?from=…&to=…`), else the last 30 days. */
export function periodFromSearch(search: URLSearchParams): Period {
  const from = search.get('from');
  const to = search.get('to');
  if (isDay(from) && isDay(to) && from <= to && rangeLength(from, to) <= maxRangeDays) return { from, to };
  const days = Number(search.get('days'));
  return (presetDays as readonly number[]).includes(days) ? { days: days as PresetDays } : { days: defaultDays };
}

/** The period in an address: nothing for the default, so that plain links stay plain. */
export function periodParams(period: Period): URLSearchParams {
  const params = new URLSearchParams();
  if ('days' in period) {
    if (period.days !== defaultDays) params.set('days', String(period.days));
  } else {
    params.set('from', period.from);
    params.set('to', period.to);
  }
  return params;
}

export function samePeriod(a: Period, b: Period): boolean {
  if ('days' in a) return 'days' in b && a.days === b.days;
  return !('days' in b) && a.from === b.from && a.to === b.to;
}

/** The query of a report call: its days and the time zone they are cut in. */
export function reportSearch(range: Range, timeZone: string, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams({ from: range.from, to: range.to, tz: timeZone });
  for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/**
 * Dates in the viewer's language; Amharic pages in the Ethiopian calendar (ኅዳር 18, 2019),
 * as Ethiopians date things. Built once per locale and options.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function calendarFormat(lang: ReportLang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) dateFormats.set(key, (found = new Intl.DateTimeFormat(lang === 'am' ? 'am-ET-u-ca-ethiopic' : 'en-US', options)));
  return found;
}

export type DayStyle = 'short' | 'medium' | 'long';
const dayStyles: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
};

/** A YYYY-MM-DD day of the API, read at UTC noon so that no time zone moves it to another day. */
export function formatDay(lang: ReportLang, day: string, style: DayStyle = 'medium'): string {
  return calendarFormat(lang, { ...dayStyles[style], timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A moment (ISO), in the viewer's own time zone. */
export function formatMoment(lang: ReportLang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return calendarFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The same moment as a `<time dateTime>` wants it. */
export function machineDay(iso: string): string {
  return iso.slice(0, 10);
}

export function formatCount(lang: ReportLang, value: number): string {
  return numberFormat(lang).format(value);
}

/** A compact number for chart axes: 1.2K, 35K. */
export function formatCompact(lang: ReportLang, value: number): string {
  return numberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A ratio (0.0345) as a percentage (3.5%). */
export function formatRatio(lang: ReportLang, ratio: number): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: ratio > 0 && ratio < 0.01 ? 2 : 1 }).format(ratio);
}

/** A percentage already counted in hundreds (57.3) as 57%. */
export function formatPercent(lang: ReportLang, percent: number): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor(percent) / 100);
}

export const milestonePercents = [25, 50, 75, 100] as const;
export type Milestone = { percent: (typeof milestonePercents)[number]; reached: boolean; amount: number; toGo: number };

/** The milestones of a goal, in the goal's currency: each one's amount, whether it is reached, and what is left to it. */
export function milestones(goal: string, raised: string): Milestone[] {
  const goalValue = Number(goal);
  const raisedValue = Number(raised);
  return milestonePercents.map((percent) => {
    const amount = roundMoney((goalValue * percent) / 100);
    return { percent, amount, reached: raisedValue >= amount, toGo: Math.max(0, roundMoney(amount - raisedValue)) };
  });
}

/** Whether the organiser should be asked to post an update: none yet, or the last one older than 14 days. */
export function updateIsDue(lastUpdateAt: string | null, now: Date = new Date()): boolean {
  if (!lastUpdateAt) return true;
  const last = Date.parse(lastUpdateAt);
  return Number.isNaN(last) || now.getTime() - last > staleUpdateDays * msPerDay;
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A number of major units as the decimal string the formatters take ('1250.5' → '1250.50'). */
export function moneyString(value: number): string {
  return roundMoney(value).toFixed(2);
}

/** A chart's days with something in them: false when a period holds no donations at all. */
export function hasDonations(timeline: ReportView['donationTimeline'][number]): boolean {
  return timeline.days.some((day) => day.donations > 0 || Number(day.amount) !== 0);
}

/** The best day of a timeline (the most raised), or null when nothing was. */
export function bestDay(days: { date: string; amount: string }[]): { date: string; amount: string } | null {
  let best: { date: string; amount: string } | null = null;
  for (const day of days) if (Number(day.amount) > 0 && (!best || Number(day.amount) > Number(best.amount))) best = day;
  return best;
}

/**
 * The timelines worth drawing: every currency with money in it by the end of the period
 * (given or raised before it), or the first one when none has any (an empty chart then).
 */
export function timelinesToShow(timelines: ReportView['donationTimeline']): ReportView['donationTimeline'] {
  const shown = timelines.filter((t) => hasDonations(t) || t.days.some((d) => Number(d.cumulative) > 0));
  return shown.length > 0 ? shown : timelines.slice(0, 1);
}

/** Which of `count` days get a label on a chart's axis, so that labels never crowd: about one per `pixelsPerLabel`. */
export function labelledIndices(count: number, width: number, pixelsPerLabel = 72): number[] {
  if (count <= 0) return [];
  const room = Math.max(1, Math.floor(width / pixelsPerLabel));
  const step = Math.max(1, Math.ceil(count / room));
  const indices: number[] = [];
  // Counted back from the last day, so that today always has its label.
  for (let i = count - 1; i >= 0; i -= step) indices.unshift(i);
  return indices;
}

/** A scale's top: a round number a little above the largest value, and 1 for all zeros (a flat chart still has an axis). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/** Each value's share of the largest, for the bars drawn behind a table's numbers (0 to 100). */
export function barWidths(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.max(0, (v / max) * 100) : 0));
}
