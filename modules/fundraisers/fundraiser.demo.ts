import type { EntityManager } from '@mikro-orm/core';
import { ensureVerifiedUser } from '../accounts/index.ts';
import { allCategories, allLocations } from '../catalogue/index.ts';
import type { MediaService } from '../media/index.ts';
import { toMinor } from '../money/index.ts';
import { demoFundraisers, demoOrganisers } from './fundraiser.demo-data.ts';
import { demoPicture } from './fundraiser.demo-pictures.ts';
import { FundraiserSchema, FundraiserUpdateSchema, type Fundraiser } from './fundraiser.entity.ts';

const day = 24 * 60 * 60_000;

/** A demo fundraiser as stored (category loaded), with what its demo donations are to look like. */
export interface SeededDemoFundraiser {
  fundraiser: Fundraiser;
  /** How far its donations take it, as a share of the goal. */
  funded: number;
  /** The last moment it took donations: now, or when it closed. */
  givingUntil: Date;
}

/**
 * Demo fundraisers for a fresh install, owned by demo organisers, with pictures made now
 * and stored through the media module like any upload. For an empty database only (the
 * caller checks). Raised totals stay 0 here: the donations module adds demo donations and
 * moves the totals with them, as real ones do.
 */
export async function seedDemoFundraisers(em: EntityManager, media: MediaService, now = new Date()): Promise<SeededDemoFundraiser[]> {
  const organisers = [];
  for (const organiser of demoOrganisers) organisers.push(await ensureVerifiedUser(em, organiser));
  const categories = new Map((await allCategories(em)).map((c) => [c.slug, c]));
  const locations = new Map((await allLocations(em)).map((l) => [l.city, l]));
  const seeded: SeededDemoFundraiser[] = [];
  for (const demo of demoFundraisers) {
    const owner = organisers[demo.organiser]!;
    const createdAt = new Date(now.getTime() - demo.daysAgo * day);
    const givingUntil = demo.closedDaysAgo === undefined ? now : new Date(now.getTime() - demo.closedDaysAgo * day);
    const f = em.create(FundraiserSchema, {
      title: demo.title,
      description: demo.description,
      beneficiaryName: demo.beneficiaryName ?? null,
      owner,
      category: categories.get(demo.categorySlug)!,
      location: locations.get(demo.city)!,
      currency: demo.currency,
      goalMinor: toMinor(demo.goalAmount, demo.currency)!,
      raisedMinor: 0,
      donationCount: 0,
      status: demo.status ?? 'ACTIVE',
      createdAt,
      updatedAt: demo.closedDaysAgo === undefined ? createdAt : givingUntil,
    });
    await em.flush();
    for (const picture of demo.pictures) {
      await media.store(em, { owner, entityType: 'FUNDRAISER', entityId: f.id, bytes: await demoPicture(picture) });
    }
    for (const update of demo.updates ?? []) {
      em.create(FundraiserUpdateSchema, { fundraiser: f, author: owner, content: update.content, createdAt: new Date(now.getTime() - update.daysAgo * day) });
    }
    await em.flush();
    seeded.push({ fundraiser: f, funded: demo.funded, givingUntil });
  }
  return seeded;
}
