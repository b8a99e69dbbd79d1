/**
 * Which errors mean "the database is away for now": the shapes pg, Node's sockets and node:sqlite
 * really produce (captured from the drivers), and the ones that must stay a 500 or a 4xx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isOutcomeUnknown } from './faults.ts';

const pgError = (code: string, message = 'x') =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
const sysError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

function sqliteErrorOf(run: () => void): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

/** A real node:sqlite error (with its errcode) from `run` on a fresh in-memory database. */
function sqliteError(run: (db: DatabaseSync) => void): unknown {
  const db = new DatabaseSync(':memory:');
  db.exec('create table t (id integer primary key, v text not null unique)');
  try {
    return sqliteErrorOf(() => run(db));
  } finally {
    db.close();
  }
}

describe('isDatabaseUnavailable / isOutcomeUnknown', () => {
  const cases: [string, unknown, boolean, boolean][] = [
    // [what, error, unavailable, outcome unknown]
    [
      'pg_terminate_backend',
      pgError('57P01', 'terminating connection due to administrator command'),
      true,
      true,
    ],
    ['crash of another backend', pgError('57P02'), true, true],
    ['starting up or shutting down', pgError('57P03', 'the database system is starting up'), true, false],
    ['too many connections', pgError('53300', 'sorry, too many clients already'), true, false],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout'), true, true],
    ['connection failure (class 08)', pgError('08006'), true, true],
    ['connection refused', sysError('ECONNREFUSED'), true, false],
    ['connection reset', sysError('ECONNRESET'), true, true],
    ['broken pipe', sysError('EPIPE'), true, true],
    ['host not found', sysError('ENOTFOUND'), true, false],
    ['socket closed mid-query', new Error('Connection terminated unexpectedly'), true, true],
    [
      'no connection within the connect timeout',
      new Error('Connection terminated due to connection timeout'),
      true,
      false,
    ],
    ['pool queue timeout', new Error('timeout exceeded when trying to connect'), true, false],
    ['server silent (query_timeout)', new Error('Query read timeout'), true, true],
    ['pool closed at shutdown', new Error('Cannot use a pool after calling end on the pool'), true, false],
    [
      'refused on every address',
      Object.assign(new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')]), {
        code: 'ECONNREFUSED',
      }),
      true,
      false,
    ],
    ['wrapped as a cause', new Error('lead not stored', { cause: pgError('57P01') }), true, true],
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint'), false, false],
    ['syntax error', pgError('42601', 'syntax error at or near'), false, false],
    ['serialization failure', pgError('40001'), false, false],
    ['NUL byte in text', pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), false, false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false, false],
    ['not an error', 'Connection terminated', false, false],
    ['nothing', undefined, false, false],
  ];
  it.each(cases)('%s', (_what, err, unavailable, unknown) => {
    expect(isDatabaseUnavailable(err)).toBe(unavailable);
    expect(isOutcomeUnknown(err)).toBe(unknown);
  });

  it('recognises SQLite busy and read-only errors, never constraint errors', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-faults-'));
    const file = path.join(dir, 'busy.db');
    const holder = new DatabaseSync(file, { timeout: 0 });
    const writer = new DatabaseSync(file, { timeout: 0 });
    let busy: unknown;
    try {
      holder.exec('create table t (v); begin exclusive');
      busy = sqliteErrorOf(() => writer.exec('insert into t values (1)'));
    } finally {
      holder.close();
      writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const readOnly = sqliteError((db) => db.exec("pragma query_only = on; insert into t (v) values ('a')"));
    const unique = sqliteError((db) =>
      db.exec("insert into t (v) values ('a'); insert into t (v) values ('a')"),
    );
    const notNull = sqliteError((db) => db.exec('insert into t (v) values (null)'));

    expect(isDatabaseUnavailable(busy)).toBe(true);
    expect(isDatabaseUnavailable(readOnly)).toBe(true);
    expect(isOutcomeUnknown(busy)).toBe(false); // SQLite in this process always knows
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(notNull)).toBe(false);
  });
});
