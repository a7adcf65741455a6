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

  it('let the connection commit again once a lock held elsewhere is gone, leaving no trace of what was refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prepared-'));
    const url = `sqlite:${join(dir, 'test.db')}`;
    const orm = await openDatabase(url);
    const other = await openDatabase(url);
    try {
      const connection = orm.em.getConnection();
      await connection.execute('create table t (id integer primary key, name text)');
      await connection.execute('pragma busy_timeout = 100');
      const insert = (name: string) => orm.em.fork().transactional((em) => em.getConnection().execute('insert into t (name) values (?) returning id', [name], 'all', em.getTransactionContext()));
      const update = () => orm.em.fork().transactional((em) => em.getConnection().execute("update t set name = name || '.'", [], 'run', em.getTransactionContext()));
      await insert('Abebe');
      // Another process writing the file (a second app on it, a backup), for longer than this one waits.
      await other.em.getConnection().execute('begin immediate');
      const busy = (error: Error & { code?: string }) => error.code === 'SQLITE_BUSY';
      // The same statement refused twice, and another: each is left in progress.
      await assert.rejects(insert('Almaz'), busy);
      await assert.rejects(insert('Almaz'), busy);
      await assert.rejects(update(), busy);
      await other.em.getConnection().execute('rollback');
      await update();
      await insert('Tigist');
      const rows = (await connection.execute('select name from t order by id')) as { name: string }[];
      assert.deepEqual(rows.map((row) => row.name), ['Abebe.', 'Tigist'], 'the refused insert and update left nothing behind');
      await insert('Almaz');
      assert.deepEqual(await connection.execute('pragma busy_timeout'), [{ timeout: 100 }], 'waiting for a lock as before');
    } finally {
      await other.close();
      await orm.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
