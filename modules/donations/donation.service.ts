import { raw, type EntityManager } from '@mikro-orm/core';
import { queryBuilder } from '../../kernel/db/index.ts';
import { NotFound } from '../../kernel/http/index.ts';
import { fundraiserStatus, isoSeconds, pageOf, type Page } from '../fundraisers/index.ts';
import { fromMinor } from '../money/index.ts';
import { DonationSchema, type Donation } from './donation.entity.ts';
import { DonationNotFound, DonationNotYours } from './donation.errors.ts';
import type { DonationView, PublicDonationView } from './donation.schemas.ts';

/** The name a donation is shown under: the donor's, or 'Anonymous' when they gave none. */
export const shownName = (donorName: string | null | undefined): string => donorName?.trim() || 'Anonymous';

export function donationView(d: Donation): DonationView {
  return {
    id: d.id,
    fundraiserId: d.fundraiser.id,
    amount: fromMinor(d.amountMinor, d.currency),
    currency: d.currency,
    message: d.message ?? null,
    donorName: d.donorName ?? null,
    name: shownName(d.donorName),
    status: d.status,
    paymentMethod: d.paymentMethod ?? null,
    createdAt: isoSeconds(d.createdAt),
  };
}

/**
 * Who is asking to act on a donation: the browser session the request came with, and the
 * signed-in user of that session if any.
 */
export interface DonorActor {
  sessionId: string | null;
  userId: number | null;
}

/**
 * Only whoever started a donation may pay it, complete or confirm its payment, or ask for its
 * receipt: the browser session that created it, or the signed-in donor it is linked to (from
 * any of their sessions). Ids are sequential, so knowing one must not be enough.
 */
export function assertDonor(donation: Pick<Donation, 'creatorSession' | 'donor'>, actor: DonorActor): void {
  const sameSession = !!donation.creatorSession && donation.creatorSession === actor.sessionId;
  const sameDonor = !!donation.donor && actor.userId !== null && donation.donor.id === actor.userId;
  if (!sameSession && !sameDonor) throw new DonationNotYours();
}

/** For the fundraisers module: a fundraiser with any donation at all keeps its currency. */
export async function donationRowsExist(em: EntityManager, fundraiserId: number): Promise<boolean> {
  return (await em.count(DonationSchema, { fundraiser: fundraiserId })) > 0;
}

export async function findDonation(em: EntityManager, id: number): Promise<Donation> {
  const d = await em.findOne(DonationSchema, { id });
  if (!d) throw new DonationNotFound();
  return d;
}

/**
 * A page of a fundraiser's succeeded donations, newest first, as anybody may see them (the
 * amount only where the donor allowed it), and how many there are, in one statement (the
 * count rides along as a window function). For a caller that has already judged that the
 * fundraiser may be seen.
 */
export async function succeededPage(em: EntityManager, fundraiserId: number, paging: { page: number; size: number }): Promise<Page<PublicDonationView>> {
  const where = { fundraiser: fundraiserId, status: 'SUCCEEDED' } as const;
  const rows = await queryBuilder(em, DonationSchema, 'd')
    .select(['id', 'amountMinor', 'showAmount', 'currency', 'message', 'messageHiddenAt', 'donorName', 'succeededAt', 'createdAt', raw('count(*) over () as total')])
    .where(where)
    .orderBy({ succeededAt: 'desc', id: 'desc' })
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute<(Pick<Donation, 'id' | 'amountMinor' | 'showAmount' | 'currency' | 'message' | 'messageHiddenAt' | 'donorName' | 'succeededAt' | 'createdAt'> & { total: number | string })[]>('all');
  // Past the last donation no row carries the count.
  const total = rows[0] ? Number(rows[0].total) : paging.page > 0 ? await em.count(DonationSchema, where) : 0;
  return pageOf(
    rows.map((d) => ({
      id: d.id,
      // A raw row: the driver may answer the boolean as 0/1.
      amount: Boolean(d.showAmount) ? fromMinor(d.amountMinor, d.currency) : null,
      currency: d.currency,
      message: d.messageHiddenAt ? null : (d.message ?? null),
      name: shownName(d.donorName),
      createdAt: isoSeconds(d.succeededAt ?? d.createdAt),
    })),
    paging,
    total,
  );
}

