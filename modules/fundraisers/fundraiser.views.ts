import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import type { CategoryView, LocationView } from '../catalogue/index.ts';
import { imagesAndMedia, imagesOf, type MediaLinks } from '../media/index.ts';
import { fromMinor } from '../money/index.ts';
import { mayManage } from './fundraiser.access.ts';
import type { Fundraiser } from './fundraiser.entity.ts';
import type { FundraiserCard, FundraiserView, Page } from './fundraiser.schemas.ts';

export function pageOf<T>(content: T[], paging: { page: number; size: number }, totalElements: number): Page<T> {
  return { content, page: paging.page, size: paging.size, totalElements, totalPages: Math.ceil(totalElements / paging.size) };
}

/** The name shown for an organiser; e-mail addresses are never shown. */
export function displayName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The first words of the story, on one line, cut at a word boundary. */
export function summaryOf(description: string, max = 160): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?፣።፤፥-]+$/u, '')}…`;
}

/**
 * Whole seconds: MySQL's datetime keeps no fraction, so a just-created fundraiser would
 * otherwise show milliseconds that the same fundraiser read back a moment later lacks.
 */
export function isoSeconds(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
}

const categoryView = (c: Fundraiser['category']): CategoryView => ({ id: c.id, slug: c.slug, name: c.name, nameAm: c.nameAm });
const locationView = (l: Fundraiser['location']): LocationView => ({ id: l.id, city: l.city, cityAm: l.cityAm, region: l.region, regionAm: l.regionAm });

function common(f: Fundraiser) {
  return {
    id: f.id,
    title: f.title,
    beneficiaryName: f.beneficiaryName ?? null,
    category: categoryView(f.category),
    location: locationView(f.location),
    status: f.status,
    raisedAmount: fromMinor(f.raisedMinor, f.currency),
    donationCount: f.donationCount,
    goalAmount: fromMinor(f.goalMinor, f.currency),
    currency: f.currency,
    createdAt: isoSeconds(f.createdAt),
    updatedAt: isoSeconds(f.updatedAt),
    // The answer's one `teamId` field predates teams as they are: a fundraiser has any number
    // (GET /api/teams/fundraiser/{id}), so it stays null.
    teamId: null,
  };
}

/** The fundraiser as its page shows it to `viewer` (null: a visitor not signed in). */
export async function fundraiserView(em: EntityManager, links: MediaLinks, f: Fundraiser, viewer: User | null): Promise<FundraiserView> {
  // Nothing to read when the caller loaded the relations with the row (findVisible's `related`).
  await em.populate(f, ['owner', 'category', 'location']);
  const avatarId = f.owner.avatarMediaId;
  const media = await imagesAndMedia(em, links, { entityType: 'FUNDRAISER', entityIds: [f.id] }, avatarId ? [avatarId] : []);
  const images = media.images.get(f.id) ?? [];
  const avatar = avatarId ? media.byId.get(avatarId) : undefined;
  const { id, ...rest } = common(f);
  return {
    id,
    ...rest,
    description: f.description,
    owner: { id: f.owner.id, name: displayName(f.owner), avatarUrl: avatar?.thumbnailUrl ?? null },
    images,
    viewerCanManage: mayManage(f, viewer),
    teamsOpen: f.teamsOpen,
    verified: f.verifiedAt && f.verifiedNote ? { at: f.verifiedAt.toISOString(), note: f.verifiedNote } : null,
  } satisfies FundraiserView;
}

/** Cards for a list, with two queries whatever its length (relations, then cover images). */
export async function fundraiserCards(em: EntityManager, links: MediaLinks, list: Fundraiser[]): Promise<FundraiserCard[]> {
  await em.populate(list, ['owner', 'category', 'location']);
  const images = await imagesOf(em, links, 'FUNDRAISER', list.map((f) => f.id));
  return list.map((f) => ({
    ...common(f),
    summary: summaryOf(f.description),
    owner: { id: f.owner.id, name: displayName(f.owner) },
    image: images.get(f.id)?.[0] ?? null,
  }));
}
