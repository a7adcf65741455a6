import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MikroORM, type Options } from '@mikro-orm/core';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { Migrator } from '@mikro-orm/migrations';
import { MySqlDriver } from '@mikro-orm/mysql';
import { entities } from './entities.ts';

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

export function ormOptions(databaseUrl: string, options: { debug?: boolean } = {}): Partial<Options> {
  const dialect = dialectOf(databaseUrl);
  const common = {
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
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
    return { ...common, driver: LibSqlDriver, dbName: file };
  }
  return { ...common, driver: MySqlDriver, clientUrl: databaseUrl, pool: { min: 0, max: 10 } };
}

export async function openDatabase(databaseUrl: string, options: { debug?: boolean } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(databaseUrl, options));
  if (dialectOf(databaseUrl) === 'sqlite') {
    // WAL lets readers run while a writer commits; busy_timeout makes a second writer wait instead of failing.
    await orm.em.getConnection().execute('pragma journal_mode = wal');
    await orm.em.getConnection().execute('pragma busy_timeout = 5000');
    await orm.em.getConnection().execute('pragma foreign_keys = on');
  }
  return orm;
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
