import type { EntityManager } from '@mikro-orm/core';
import { imagesOf } from '../media/index.ts';
import { fromMinor } from '../money/index.ts';
import { FundraiserSchema, type Fundraiser } from './fundraiser.entity.ts';
import type { FeaturedFundraiser } from './fundraiser.schemas.ts';
import { summaryOf } from './fundraiser.views.ts';

/** Open fundraisers for the home page: those with the most donations, then the newest. */
export async function featuredFundraisers(em: EntityManager, limit = 6): Promise<FeaturedFundraiser[]> {
  const rows = await em.find(FundraiserSchema, { status: 'ACTIVE' }, { orderBy: { donationCount: 'desc', createdAt: 'desc', id: 'desc' }, limit, populate: ['location'] });
  return staticCards(em, rows);
}

/** Cards of fundraisers whose location is loaded, with one query for all their cover images. */
export async function staticCards(em: EntityManager, rows: readonly Fundraiser[]): Promise<FeaturedFundraiser[]> {
  const images = await imagesOf(em, 'FUNDRAISER', rows.map((f) => f.id));
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

/** Counts for the pages: fundraisers anybody can see (all but suspended ones), and their donations. */
export async function fundraiserStats(em: EntityManager): Promise<{ fundraiserCount: number; donationCount: number }> {
  const [row] = (await em
    .getConnection()
    .execute("select count(*) as fundraisers, coalesce(sum(`donation_count`), 0) as donations from `fundraiser` where `status` <> 'SUSPENDED'")) as {
    fundraisers: number | string;
    donations: number | string;
  }[];
  return { fundraiserCount: Number(row?.fundraisers ?? 0), donationCount: Number(row?.donations ?? 0) };
}
