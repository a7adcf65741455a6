import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { migrate, migrationsPath, openDatabase, type Dialect } from '../../db/index.ts';

let counter = 0;

export interface TestDatabase {
  orm: MikroORM;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one suite: a temporary SQLite file by default, or a new
 * MySQL database beside the one DATABASE_URL names. That name must mark it as a test
 * database, so a mistyped URL can never wipe real data.
 *
 * The migrations run once per set of migration files, into a template (a file in the temp
 * folder; a database beside the named one), and each suite gets a copy of it: migrating
 * takes seconds on MySQL, a copy a fraction of that. `fresh` migrates from nothing instead,
 * for the test of the migrations themselves.
 */
export async function createTestDatabase(options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  counter += 1;
  if (base?.startsWith('mysql://')) return createMysqlDatabase(base, options.fresh ?? false);
  const file = join(tmpdir(), `fundraise-test-${process.pid}-${counter}-${Date.now()}.db`);
  if (!options.fresh) copyFileSync(await sqliteTemplate(), file);
  const url = `sqlite:${file}`;
  const orm = await openDatabase(url);
  await migrate(orm);
  return {
    orm,
    url,
    async drop() {
      await orm.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}

/** Names the migrations of a dialect by their files' contents: a changed migration is a new template. */
function migrationsKey(dialect: Dialect): string {
  const folder = migrationsPath(dialect);
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) hash.update(name).update(readFileSync(join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated SQLite template, made by whichever suite needs it first. Suites running at
 * once may each make one; each writes its own file and renames it into place, which is
 * atomic, so a copy never reads a template half written.
 */
async function sqliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `fundraise-template-${migrationsKey('sqlite')}.db`);
  if (existsSync(template)) return template;
  const building = `${template}.${process.pid}.building`;
  const orm = await openDatabase(`sqlite:${building}`);
  try {
    await migrate(orm);
    // Everything into the main file, which is all a copy takes.
    await orm.em.getConnection().execute('pragma wal_checkpoint(truncate)');
  } finally {
    await orm.close();
  }
  renameSync(building, template);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  return template;
}

async function createMysqlDatabase(base: string, fresh: boolean): Promise<TestDatabase> {
  const url = new URL(base);
  const baseName = url.pathname.replace(/^\//, '');
  if (!/test/i.test(baseName)) {
    throw new Error(`Refusing to run tests against "${baseName}": the database name must contain "test".`);
  }
  const name = `${baseName}_${process.pid}_${counter}`;
  url.pathname = '';
  const server = url.toString().replace(/\/$/, '');
  const admin = await createConnection(server);
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  if (!fresh) await copyMysqlSchema(admin, await mysqlTemplate(server, baseName), name);
  url.pathname = `/${name}`;
  const orm = await openDatabase(url.toString());
  await migrate(orm);
  return {
    orm,
    url: url.toString(),
    async drop() {
      await orm.close();
      await admin.query(`drop database if exists \`${name}\``);
      await admin.end();
    },
  };
}

/**
 * The migrated MySQL template beside the named database, made once under a named lock by
 * whichever suite needs it first; the others wait for it. Finished means every migration
 * file is recorded in it: a template a killed run left half made is made again.
 */
async function mysqlTemplate(server: string, baseName: string): Promise<string> {
  const dialect: Dialect = 'mysql';
  const template = `${baseName}_template_${migrationsKey(dialect)}`;
  const expected = readdirSync(migrationsPath(dialect)).filter((name) => name.endsWith('.ts')).length;
  const lock = await createConnection(server);
  try {
    const [taken] = await lock.query<RowDataPacket[]>('select get_lock(?, 600) as taken', [template]);
    if (taken[0]?.taken !== 1) throw new Error(`the test template ${template} has been locked for 10 minutes`);
    const [done] = await lock.query<RowDataPacket[]>(
      'select count(*) as n from information_schema.tables where table_schema = ? and table_name = ?',
      [template, 'mikro_orm_migrations'],
    );
    if (Number(done[0]?.n) === 1) {
      const [applied] = await lock.query<RowDataPacket[]>(`select count(*) as n from \`${template}\`.mikro_orm_migrations`);
      if (Number(applied[0]?.n) === expected) return template;
    }
    await lock.query(`drop database if exists \`${template}\``);
    await lock.query(`create database \`${template}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    const orm = await openDatabase(`${server}/${template}`);
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
    return template;
  } finally {
    await lock.end().catch(() => lock.destroy());
  }
}

/** Tables (with their foreign keys and rows) and triggers of `from`, made again in `to`. */
async function copyMysqlSchema(connection: Connection, from: string, to: string): Promise<void> {
  const [tables] = await connection.query<RowDataPacket[]>(
    "select table_name as name from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE'",
    [from],
  );
  const names = tables.map((row) => String(row.name));
  const creates = await Promise.all(
    names.map(async (table) => {
      const [rows] = await connection.query<RowDataPacket[]>(`show create table \`${from}\`.\`${table}\``);
      return String(rows[0]!['Create Table']);
    }),
  );
  const [triggers] = await connection.query<RowDataPacket[]>('select trigger_name as name from information_schema.triggers where trigger_schema = ?', [from]);
  const triggerStatements = await Promise.all(
    triggers.map(async (row) => {
      const [rows] = await connection.query<RowDataPacket[]>(`show create trigger \`${from}\`.\`${String(row.name)}\``);
      return String(rows[0]!['SQL Original Statement']);
    }),
  );
  const [filled] = await connection.query<RowDataPacket[]>(
    names.map((table) => `select '${table}' as name from \`${from}\`.\`${table}\` having count(*) > 0`).join(' union all '),
  );
  await connection.query(`use \`${to}\``);
  // Tables refer to each other: made in any order with the checks off, as a dump is loaded.
  await connection.query('set foreign_key_checks = 0');
  try {
    for (const create of creates) await connection.query(create);
    for (const row of filled) await connection.query(`insert into \`${String(row.name)}\` select * from \`${from}\`.\`${String(row.name)}\``);
  } finally {
    await connection.query('set foreign_key_checks = 1');
  }
  for (const statement of triggerStatements) await connection.query(statement);
}
