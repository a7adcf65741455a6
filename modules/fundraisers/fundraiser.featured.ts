import type { EntityManager } from '@mikro-orm/core';
import { imagesOf, type MediaLinks } from '../media/index.ts';
import { currencies, fromMinor, type Currency } from '../money/index.ts';
import { FundraiserSchema, type Fundraiser } from './fundraiser.entity.ts';
import type { FeaturedFundraiser } from './fundraiser.schemas.ts';
import { summaryOf } from './fundraiser.views.ts';

/** Open fundraisers for the home page: those with the most donations, then the newest. */
export async function featuredFundraisers(em: EntityManager, links: MediaLinks, limit = 6): Promise<FeaturedFundraiser[]> {
  const rows = await em.find(FundraiserSchema, { status: 'ACTIVE' }, { orderBy: { donationCount: 'desc', createdAt: 'desc', id: 'desc' }, limit, populate: ['location'] });
  return staticCards(em, links, rows);
}

/** Cards of fundraisers whose location is loaded, with one query for all their cover images. */
export async function staticCards(em: EntityManager, links: MediaLinks, rows: readonly Fundraiser[]): Promise<FeaturedFundraiser[]> {
  const images = await imagesOf(em, links, 'FUNDRAISER', rows.map((f) => f.id));
  return rows.map((f) => ({
    id: f.id,
    title: f.title,
    summary: summaryOf(f.description),
    imageUrl: images.get(f.id)?.[0]?.thumbnailUrl ?? null,
    city: f.location.city,
    cityAm: f.location.cityAm,
    raisedAmount: fromMinor(f.raisedMinor, f.currency),
    goalAmount: fromMinor(f.goalMinor, f.currency),
    currency: f.currency,
    donationCount: f.donationCount,
  }));
}

export interface FundraiserStats {
  fundraiserCount: number;
  donationCount: number;
  /** The raised total in each currency that has any, as a decimal string, dollars first. */
  raised: { currency: Currency; amount: string }[];
}

/**
 * What the pages claim: fundraisers anybody can see (all but suspended ones), their
 * donations, and what they raised, per currency (a sum across currencies would need a rate).
 */
export async function fundraiserStats(em: EntityManager): Promise<FundraiserStats> {
  const rows = (await em
    .getConnection()
    .execute(
      "select `currency`, count(*) as fundraisers, coalesce(sum(`donation_count`), 0) as donations, coalesce(sum(`raised_minor`), 0) as raised from `fundraiser` where `status` <> 'SUSPENDED' group by `currency`",
    )) as { currency: Currency; fundraisers: number | string; donations: number | string; raised: number | string }[];
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  return {
    fundraiserCount: rows.reduce((sum, row) => sum + Number(row.fundraisers), 0),
    donationCount: rows.reduce((sum, row) => sum + Number(row.donations), 0),
    raised: currencies.flatMap((currency) => {
      const raisedMinor = Number(byCurrency.get(currency)?.raised ?? 0);
      return raisedMinor > 0 ? [{ currency, amount: fromMinor(raisedMinor, currency) }] : [];
    }),
  };
}