/**
 * Succeeded donations among `ids` as anybody may see them (the amount only where the donor
 * allowed it), in no set order: for the teams module, listing the gifts through a member's link.
 */
export async function publicDonationsByIds(em: EntityManager, ids: number[]): Promise<Array<{ id: number; name: string; amount: string | null; currency: Donation['currency']; createdAt: string }>> {
  if (ids.length === 0) return [];
  const rows = await em.find(
    DonationSchema,
    { id: { $in: ids }, status: 'SUCCEEDED' },
    { fields: ['id', 'amountMinor', 'showAmount', 'currency', 'donorName', 'succeededAt', 'createdAt'] },
  );
  return rows.map((d) => ({
    id: d.id,
    name: shownName(d.donorName),
    amount: d.showAmount ? fromMinor(d.amountMinor, d.currency) : null,
    currency: d.currency,
    createdAt: isoSeconds(d.succeededAt ?? d.createdAt),
  }));
}

/**
 * Succeeded donations with a message not hidden by a moderator; blank messages are stored as
 * null (the request schema makes them so), and '' is left out all the same.
 */
const shownWords = { status: 'SUCCEEDED', message: { $ne: null, $nin: [''] }, messageHiddenAt: null } as const;
const wordsOfSupport = (fundraiserId: number) => ({ fundraiser: fundraiserId, ...shownWords }) as const;

/** The fundraiser of a donation whose words of support are shown, or null: none, not succeeded, or hidden. */
export async function wordsOfSupportFundraiser(em: EntityManager, donationId: number): Promise<number | null> {
  const found = await em.findOne(DonationSchema, { id: donationId, ...shownWords }, { fields: ['id', 'fundraiser'] });
  return found ? found.fundraiser.id : null;
}

/**
 * Hides a donation's words of support from every page, keeping them with who hid them and
 * why. One conditional update: of two moderators at once, one does it. Answers whether this
 * call hid them (false: not shown any more, or never were).
 */
export async function hideWordsOfSupport(em: EntityManager, donationId: number, by: { userId: number; reason: string }): Promise<boolean> {
  const hidden = await em.nativeUpdate(
    DonationSchema,
    { id: donationId, ...shownWords },
    { messageHiddenAt: new Date(), messageHiddenBy: by.userId, messageHiddenReason: by.reason },
  );
  return hidden === 1;
}

/**
 * A fundraiser's words of support: its succeeded donations that carry a message, newest
 * first, at most `limit`, as a statement for the comments module to join with its own rows
 * into one conversation (it never reads this table itself). Its columns: `id`, `message`,
 * `at` (when the donation succeeded), `donor_name` (null or empty: Anonymous),
 * `shown_amount_minor` (null unless the donor let the amount be shown) and `currency`. For a
 * caller that has already judged that the fundraiser may be seen.
 */
export function wordsOfSupportQuery(em: EntityManager, fundraiserId: number, limit: number): { sql: string; params: readonly unknown[] } {
  return queryBuilder(em, DonationSchema, 'd')
    .select([
      raw('d.id as id'),
      raw('d.message as message'),
      raw('d.succeeded_at as at'),
      raw('d.donor_name as donor_name'),
      raw('case when d.show_amount then d.amount_minor end as shown_amount_minor'),
      raw('d.currency as currency'),
    ])
    .where(wordsOfSupport(fundraiserId))
    // The (fundraiser, status, succeededAt) index gives this order; the message is read only for those rows.
    .orderBy({ succeededAt: 'desc', id: 'desc' })
    .limit(limit)
    .toQuery();
}

/** How many words of support `wordsOfSupportQuery` can find for the fundraiser, as a statement answering one number. */
export function wordsOfSupportCountQuery(em: EntityManager, fundraiserId: number): { sql: string; params: readonly unknown[] } {
  return queryBuilder(em, DonationSchema, 'd').select([raw('count(*)')]).where(wordsOfSupport(fundraiserId)).toQuery();
}

/** A fundraiser's succeeded donations, for whoever can see it: a suspended one's are nobody's to see. */
export async function listSucceeded(em: EntityManager, fundraiserId: number, paging: { page: number; size: number }): Promise<Page<PublicDonationView>> {
  const status = await fundraiserStatus(em, fundraiserId);
  if (!status || status === 'SUSPENDED') throw new NotFound('fundraiser_not_found');
  return succeededPage(em, fundraiserId, paging);
}
