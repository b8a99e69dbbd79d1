/**
 * The node:sqlite adapter hands Kysely plain objects, the shape pg gives: keys in column order,
 * SQL NULL as null, the last of two same-named columns winning, from `all` and `iterate` alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite.ts';

describe('node:sqlite adapter', () => {
  const { raw, database } = openNodeSqlite(':memory:');
  raw.exec(
    "create table t (id integer primary key, name text, price integer); insert into t values (1, 'a', null), (2, 'b', 250)",
  );

  it('reads rows as plain objects, keys in column order, from all and iterate', async () => {
    const statement = await database.prepare('select id, name, price from t where id >= ? order by id');
    expect(statement.reader).toBe(true);
    const rows = statement.all([1]) as Record<string, unknown>[];
    expect(rows).toStrictEqual([
      { id: 1, name: 'a', price: null },
      { id: 2, name: 'b', price: 250 },
    ]);
    for (const row of rows) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(['id', 'name', 'price']);
    }
    expect([...statement.iterate([2])]).toStrictEqual([{ id: 2, name: 'b', price: 250 }]);
  });

  it('lets the last of two same-named columns win, as node:sqlite does', async () => {
    const statement = await database.prepare('select 1 as a, 2 as a');
    expect(statement.all([])).toStrictEqual([{ a: 2 }]);
  });

  it('runs statements that return nothing', async () => {
    const statement = await database.prepare('update t set price = ? where id = ?');
    expect(statement.reader).toBe(false);
    expect(statement.run([300, 1])).toMatchObject({ changes: 1 });
  });
});

describe('node:sqlite transactions with several processes on one file', () => {
  it('begin IMMEDIATE: from its first statement, a transaction holds the write lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-sqlite-'));
    const file = path.join(dir, 'test.db');
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: openNodeSqlite(file).database }),
    });
    // another process's connection, which does not wait for locks
    const other = new DatabaseSync(file, { timeout: 0 });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // a deferred BEGIN would hold no lock after a read: the other process could take the
        // write lock, and this transaction's first write would then fail with SQLITE_BUSY
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
      });
      other.exec('BEGIN IMMEDIATE');
      other.exec('COMMIT');
    } finally {
      other.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('node:sqlite kept statements', () => {
  it('reuses a statement for the same SQL and still sees new rows and new columns', async () => {
    const { raw, database } = openNodeSqlite(':memory:');
    raw.exec("create table k (id integer primary key, name text); insert into k values (1, 'a')");
    const read = async () => (await database.prepare('select * from k order by id')).all([]);
    expect(await read()).toStrictEqual([{ id: 1, name: 'a' }]);
    (await database.prepare('insert into k (id, name) values (?, ?)')).run([2, 'b']);
    expect(await read()).toStrictEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    // a column added behind the adapter's back, and one through it: both show in `select *`
    raw.exec('alter table k add column price integer');
    expect(await read()).toStrictEqual([
      { id: 1, name: 'a', price: null },
      { id: 2, name: 'b', price: null },
    ]);
    (await database.prepare('alter table k add column note text')).run([]);
    expect((await read())[0]).toStrictEqual({ id: 1, name: 'a', price: null, note: null });
    database.close();
  });

  it('iterates with a statement of its own, so a query between two rows cannot reset it', async () => {
    const { raw, database } = openNodeSqlite(':memory:');
    raw.exec('create table k (id integer primary key); insert into k values (1), (2), (3)');
    const sql = 'select id from k order by id';
    const rows = [];
    for (const row of (await database.prepare(sql)).iterate([])) {
      rows.push(row);
      (await database.prepare(sql)).all([]);
    }
    expect(rows).toStrictEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    database.close();
  });
});
