import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { Currency } from '../money/index.ts';
import { DonationSchema, type Donation } from './donation.entity.ts';

export interface DonationSearch {
  /**
   * A donation's id (`#12` or `12`), a donor's e-mail address, or a provider's transaction
   * or payment id (which the caller, knowing payments, turns into `donationIds`).
   */
  query?: string | undefined;
  /** Donations the query named through their payments. */
  donationIds?: readonly number[] | undefined;
  fundraiserId?: number | undefined;
  page: number;
  size: number;
}

/** Donations as the admin area finds them, newest first, with their fundraisers. */
export async function searchDonations(em: EntityManager, search: DonationSearch): Promise<{ donations: Donation[]; total: number }> {
  const where: FilterQuery<Donation>[] = [];
  const text = search.query?.trim();
  if (text) {
    const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    const any: FilterQuery<Donation>[] = [{ donorEmail: text.toLowerCase() }];
    if (id) any.push({ id });
    if (search.donationIds?.length) any.push({ id: { $in: [...search.donationIds] } });
    where.push({ $or: any });
  }
  if (search.fundraiserId) where.push({ fundraiser: search.fundraiserId });
  const [donations, total] = await em.findAndCount(DonationSchema, where.length ? { $and: where } : {}, {
    populate: ['fundraiser'],
    orderBy: { id: 'desc' },
    limit: search.size,
    offset: search.page * search.size,
  });
  return { donations, total };
}

/** One donation with its fundraiser, or null. */
export function donationWithFundraiser(em: EntityManager, id: number): Promise<Donation | null> {
  return em.findOne(DonationSchema, { id }, { populate: ['fundraiser'], refresh: true });
}

/** What succeeded donations still counted brought in since `day` (an Addis Ababa date), per currency: summed by the database. */
export async function raisedSince(em: EntityManager, day: string): Promise<Array<{ currency: Currency; amountMinor: number; donations: number }>> {
  const rows = await em
    .getConnection()
    .execute<Array<{ currency: Currency; amount: number | string; n: number | string }>>(
      'select `currency`, sum(`amount_minor`) as `amount`, sum(`donations`) as `n` from `donation_day` where `day` >= ? group by `currency` order by `currency`',
      [day],
    );
  return rows.map((r: { currency: Currency; amount: number | string; n: number | string }) => ({ currency: r.currency, amountMinor: Number(r.amount), donations: Number(r.n) }));
}

/** Paid donations of a fundraiser after `afterId`, in id order: what "refund all" walks through. */
export async function paidDonationIds(em: EntityManager, fundraiserId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await em.find(DonationSchema, { fundraiser: fundraiserId, status: 'SUCCEEDED', id: { $gt: afterId } }, { fields: ['id'], orderBy: { id: 'asc' }, limit });
  return rows.map((r) => r.id);
}

/** How a fundraiser's donations stand, for "refund all": paid and still counted, and refunded. */
export async function donationStandings(em: EntityManager, fundraiserId: number): Promise<{ paid: number; refunded: number }> {
  const [paid, refunded] = await Promise.all([
    em.count(DonationSchema, { fundraiser: fundraiserId, status: 'SUCCEEDED' }),
    em.count(DonationSchema, { fundraiser: fundraiserId, status: 'REFUNDED' }),
  ]);
  return { paid, refunded };
}

/** A donor's words of support as the review queue shows them, hidden or not; null when the donation has none. */
export async function wordsForReview(em: EntityManager, donationId: number): Promise<{ message: string; hidden: boolean; fundraiserId: number } | null> {
  const donation = await em.findOne(DonationSchema, { id: donationId }, { fields: ['message', 'messageHiddenAt', 'fundraiser'] });
  return donation?.message ? { message: donation.message, hidden: !!donation.messageHiddenAt, fundraiserId: donation.fundraiser.id } : null;
}
