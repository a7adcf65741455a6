import type { EntityManager } from '@mikro-orm/core';
import type { Currency } from '../money/index.ts';

/**
 * Ordering only, never money shown or stored: "most funded" compares totals in different
 * currencies, so a dollar counts as this many birr (roughly the 2025–26 rate; being off by
 * a lot only reorders a little).
 */
export const birrPerDollarForOrdering = 150;

interface Totals {
  currency: Currency;
  raisedMinor: number;
  goalMinor: number;
}

/**
 * The raised total in birr cents, for "most funded". Stored on the row and indexed with the
 * status, so that a page of the list reads a slice of an index instead of sorting the table.
 */
export function fundedRank(f: Totals): number {
  return f.currency === 'USD' ? f.raisedMinor * birrPerDollarForOrdering : f.raisedMinor;
}

/**
 * For "closest to goal": how far along, in hundredths of a percent (0–9999), for those still
 * short of their goal; -1 for those that reached it, so they come after all the others.
 */
export function goalRank(f: Totals): number {
  if (f.raisedMinor >= f.goalMinor) return -1;
  return Math.floor((f.raisedMinor * 10_000) / f.goalMinor);
}

/**
 * Adds to a fundraiser's raised total and donation count in one statement, with the sort
 * keys recomputed from the new total exactly as fundedRank and goalRank do. The keys are
 * assigned before the total because MySQL evaluates assignments left to right (each sees
 * the ones before it) while SQLite gives every expression the old row; in this order both
 * read the old total. Returns whether the fundraiser exists.
 */
export async function addToTotals(em: EntityManager, fundraiserId: number, deltaMinor: number, deltaCount: number): Promise<boolean> {
  const divide = em.getPlatform().supportsCreatingFullTextIndex() ? 'div' : '/';
  const result = await em.getConnection().execute(
    `update \`fundraiser\` set
      \`funded_rank\` = case when \`currency\` = 'USD' then (\`raised_minor\` + ?) * ${birrPerDollarForOrdering} else \`raised_minor\` + ? end,
      \`goal_rank\` = case when \`raised_minor\` + ? >= \`goal_minor\` then -1 else ((\`raised_minor\` + ?) * 10000) ${divide} \`goal_minor\` end,
      \`raised_minor\` = \`raised_minor\` + ?,
      \`donation_count\` = \`donation_count\` + ?
    where \`id\` = ?`,
    [deltaMinor, deltaMinor, deltaMinor, deltaMinor, deltaMinor, deltaCount, fundraiserId],
    'run',
    // Part of the caller's transaction, with the state change that moves the total.
    em.getTransactionContext(),
  );
  return Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}
