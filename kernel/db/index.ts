import { DeadlockException, LockWaitTimeoutException, raw, UniqueConstraintViolationException, type EntityManager, type EntityName } from '@mikro-orm/core';
import { SqlEntityManager, type QueryBuilder } from '@mikro-orm/sql';

/**
 * A query builder for the statements the entity manager's find cannot say in one (a window
 * function, say). Both drivers the app runs on are SQL drivers; anything else is a mistake
 * worth a clear error rather than a missing method.
 */
export function queryBuilder<Entity extends object, Alias extends string>(em: EntityManager, entity: EntityName<Entity>, alias: Alias): QueryBuilder<Entity, Alias> {
  if (!(em instanceof SqlEntityManager)) throw new TypeError('a SQL database driver is required');
  return em.createQueryBuilder(entity, alias);
}

/** Inserts a row unless its unique key is taken; answers whether it did. */
export async function insertOnce<T extends object>(em: EntityManager, entity: EntityName<T>, row: Record<string, unknown>): Promise<boolean> {
  try {
    await em.insert(entity, row as never);
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

/**
 * Adds to the counts of the row with this unique key (negative numbers take off), making the
 * row first if there is none; another instance may make it at the same moment, and then this
 * adds to theirs. Sums kept this way never lose an addition to a race.
 */
export async function addToCounts<T extends object>(em: EntityManager, entity: EntityName<T>, key: Record<string, unknown>, counts: Record<string, number>): Promise<void> {
  const increments = Object.fromEntries(Object.entries(counts).map(([column, n]) => [column, raw(`${snake(column)} + ?`, [n])]));
  if ((await em.nativeUpdate(entity, key as never, increments as never)) > 0) return;
  if (await insertOnce(em, entity, { ...key, ...counts })) return;
  await em.nativeUpdate(entity, key as never, increments as never);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `%text%` for LIKE, its `%`, `_` and `\` escaped with a backslash (MySQL's default escape character), so they match as themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A datetime read by raw SQL, as the driver hands it back: milliseconds on SQLite, a Date or UTC text on MySQL. */
export function dateFromDb(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  const text = String(value);
  if (/^\d+$/.test(text)) return new Date(Number(text));
  return new Date(/[zZ]$|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/** The drivers' codes for a lock held too long by someone else, where the error reaches us unconverted (a raw statement). */
const busyCodes = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK']);

/**
 * Whether a statement failed only because another connection held the lock it needed (a
 * SQLite file being written by another process, a MySQL lock wait timeout or deadlock): the
 * same request will very likely succeed a moment later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof LockWaitTimeoutException || error instanceof DeadlockException) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && busyCodes.has(code);
}
