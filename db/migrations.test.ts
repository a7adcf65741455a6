import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dialectOf } from './index.ts';
import { createTestDatabase } from '../tests/helpers/test-database.ts';

/**
 * MariaDB reports nullable columns and JSON columns (a longtext with a check constraint)
 * differently from MySQL, so the schema comparer proposes `modify` statements that change
 * nothing. Missing tables, columns and indexes still show up as create/add/drop.
 */
const mariaDbNoise = [/^alter table `\w+` modify `\w+` [^;]+;$/, /^alter table `\w+` drop constraint `\w+`;$/];

describe('migrations', () => {
  it('bring a new database to the schema the entities describe', async () => {
    const db = await createTestDatabase();
    try {
      const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
      const statements = diff.split('\n').map((s) => s.trim()).filter(Boolean);
      const real = dialectOf(db.url) === 'mysql' ? statements.filter((s) => !mariaDbNoise.some((noise) => noise.test(s))) : statements;
      assert.deepEqual(real, [], `entities and migrations differ; run npm run migration:create -- <name>:\n${diff}`);
    } finally {
      await db.drop();
    }
  });
});
