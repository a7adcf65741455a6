/**
 * Generates the next migration for both dialects from the entities: each dialect's
 * migrations are applied to a scratch database, then the difference to the entities is
 * written as a new migration. MySQL needs a server: MYSQL_URL (default root on localhost).
 * Usage: npm run migration:create -- <name>
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { migrate, openDatabase } from '../db/index.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run migration:create -- <snake_case_name>');
  process.exit(2);
}

async function generate(url: string): Promise<void> {
  const orm = await openDatabase(url);
  try {
    await migrate(orm);
    const result = await orm.migrator.create(undefined, false, false, name);
    console.log(result.fileName ? `${url.split(':')[0]}: wrote ${result.fileName}` : `${url.split(':')[0]}: no changes`);
  } finally {
    await orm.close();
  }
}

const sqliteFile = join(tmpdir(), `migration-scratch-${process.pid}.db`);
await generate(`sqlite:${sqliteFile}`);
rmSync(sqliteFile, { force: true });

const mysqlServer = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const scratch = `migration_scratch_${process.pid}`;
const admin = await createConnection(mysqlServer);
await admin.query(`create database \`${scratch}\``);
try {
  await generate(`${mysqlServer}/${scratch}`);
} finally {
  await admin.query(`drop database \`${scratch}\``);
  await admin.end();
}
