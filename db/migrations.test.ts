import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { dialectOf, migrate, openDatabase, underStartupLock } from './index.ts';
import { createTestDatabase } from '../tests/helpers/test-database.ts';

/**
 * MariaDB reports nullable columns and JSON columns (a longtext with a check constraint)
 * differently from MySQL, so the schema comparer proposes `modify` statements that change
 * nothing. Missing tables, columns and indexes still show up as create/add/drop.
 */
const mariaDbNoise = [/^alter table `\w+` modify `\w+` [^;]+;$/, /^alter table `\w+` drop constraint `\w+`;$/];

describe('migrations', () => {
  it('bring a new database to the schema the entities describe', async () => {
    const db = await createTestDatabase({ fresh: true });
    try {
      const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
      const statements = diff.split('\n').map((s) => s.trim()).filter(Boolean);
      const real = dialectOf(db.url) === 'mysql' ? statements.filter((s) => !mariaDbNoise.some((noise) => noise.test(s))) : statements;
      assert.deepEqual(real, [], `entities and migrations differ; run npm run migration:create -- <name>:\n${diff}`);
    } finally {
      await db.drop();
    }
  });

  it('are applied once when several instances start together on one MySQL database', { skip: !process.env.DATABASE_URL?.startsWith('mysql://') && 'MySQL only: one SQLite file has one instance' }, async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `${url.pathname.slice(1)}_together_${process.pid}`;
    url.pathname = '';
    const admin = await createConnection(url.toString().replace(/\/$/, ''));
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    url.pathname = `/${name}`;
    const orms = await Promise.all([1, 2, 3].map(() => openDatabase(url.toString())));
    try {
      const applied = await Promise.all(orms.map((orm) => migrate(orm)));
      const all = applied.flat();
      assert.ok(all.length > 0);
      assert.equal(new Set(all).size, all.length, 'each migration applied by one instance');
      assert.deepEqual(await migrate(orms[0]!), [], 'nothing left');
      // Seeding after migrating is one piece of work: no two instances are inside it at once.
      let inside = 0;
      let most = 0;
      await Promise.all(
        orms.map((orm) =>
          underStartupLock(orm, async () => {
            most = Math.max(most, (inside += 1));
            await new Promise((resolve) => setTimeout(resolve, 50));
            inside -= 1;
          }),
        ),
      );
      assert.equal(most, 1);
    } finally {
      await Promise.all(orms.map((orm) => orm.close()));
      await admin.query(`drop database if exists \`${name}\``);
      await admin.end();
    }
  });
});
