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
