/**
 * The node:sqlite adapter hands Kysely plain objects, the shape pg gives: keys in column order,
 * SQL NULL as null, the last of two same-named columns winning, from `all` and `iterate` alike.
 */
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
