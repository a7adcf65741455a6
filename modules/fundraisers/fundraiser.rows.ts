import type { EntityManager } from '@mikro-orm/core';
import type { Currency } from '../money/index.ts';
import { FundraiserSchema, type Fundraiser, type FundraiserStatus } from './fundraiser.entity.ts';
import { lockFundraiserRow } from './fundraiser.money-lock.ts';

/** What other modules read of fundraisers' rows, so that none of them reaches into the table. */

/** A fundraiser's status as committed now (never an earlier read's); null when there is no such fundraiser. */
export async function fundraiserStatus(em: EntityManager, id: number): Promise<FundraiserStatus | null> {
  const f = await em.findOne(FundraiserSchema, { id }, { fields: ['id', 'status'], disableIdentityMap: true });
  return f?.status ?? null;
}

/** The currency a fundraiser's totals are kept in, read now; null when there is no such fundraiser. */
export async function fundraiserCurrency(em: EntityManager, id: number): Promise<Currency | null> {
  const f = await em.findOne(FundraiserSchema, { id }, { fields: ['id', 'currency'], disableIdentityMap: true });
  return f?.currency ?? null;
}

/**
 * Takes the fundraiser's money lock (lockFundraiserRow) and reads the row as it stands under
 * it, for a decision that must not race a change of status or currency; null when there is none.
 */
export async function lockedFundraiser(tx: EntityManager, id: number): Promise<Fundraiser | null> {
  await lockFundraiserRow(tx, id);
  return tx.findOne(FundraiserSchema, { id }, { refresh: true });
}

/** A fundraiser whatever its status, read now, for a caller that judges who may see it. */
export async function fundraiserById(em: EntityManager, id: number): Promise<Fundraiser | null> {
  return em.findOne(FundraiserSchema, { id }, { disableIdentityMap: true });
}

/** The ids of every fundraiser `ownerId` organises, whatever their state, in order. */
export async function fundraiserIdsOwnedBy(em: EntityManager, ownerId: number): Promise<number[]> {
  const own = await em.find(FundraiserSchema, { owner: ownerId }, { fields: ['id'], orderBy: { id: 'asc' }, disableIdentityMap: true });
  return own.map((f) => f.id);
}

/** Which of `ids` are fundraisers still (a deleted one's views are dropped). */
export async function existingFundraiserIds(em: EntityManager, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await em.find(FundraiserSchema, { id: { $in: [...ids] } }, { fields: ['id'], disableIdentityMap: true })).map((f) => f.id));
}

/** What every fundraiser has kept (its raised total, refunds already taken out), per currency: what the platform holds for them. */
export async function keptByCurrency(em: EntityManager): Promise<Map<Currency, number>> {
  const rows = (await em.getConnection().execute('select `currency`, coalesce(sum(`raised_minor`), 0) as `kept` from `fundraiser` group by `currency`', [], 'all')) as { currency: Currency; kept: number | string }[];
  return new Map(rows.map((r) => [r.currency, Number(r.kept)]));
}
