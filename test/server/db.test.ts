/**
 * Database plumbing of issue 14: which errors mean "the database is unavailable" (503, not 500),
 * queries compiled once (PreparedQuery refuses a builder whose SQL varies with more than its
 * arguments), readiness pings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDbUnavailableError, migrateToLatest, openDb, pingDb, PreparedQuery, type OpenDb } from '../../src/server/db';

describe('isDbUnavailableError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  test.each([
    ['ECONNREFUSED', withCode('ECONNREFUSED')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['admin shutdown 57P01', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up 57P03', withCode('57P03', 'the database system is starting up')],
    ['too many connections 53300', withCode('53300')],
    ['SQLITE_BUSY', withCode('SQLITE_BUSY', 'database is locked')],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['AggregateError of refused connects', Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {})],
    ['wrapped in cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('%s is unavailable', (_name, err) => {
    expect(isDbUnavailableError(err)).toBe(true);
  });

  test.each([
    ['a syntax error 42601', withCode('42601', 'syntax error')],
    ['a constraint 23505', withCode('23505', 'duplicate key')],
    ['SQLITE_CONSTRAINT', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('%s is not', (_name, err) => {
    expect(isDbUnavailableError(err)).toBe(false);
  });
});

describe('PreparedQuery and pingDb (SQLite)', () => {
  let dir: string;
  let open: OpenDb;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-db-'));
    open = openDb({ databaseFile: path.join(dir, 'db.sqlite') });
    await migrateToLatest(open);
    await open.db.insertInto('users').values([{ created_at: 'a', premium: 0 }, { created_at: 'b', premium: 1 }]).execute();
  });
  afterAll(async () => {
    await open.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('runs with each call\'s arguments, compiled once', async () => {
    let builds = 0;
    const q = new PreparedQuery(
      'users by premium and id',
      (db, premium: number, minId: number) => {
        builds++;
        return db.selectFrom('users').select(['id', 'created_at']).where('premium', '=', premium).where('id', '>=', minId);
      },
      [-1, -2],
      [-3, -4],
    );
    expect(await q.execute(open.db, 0, 1)).toEqual([{ id: 1, created_at: 'a' }]);
    expect(await q.execute(open.db, 1, 1)).toEqual([{ id: 2, created_at: 'b' }]);
    expect(await q.execute(open.db, 1, 3)).toEqual([]);
    expect(builds).toBe(2); // the two sentinel compilations, then none
    // in a transaction it compiles each time (and sees the transaction's writes)
    await open.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ created_at: 'c', premium: 1 }).execute();
      expect(await q.execute(trx, 1, 3)).toEqual([{ id: 3, created_at: 'c' }]);
    });
  });

  test('refuses a builder whose parameters vary with more than its arguments', async () => {
    let n = 0;
    const q = new PreparedQuery('sneaky', (db, id: number) => db.selectFrom('users').select('id').where('id', '=', id).where('created_at', '!=', `t${n++}`), [-1], [-2]);
    await expect(q.execute(open.db, 1)).rejects.toThrow(/PreparedQuery sneaky/);
    const q2 = new PreparedQuery('shape', (db, id: number) => (id === -1 ? db.selectFrom('users').select('id').where('id', '=', id) : db.selectFrom('users').select('premium').where('id', '=', id)), [-1], [-2]);
    await expect(q2.execute(open.db, 1)).rejects.toThrow(/PreparedQuery shape/);
  });

  test('pingDb: true on an open database, false on a closed one, never throws', async () => {
    expect(await pingDb(open.db, 1000)).toBe(true);
    const closed = openDb({ databaseFile: path.join(dir, 'other.sqlite') });
    expect(await pingDb(closed.db, 1000)).toBe(true);
    await closed.db.destroy();
    expect(await pingDb(closed.db, 1000)).toBe(false);
  });
});
