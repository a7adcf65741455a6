import type { EntityManager } from '@mikro-orm/core';
import { noteChanges } from '../../kernel/changes/index.ts';
import { fundraiserKeys } from './fundraiser.changes.ts';
import { birrPerDollarForOrdering } from './fundraiser.sort-keys.ts';

/**
 * Adds to a fundraiser's raised total and donation count in one statement, with the sort
 * keys recomputed from the new total exactly as fundedRank and goalRank do. The keys are
 * assigned before the total because MySQL evaluates assignments left to right (each sees
 * the ones before it) while SQLite gives every expression the old row; in this order both
 * read the old total. Returns whether the fundraiser exists. Pages showing the total are
 * stale once the caller's transaction commits.
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
  const exists = Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
  if (exists) await noteChanges(em, [fundraiserKeys.one(fundraiserId), fundraiserKeys.lists]);
  return exists;
}
