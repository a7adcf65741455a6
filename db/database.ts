import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RowDataPacket } from 'mysql2/promise';
import { MikroORM, type EntityMetadata, type Options, type Platform } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
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
  if (dialectOf(databaseUrl) === 'sqlite') {
    // WAL lets readers run while a writer commits; busy_timeout makes a second writer wait instead of failing.
    await orm.em.getConnection().execute('pragma journal_mode = wal');
    await orm.em.getConnection().execute('pragma busy_timeout = 5000');
    await orm.em.getConnection().execute('pragma foreign_keys = on');
    reusePreparedStatements((await orm.em.getConnection().getNativeClient()) as Preparing);
  }
  return orm;
}

/**
 * Runs `work` (migrating, seeding) while no other instance runs its own. On MySQL, under a
 * named lock held by a connection of its own: instances that start together on an empty
 * database would otherwise apply the same migration at once, all but one failing on its DDL,
 * and load the demo data twice. One SQLite file has one instance.
 */
export async function underStartupLock<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  const url = orm.config.get('clientUrl');
  if (!url?.startsWith('mysql://')) return work();
  const { createConnection } = await import('mysql2/promise');
  const lock = await createConnection(url);
  try {
    const [rows] = await lock.query<RowDataPacket[]>("select get_lock('fundraise_startup', 300) as taken");
    if (rows[0]?.taken !== 1) throw new Error('another instance has been preparing the database for 5 minutes; not starting');
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
