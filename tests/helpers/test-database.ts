import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import { createConnection } from 'mysql2/promise';
import { migrate, openDatabase } from '../../db/index.ts';

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
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  counter += 1;
  if (base?.startsWith('mysql://')) {
    const url = new URL(base);
    const baseName = url.pathname.replace(/^\//, '');
    if (!/test/i.test(baseName)) {
      throw new Error(`Refusing to run tests against "${baseName}": the database name must contain "test".`);
    }
    const name = `${baseName}_${process.pid}_${counter}`;
    url.pathname = '';
    const admin = await createConnection(url.toString().replace(/\/$/, ''));
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
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
  const file = join(tmpdir(), `fundraise-test-${process.pid}-${counter}-${Date.now()}.db`);
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
