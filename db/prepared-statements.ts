import { LruCache } from '../kernel/cache/index.ts';
import { isDatabaseBusy } from '../kernel/db/index.ts';

/**
 * libSQL's dialect prepares every statement afresh, though the app sends the same few hundred
 * statement texts over and over (a fundraiser page: four). Preparing one costs about three
 * times running it, so each text keeps its prepared statement and reuses it; SQLite prepares
 * a kept one again by itself when the schema under it changes. Kept by least recent use.
 *
 * A statement refused because another connection held the lock (SQLITE_BUSY) is left in
 * progress by libSQL, which resets a statement only before it runs it, and every COMMIT on the
 * connection then fails ("SQL statements in progress") long after the lock is gone. Such a
 * statement is put out of use and, before the next statement outside a transaction, run once
 * more in a transaction rolled back, which resets it and leaves no trace; while the lock is
 * still held, that try fails at once and is made again before the next.
 */
export interface Preparing {
  prepare(sql: string): unknown;
  exec?(sql: string): unknown;
  readonly inTransaction?: boolean;
}

type Run = (...parameters: unknown[]) => unknown;

/** What the app calls on a statement; `all` runs one to its end, whatever it returns. */
interface Statement {
  all: Run;
  run: Run;
  get: Run;
}

const runs = ['all', 'run', 'get'] as const;

/** Statements that can be run again without effect in a transaction rolled back: not those that begin or end one. */
const repeatable = /^\s*(select|insert|update|delete|replace|with)\b/i;

export function reusePreparedStatements(database: Preparing, max = 500): void {
  const prepare = database.prepare.bind(database);
  const kept = new LruCache<string, unknown>(max);
  /** Statements left in progress by a refusal (each its own: one text may be refused again while the last is stuck), and how to run them to their end. */
  const stuck = new Map<Statement, () => unknown>();

  const watch = (sql: string, statement: unknown): unknown => {
    if (!isStatement(statement) || !database.exec) return statement;
    const all = statement.all.bind(statement);
    for (const name of runs) {
      const original = statement[name].bind(statement);
      statement[name] = (...parameters) => {
        try {
          return original(...parameters);
        } catch (error) {
          if (isDatabaseBusy(error)) {
            if (kept.peek(sql) === statement) kept.delete(sql);
            if (repeatable.test(sql)) stuck.set(statement, () => all(...parameters));
          }
          throw error;
        }
      };
    }
    return statement;
  };

  const unstick = (exec: (sql: string) => unknown) => {
    try {
      const [waits] = (prepare('pragma busy_timeout') as Statement).all() as { timeout?: number }[];
      // A lock still held elsewhere must not make every statement wait for it: the try is made again before the next.
      exec('pragma busy_timeout = 0');
      try {
        for (const [statement, rerun] of stuck) {
          exec('begin');
          try {
            rerun();
            stuck.delete(statement);
          } catch (error) {
            // Refused for another reason than the lock, it has run to its end all the same.
            if (!isDatabaseBusy(error)) stuck.delete(statement);
          } finally {
            exec('rollback');
          }
        }
      } finally {
        exec(`pragma busy_timeout = ${Number(waits?.timeout ?? 0)}`);
      }
    } catch {
      // Housekeeping must not fail the statement being prepared (nor leave the connection held): it is tried again before the next.
    }
  };

  database.prepare = (sql: string) => {
    if (stuck.size && database.exec && !database.inTransaction) unstick(database.exec.bind(database));
    const found = kept.get(sql);
    if (found !== undefined) return found;
    const statement = watch(sql, prepare(sql));
    kept.set(sql, statement);
    return statement;
  };
}

function isStatement(value: unknown): value is Statement {
  const candidate = value as Partial<Statement> | null;
  return typeof candidate?.all === 'function' && typeof candidate.run === 'function' && typeof candidate.get === 'function';
}
