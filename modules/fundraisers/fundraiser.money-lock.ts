import type { EntityManager } from '@mikro-orm/core';

/**
 * Takes the write lock on a fundraiser's row for the rest of the caller's transaction: an
 * update that changes nothing still locks the row it matches in InnoDB, and takes SQLite's
 * write lock, where `select … for update` does not exist. Whatever decides by the money
 * attached to a fundraiser (a new donation, a change of currency, a delete) takes it first,
 * so that those decisions happen one after another. False when there is no such fundraiser.
 */
export async function lockFundraiserRow(tx: EntityManager, fundraiserId: number): Promise<boolean> {
  const result = await tx.getConnection().execute('update `fundraiser` set `id` = `id` where `id` = ?', [fundraiserId], 'run', tx.getTransactionContext());
  return Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}
