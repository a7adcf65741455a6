import type { EntityManager } from '@mikro-orm/core';
import type { FundraiserStatus } from './fundraiser.entity.ts';

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

/**
 * Takes the same lock only while the fundraiser is in one of `statuses`, judged on the row as
 * committed now: an update reads the newest version of the row in InnoDB, where a plain read in
 * the caller's transaction may see the snapshot its first read took, from before a suspension.
 * False when it is in none of them (or there is no such fundraiser).
 */
export async function lockFundraiserRowIn(tx: EntityManager, fundraiserId: number, statuses: readonly FundraiserStatus[]): Promise<boolean> {
  const result = await tx
    .getConnection()
    .execute(`update \`fundraiser\` set \`id\` = \`id\` where \`id\` = ? and \`status\` in (${statuses.map(() => '?').join(', ')})`, [fundraiserId, ...statuses], 'run', tx.getTransactionContext());
  return Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}
