import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { containing } from '../../kernel/db/index.ts';
import { FundraiserSchema, type Fundraiser, type FundraiserStatus } from './fundraiser.entity.ts';
import { FundraiserNotFound, InvalidStatusChange } from './fundraiser.errors.ts';
import { lockFundraiserRow } from './fundraiser.money-lock.ts';

/** Where lifting a suspension takes a fundraiser: back to the status it was suspended from. */
export const beforeSuspension = 'BEFORE_SUSPENSION';

/**
 * Moves a fundraiser to `to` from one of `from`, in the caller's transaction, for the
 * moderators: suspend (from anything open), reinstate (from SUSPENDED, to `beforeSuspension`:
 * a closed or paused fundraiser suspended and reinstated is closed or paused again, not
 * opened), close. The row is locked first and read as it is now, so of two admins acting at
 * once the second is told it has already happened (409) instead of doing it, and mailing it,
 * again. A flush, so the change keys rise and every page and cache showing it is stale at
 * once (fundraiser.changes.ts).
 */
export async function moderateStatus(tx: EntityManager, id: number, to: FundraiserStatus | typeof beforeSuspension, from: readonly FundraiserStatus[]): Promise<Fundraiser> {
  if (!(await lockFundraiserRow(tx, id))) throw new FundraiserNotFound();
  const f = await tx.findOneOrFail(FundraiserSchema, { id }, { refresh: true, populate: ['owner'] });
  if (!from.includes(f.status)) throw new InvalidStatusChange();
  const next = to === beforeSuspension ? (f.suspendedFrom ?? 'ACTIVE') : to;
  f.suspendedFrom = next === 'SUSPENDED' ? f.status : null;
  f.status = next;
  await tx.flush();
  return f;
}

/** Marks a fundraiser verified with what was checked, or (null) takes the mark away. */
export async function setVerified(tx: EntityManager, id: number, note: string | null): Promise<Fundraiser> {
  if (!(await lockFundraiserRow(tx, id))) throw new FundraiserNotFound();
  const f = await tx.findOneOrFail(FundraiserSchema, { id }, { refresh: true, populate: ['owner'] });
  if ((note === null) === !f.verifiedAt) throw new InvalidStatusChange();
  f.verifiedAt = note === null ? null : new Date();
  f.verifiedNote = note;
  await tx.flush();
  return f;
}

/** A disabled organiser's open fundraisers stop taking donations; answers which were paused. */
export async function pauseOwnedBy(tx: EntityManager, ownerId: number): Promise<number[]> {
  const open = await tx.find(FundraiserSchema, { owner: ownerId, status: 'ACTIVE' });
  for (const f of open) f.status = 'PAUSED';
  await tx.flush();
  return open.map((f) => f.id);
}

/** Opens again those of `ids` still paused (an enabled organiser's, which the disable paused). */
export async function resumeFundraisers(tx: EntityManager, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const paused = await tx.find(FundraiserSchema, { id: { $in: [...ids] }, status: 'PAUSED' });
  for (const f of paused) f.status = 'ACTIVE';
  await tx.flush();
  return paused.map((f) => f.id);
}

export interface FundraiserSearch {
  /** A fundraiser's number (`#12` or `12`), or part of its title or of its organiser's e-mail. */
  query?: string | undefined;
  status?: FundraiserStatus | undefined;
  verified?: boolean | undefined;
  page: number;
  size: number;
}

/** Every fundraiser, whatever its status, as the admin area searches them; newest first, with organisers. */
export async function searchAllFundraisers(em: EntityManager, search: FundraiserSearch): Promise<{ fundraisers: Fundraiser[]; total: number }> {
  const where: FilterQuery<Fundraiser>[] = [];
  const text = search.query?.trim();
  if (text) {
    const like = containing(text);
    // A number is a fundraiser's number: "12" would otherwise also find every title and address with a 12 in it.
    const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    where.push(id ? { id } : { $or: [{ title: { $like: like } }, { owner: { email: { $like: like.toLowerCase() } } }] });
  }
  if (search.status) where.push({ status: search.status });
  if (search.verified !== undefined) where.push({ verifiedAt: search.verified ? { $ne: null } : null });
  const [fundraisers, total] = await em.findAndCount(FundraiserSchema, where.length ? { $and: where } : {}, {
    populate: ['owner'],
    orderBy: { id: 'desc' },
    limit: search.size,
    offset: search.page * search.size,
  });
  return { fundraisers, total };
}

export function countFundraisersSince(em: EntityManager, since: Date): Promise<number> {
  return em.count(FundraiserSchema, { createdAt: { $gte: since } });
}

/** A fundraiser with its organiser, whatever its status: for the moderators and their mails. */
export function fundraiserWithOrganiser(em: EntityManager, id: number): Promise<Fundraiser | null> {
  return em.findOne(FundraiserSchema, { id }, { populate: ['owner'] });
}
