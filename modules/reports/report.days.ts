/**
 * Calendar days in a viewer's time zone, and the UTC instants they start at, so that sums kept
 * by UTC hour can be cut into that viewer's days. Whole-hour zones are exact; a zone half an
 * hour off (India, Newfoundland) gets each hour in the day it starts in.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    if (formatters.size >= 1000) formatters.clear();
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Offsets already worked out, by zone and hour: formatting a date in a zone is slow, and a
 * year's report needs the start of each of its days. Emptied when large; it fills again.
 */
const offsets = new Map<string, number>();

/** How far the zone's clocks are ahead of UTC at that instant, in milliseconds (the same for the whole hour in every zone there is). */
function offsetMs(timeZone: string, at: Date): number {
  const key = `${timeZone}|${Math.floor(at.getTime() / 3_600_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    offset = computedOffsetMs(timeZone, at);
    offsets.set(key, offset);
  }
  return offset;
}

function computedOffsetMs(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The date it is in the zone at that instant, YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Date(at.getTime() + offsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/** The instant a day starts in the zone (its first moment, even on a day that skips midnight). */
export function dayStart(timeZone: string, day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let guess = midnight - offsetMs(timeZone, new Date(midnight));
  // Once more with the offset at the guess: right across a change of clocks.
  guess = midnight - offsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days of a period and where each starts: a sorted list to find an hour's day in. */
export interface Period {
  timeZone: string;
  from: string;
  to: string;
  days: string[];
  /** `starts[i]` begins `days[i]`; the last entry is the end of the period. */
  starts: number[];
  start: Date;
  end: Date;
}

export function periodOf(timeZone: string, from: string, to: string): Period {
  const days = daysFrom(from, to);
  const starts = [...days, addDays(to, 1)].map((day) => dayStart(timeZone, day).getTime());
  return { timeZone, from, to, days, starts, start: new Date(starts[0]!), end: new Date(starts[starts.length - 1]!) };
}

/**
 * How far the zone's clocks are ahead of UTC all through the period, when that never changes
 * (no change of clocks inside it): then a day is a fixed shift of UTC days, which the database
 * can group by. Null when the clocks change.
 */
export function fixedOffsetMs(period: Period): number | null {
  const { starts, days } = period;
  for (let i = 1; i < starts.length; i += 1) if (starts[i]! - starts[i - 1]! !== 86_400_000) return null;
  return Date.parse(`${days[0]}T00:00:00Z`) - starts[0]!;
}

/** The index of the period's day an instant falls in, or -1 outside the period. */
export function dayIndex(period: Period, at: Date): number {
  const t = at.getTime();
  const { starts } = period;
  if (t < starts[0]! || t >= starts[starts.length - 1]!) return -1;
  let [low, high] = [0, starts.length - 1];
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= t) low = mid;
    else high = mid;
  }
  return low;
}
