import { raw, type EntityManager } from '@mikro-orm/core';
import { queryBuilder } from '../../kernel/db/index.ts';
import type { User } from '../accounts/index.ts';
import { consume, type Limit } from '../rate-limits/index.ts';
import { FundraiserUpdateSchema, type FundraiserUpdate } from './fundraiser.entity.ts';
import { mayModerate, noCoOrganisers, type CoOrganisers } from './fundraiser.access.ts';
import { FundraiserSuspended, NotFundraiserManager, UpdateNotFound } from './fundraiser.errors.ts';
import type { Page, UpdateView } from './fundraiser.schemas.ts';
import { findManaged, findVisible } from './fundraiser.service.ts';
import { displayName, isoSeconds, pageOf } from './fundraiser.views.ts';

export const postUpdateLimit: Limit = { limit: 30, windowMs: 60 * 60_000 };

function updateView(update: FundraiserUpdate): UpdateView {
  return {
    id: update.id,
    fundraiserId: update.fundraiser.id,
    content: update.content,
    author: { id: update.author.id, name: displayName(update.author) },
    createdAt: isoSeconds(update.createdAt),
  };
}

/**
 * Updates from position `offset` on, newest first, and how many there are, in one statement
 * (the count rides along as a window function). For a caller that has already judged that
 * the fundraiser may be seen.
 */
export async function updatesSlice(em: EntityManager, fundraiserId: number, slice: { offset: number; limit: number }): Promise<{ updates: UpdateView[]; total: number }> {
  const rows = await queryBuilder(em, FundraiserUpdateSchema, 'u')
    .select(['id', 'content', 'createdAt', raw('count(*) over () as total')])
    .leftJoinAndSelect('u.author', 'a', {}, ['id', 'firstName', 'lastName'])
    .where({ fundraiser: fundraiserId })
    .orderBy({ createdAt: 'desc', id: 'desc' })
    .limit(slice.limit)
    .offset(slice.offset)
    .execute<{ id: number; content: string; createdAt: Date; total: number | string; author: { id: number; firstName: string; lastName: string } }[]>('all');
  const updates = rows.map((row) => ({
    id: row.id,
    fundraiserId,
    content: row.content,
    author: { id: row.author.id, name: displayName(row.author) },
    createdAt: isoSeconds(row.createdAt),
  }));
  // Past the last update no row carries the count.
  const total = rows[0] ? Number(rows[0].total) : slice.offset > 0 ? await em.count(FundraiserUpdateSchema, { fundraiser: fundraiserId }) : 0;
  return { updates, total };
}

/** Newest first, for whoever can see the fundraiser. */
export async function listUpdates(em: EntityManager, viewer: User | null, fundraiserId: number, paging: { page: number; size: number }): Promise<Page<UpdateView>> {
  await findVisible(em, viewer, fundraiserId);
  const { updates, total } = await updatesSlice(em, fundraiserId, { offset: paging.page * paging.size, limit: paging.size });
  return pageOf(updates, paging, total);
}

/** By the organiser or a co-organiser (or an admin, e.g. to note that a fundraiser was checked). */
export async function postUpdate(em: EntityManager, viewer: User, fundraiserId: number, content: string, coOrganisers: CoOrganisers = noCoOrganisers): Promise<UpdateView> {
  const f = await findVisible(em, viewer, fundraiserId);
  if (!(await mayModerate(em, f, viewer, coOrganisers))) throw new NotFundraiserManager();
  if (f.status === 'SUSPENDED' && !viewer.admin) throw new FundraiserSuspended();
  await consume(em, `fundraiser:update:user:${viewer.id}`, postUpdateLimit);
  const update = em.create(FundraiserUpdateSchema, { fundraiser: f, author: viewer, content });
  await em.flush();
  return updateView(update);
}

export async function deleteUpdate(em: EntityManager, viewer: User, fundraiserId: number, updateId: number): Promise<void> {
  const f = await findManaged(em, viewer, fundraiserId);
  const update = await em.findOne(FundraiserUpdateSchema, { id: updateId, fundraiser: f });
  if (!update) throw new UpdateNotFound();
  em.remove(update);
  await em.flush();
}
