import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { keyedDonationRows, type DonationFilter } from './report.donations.ts';
import type { ReportDonation } from './report.schemas.ts';

const headers: Record<Language, string[]> = {
  en: ['Date', 'Fundraiser', 'Name', 'Amount', 'Currency', 'Method', 'Status', 'Message', 'Channel', 'Team member', 'E-mail'],
  am: ['ቀን', 'ገንዘብ ማሰባሰቢያ', 'ስም', 'መጠን', 'የገንዘብ ዓይነት', 'የክፍያ ዘዴ', 'ሁኔታ', 'የድጋፍ ቃል', 'የመጣበት መንገድ', 'የቡድን አባል', 'ኢሜይል'],
};

/**
 * One cell: quoted when it holds a separator (a comma, or the semicolon and tab that
 * spreadsheets in other locales split on), a quote or a line break; and a cell a
 * spreadsheet would run as a formula (= + - @, or a tab or return first) is made text with
 * a leading apostrophe, since donors write the messages.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: Array<string | null>) => `${cells.map(csvCell).join(',')}\r\n`;

/** A time as a spreadsheet reads one, in the zone the report was asked in: 2026-11-27 13:05. */
function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function rowCells(d: ReportDonation, timeZone: string): Array<string | null> {
  return [localTime(d.date, timeZone), d.fundraiserTitle, d.name, d.amount, d.currency, d.paymentMethod, d.status, d.message, d.channel, d.teamMember, d.email];
}

/**
 * The donations of a filter as CSV, a page of rows at a time (newest first, each page after the
 * last row of the one before, so that a long export never counts past rows again), dated in
 * the zone the report was asked in, with a
 * byte-order mark so that spreadsheet programs read the Amharic as UTF-8.
 */
export async function* donationsCsv(em: EntityManager, filter: DonationFilter, options: { language: Language; timeZone: string }, pageSize = 500): AsyncGenerator<string> {
  const { language, timeZone } = options;
  // The date's heading names its zone: the times are the viewer's, not the server's.
  const [date, ...rest] = headers[language];
  yield `\uFEFF${line([`${date} (${timeZone})`, ...rest])}`;
  let after: DonationFilter['after'];
  for (;;) {
    const rows = await keyedDonationRows(em, { ...filter, after }, { limit: pageSize, offset: 0 }, language);
    if (rows.length) yield rows.map((row) => line(rowCells(row.view, timeZone))).join('');
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.at, id: last.view.id };
  }
}
