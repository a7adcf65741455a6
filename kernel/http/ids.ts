import { z } from 'zod';

/** The largest id the database's integer keys hold (a signed 32-bit INT on MySQL). */
export const maxId = 2_147_483_647;

const canonicalId = /^[1-9]\d{0,9}$/;

/**
 * An id as an address spells it: decimal digits without sign, leading zero, fraction,
 * exponent, spaces or base prefix, within the database's range; null for anything else.
 * A resource has one address, so `016`, `+16`, `16.0`, `1e1` or `0x10` name nothing: none
 * can stand for a kept answer under a key of its own, nor push kept answers out.
 */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !canonicalId.test(raw)) return null;
  const id = Number(raw);
  return id <= maxId ? id : null;
}

/** The path parameters a route reads as numbers: its ids, which only their canonical spelling names. */
export function idParameters(params: z.ZodType | undefined): string[] {
  if (!(params instanceof z.ZodObject)) return [];
  return Object.entries(params.shape as Record<string, z.ZodType>)
    .filter(([, schema]) => schema instanceof z.ZodNumber)
    .map(([name]) => name);
}
