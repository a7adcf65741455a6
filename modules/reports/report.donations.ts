import type { EntityManager } from '@mikro-orm/core';
import { dateFromDb } from '../../kernel/db/index.ts';
import type { Language } from '../../kernel/http/index.ts';
import { shownName } from '../donations/index.ts';
import { channelOf, isoSeconds } from '../fundraisers/index.ts';
import { fromMinor, type Currency } from '../money/index.ts';
import type { ReportDonation } from './report.schemas.ts';

/** Which donations a report lists: money that came in (and went back out by refund). */
export interface DonationFilter {
  /** The fundraisers in view; null for every one (an admin's). */
  scope: readonly number[] | null;
  from: Date;
  to: Date;
  statuses: ReadonlyArray<'SUCCEEDED' | 'REFUNDED'>;
  fundraiserId?: number | undefined;
  method?: string | undefined;
  /** Only donations listed after this one (newest first): how a long export pages without counting rows. */
  after?: { date: Date; id: number } | undefined;
}

type Row = Record<string, unknown>;

function where(em: EntityManager, filter: DonationFilter): { sql: string; params: unknown[] } {
  const platform = em.getPlatform();
  const parts = [`d.status in (${filter.statuses.map(() => '?').join(', ')})`, 'd.succeeded_at >= ?', 'd.succeeded_at < ?'];
  const params: unknown[] = [...filter.statuses, platform.processDateProperty(filter.from), platform.processDateProperty(filter.to)];
  if (filter.scope !== null) {
    parts.push(filter.scope.length ? `d.fundraiser_id in (${filter.scope.map(() => '?').join(', ')})` : '1 = 0');
    params.push(...filter.scope);
  }
  if (filter.fundraiserId !== undefined) {
    parts.push('d.fundraiser_id = ?');
    params.push(filter.fundraiserId);
  }
  if (filter.method !== undefined) {
    parts.push(filter.method === 'NONE' ? 'd.payment_method is null' : 'd.payment_method = ?');
    if (filter.method !== 'NONE') params.push(filter.method);
  }
  if (filter.after) {
    const date = platform.processDateProperty(filter.after.date);
    parts.push('(d.succeeded_at < ? or (d.succeeded_at = ? and d.id < ?))');
    params.push(date, date, filter.after.id);
  }
  return { sql: parts.join(' and '), params };
}

/**
 * Donations as an organiser sees them in reports, newest success first: the donor's name as
 * they gave it, their words unless hidden, the team member whose link they came through, and
 * their e-mail address only when they allowed it.
 */
export async function donationRows(em: EntityManager, filter: DonationFilter, paging: { limit: number; offset: number }, language: Language): Promise<ReportDonation[]> {
  return (await keyedDonationRows(em, filter, paging, language)).map((row) => row.view);
}

/** The same, each with the exact time it is ordered by (the view shows whole seconds): where the next page starts. */
export async function keyedDonationRows(
  em: EntityManager,
  filter: DonationFilter,
  paging: { limit: number; offset: number },
  language: Language,
): Promise<Array<{ view: ReportDonation; at: Date }>> {
  const { sql, params } = where(em, filter);
  const rows = (await em.getConnection().execute(
    `select d.id, d.fundraiser_id, f.title, d.donor_name, d.amount_minor, d.currency, d.payment_method, d.status, d.message, d.message_hidden_at,
        d.channel, d.may_contact, d.donor_email, d.succeeded_at, u.first_name, u.last_name
      from donation d
      join fundraiser f on f.id = d.fundraiser_id
      left join team_member m on m.id = d.referral_member_id
      left join app_user u on u.id = m.user_id
      where ${sql}
      order by d.succeeded_at desc, d.id desc
      limit ${Math.trunc(paging.limit)} offset ${Math.trunc(paging.offset)}`,
    params,
    'all',
  )) as Row[];
  return rows.map((row) => ({ view: rowView(row, language), at: dateFromDb(row.succeeded_at) }));
}

export async function countDonationRows(em: EntityManager, filter: DonationFilter): Promise<number> {
  const { sql, params } = where(em, filter);
  const [row] = (await em.getConnection().execute(`select count(*) n from donation d where ${sql}`, params, 'all')) as Row[];
  return Number(row?.n ?? 0);
}

const anonymous: Record<Language, string> = { en: 'Anonymous', am: 'ስም አልባ' };

function rowView(row: Row, language: Language): ReportDonation {
  const currency = row.currency as Currency;
  const name = shownName(row.donor_name as string | null);
  const member = row.first_name == null ? null : `${String(row.first_name)} ${String(row.last_name ?? '')}`.trim();
  return {
    id: Number(row.id),
    fundraiserId: Number(row.fundraiser_id),
    fundraiserTitle: String(row.title),
    name: name === 'Anonymous' ? anonymous[language] : name,
    amount: fromMinor(Number(row.amount_minor), currency),
    currency,
    paymentMethod: row.payment_method == null ? null : String(row.payment_method),
    status: row.status as ReportDonation['status'],
    message: row.message_hidden_at == null && row.message != null ? String(row.message) : null,
    channel: channelOf(String(row.channel)),
    teamMember: member,
    email: truthy(row.may_contact) ? String(row.donor_email) : null,
    date: isoSeconds(dateFromDb(row.succeeded_at)),
  };
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 1n;
