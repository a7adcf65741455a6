import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import { consume, type Limit } from '../rate-limits/index.ts';
import { FundraiserUpdateSchema, type FundraiserUpdate } from './fundraiser.entity.ts';
import { UpdateNotFound } from './fundraiser.errors.ts';
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

/** Newest first, for whoever can see the fundraiser. */
export async function listUpdates(em: EntityManager, viewer: User | null, fundraiserId: number, paging: { page: number; size: number }): Promise<Page<UpdateView>> {
  const f = await findVisible(em, viewer, fundraiserId);
  const [rows, total] = await em.findAndCount(
    FundraiserUpdateSchema,
    { fundraiser: f },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: paging.size, offset: paging.page * paging.size, populate: ['author'] },
  );
  return pageOf(rows.map(updateView), paging, total);
}

/** By the organiser (or an admin, e.g. to note that a fundraiser was checked). */
export async function postUpdate(em: EntityManager, viewer: User, fundraiserId: number, content: string): Promise<UpdateView> {
  const f = await findManaged(em, viewer, fundraiserId);
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
