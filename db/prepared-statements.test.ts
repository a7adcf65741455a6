import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from './database.ts';
import { reusePreparedStatements } from './prepared-statements.ts';

describe('prepared statements', () => {
  it('are prepared once per text and reused, the least recently used dropped past the limit', () => {
    const prepared: string[] = [];
    const database = { prepare: (sql: string): unknown => (prepared.push(sql), { sql, n: prepared.length }) };
    reusePreparedStatements(database, 2);
    const a = database.prepare('select 1');
    assert.equal(database.prepare('select 1'), a);
    database.prepare('select 2');
    database.prepare('select 1');
    const c = database.prepare('select 3');
    assert.equal(database.prepare('select 1'), a, 'still kept: used after "select 2"');
    database.prepare('select 2');
    assert.deepEqual(prepared, ['select 1', 'select 2', 'select 3', 'select 2'], '"select 2" was the least recently used when "select 3" came');
    assert.notEqual(database.prepare('select 3'), c, '"select 3" made way for "select 2"');
  });

  it('give each run its own parameters and rows on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prepared-'));
    const orm = await openDatabase(`sqlite:${join(dir, 'test.db')}`);
    try {
      const connection = orm.em.getConnection();
      await connection.execute('create table t (id integer primary key, name text)');
      for (const name of ['Abebe', 'Almaz', 'Tigist']) await connection.execute('insert into t (name) values (?)', [name]);
      const names = async (id: number) => ((await connection.execute('select name from t where id >= ? order by id', [id])) as { name: string }[]).map((row) => row.name);
      assert.deepEqual(await names(1), ['Abebe', 'Almaz', 'Tigist']);
      assert.deepEqual(await names(3), ['Tigist']);
      assert.deepEqual(await names(4), []);
      await connection.execute('alter table t add column city text');
      await connection.execute("update t set city = 'Gondar' where id = ?", [2]);
      assert.deepEqual(await connection.execute('select * from t where id = ?', [2]), [{ id: 2, name: 'Almaz', city: 'Gondar' }], 'the schema changed under a kept statement');
    } finally {
      await orm.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
