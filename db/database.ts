import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RowDataPacket } from 'mysql2/promise';
import { MikroORM, type EntityMetadata, type Options, type Platform } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { isDatabaseBusy } from '../kernel/db/index.ts';
import { entities } from './entities.ts';
import { reusePreparedStatements, type Preparing } from './prepared-statements.ts';

export type Dialect = 'sqlite' | 'mysql';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function dialectOf(databaseUrl: string): Dialect {
  if (databaseUrl.startsWith('mysql://')) return 'mysql';
  if (databaseUrl.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or mysql:// (got "${databaseUrl.split(':')[0]}:")`);
}

/** The generated SQL differs per dialect, so each has its own migration folder, both generated from the same entities. */
export function migrationsPath(dialect: Dialect): string {
  return resolve(root, 'db/migrations', dialect);
}

/**
 * Each dialect's driver is imported only when a database of that dialect is opened: the
 * MySQL one (with mysql2) costs about a tenth of a second at every start that never uses it.
 */
export async function ormOptions(databaseUrl: string, options: { debug?: boolean } = {}): Promise<Partial<Options>> {
  const dialect = dialectOf(databaseUrl);
  const common = {
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    discovery: {
      // Full-text indexes are declared on the entities for MySQL/MariaDB (InnoDB FULLTEXT).
      // SQLite has none; its search index is an FTS5 table, created by a migration.
      onMetadata(meta: EntityMetadata, platform: Platform) {
        if (!platform.supportsCreatingFullTextIndex()) meta.indexes = meta.indexes.filter((index) => index.type !== 'fulltext');
      },
    },
    schemaGenerator: {
      // The FTS5 table and its shadow tables belong to the search migration, not to an entity;
      // without this the comparer would propose dropping them in every new migration.
      skipTables: [/^fundraiser_search(_\w+)?$/],
      // Triggers are hand-written per dialect in migrations (they keep the FTS5 table in step);
      // the entities declare none, and the comparer must not propose dropping them.
      ignoreTriggers: true,
    },
    migrations: {
      path: migrationsPath(dialect),
      pathTs: migrationsPath(dialect),
      glob: '!(*.d).ts',
      emit: 'ts' as const,
      snapshot: false,
      transactional: true,
      silent: true,
      // MySQL commits DDL implicitly, so a batch cannot be rolled back as one anyway.
      allOrNothing: dialect === 'sqlite',
    },
  };
  if (dialect === 'sqlite') {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    return { ...common, driver: (await import('@mikro-orm/libsql')).LibSqlDriver, dbName: file };
  }
  return { ...common, driver: (await import('@mikro-orm/mysql')).MySqlDriver, clientUrl: databaseUrl, pool: { min: 0, max: 10 } };
}

export async function openDatabase(databaseUrl: string, options: { debug?: boolean } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(await ormOptions(databaseUrl, options));
  const connection = orm.em.getConnection();
  try {
    if (dialectOf(databaseUrl) === 'sqlite') {
      // First: a second writer (or, at start, another process writing the file) is waited for instead of refused at once.
      await connection.execute('pragma busy_timeout = 5000');
      // WAL lets readers run while a writer commits.
      await connection.execute('pragma journal_mode = wal');
      await connection.execute('pragma foreign_keys = on');
      reusePreparedStatements((await connection.getNativeClient()) as Preparing);
    } else {
      // The pool connects on first use: a server that cannot be reached is told now, not by the first migration.
      await connection.execute('select 1');
    }
  } catch (error) {
    await orm.close().catch(() => undefined);
    throw unavailable(error, orm);
  }
  return orm;
}

/** The database cannot be used now, for a reason outside the app; the message is one line naming DATABASE_URL (never its password). */
export class DatabaseUnavailable extends Error {}

const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST']);
const refused = new Set(['ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 'ER_DBACCESS_DENIED_ERROR']);

/** What a failure to open or prepare the database means to the person starting the app, when it is not a fault of the app. */
function unavailable(error: unknown, orm: MikroORM): unknown {
  const url = orm.config.get('clientUrl');
  const parsed = url ? URL.parse(url) : null;
  const where = parsed ? `MySQL at ${parsed.host}` : `the SQLite file ${orm.config.get('dbName')}`;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' ? ` (${code})` : '';
  if (isDatabaseBusy(error)) return new DatabaseUnavailable(`DATABASE_URL: ${where} is locked by another process (another instance, or a tool writing to it); stop it or let it finish, then start again`);
  if (typeof code !== 'string') return error;
  if (unreachable.has(code)) return new DatabaseUnavailable(`DATABASE_URL: cannot reach ${where}${detail}; is it running, and is the address right?`);
  if (refused.has(code)) return new DatabaseUnavailable(`DATABASE_URL: ${where} refused the user${parsed?.username ? ` ${decodeURIComponent(parsed.username)}` : ''}${detail}; check the user and password`);
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_PERM') return new DatabaseUnavailable(`DATABASE_URL: cannot open or write ${where}${detail}`);
  return error;
}

/**
 * Runs `work` (migrating, seeding) while no other instance runs its own. On MySQL, under a
 * named lock held by a connection of its own: instances that start together on an empty
 * database would otherwise apply the same migration at once, all but one failing on its DDL,
 * and load the demo data twice. One SQLite file has one instance.
 */
export async function underStartupLock<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  try {
    return await underLock(orm, work);
  } catch (error) {
    // Another process may take the database between its opening and this work (a SQLite file it writes to).
    throw unavailable(error, orm);
  }
}

async function underLock<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  const url = orm.config.get('clientUrl');
  if (!url?.startsWith('mysql://')) return work();
  const { createConnection } = await import('mysql2/promise');
  const lock = await createConnection(url);
  try {
    const [rows] = await lock.query<RowDataPacket[]>("select get_lock('fundraise_startup', 300) as taken");
    if (rows[0]?.taken !== 1) throw new DatabaseUnavailable('DATABASE_URL: another instance has been preparing this database for 5 minutes; not starting');
    return await work();
  } finally {
    // Closing the connection frees the lock; a failure to close it must not hide the work's own outcome.
    await lock.end().catch(() => lock.destroy());
  }
}

/** Applies the pending migrations, under the startup lock. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  return underStartupLock(orm, async () => (await orm.migrator.up()).map((m) => m.name));
}
