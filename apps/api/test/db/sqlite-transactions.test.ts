import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { sqliteDriver } from '../../src/db/sqlite-driver.js';

let folder: string;
let database: Database;
let filename: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hullscope-sqlite-transactions-'));
  filename = path.join(folder, 'hullscope.db');
  database = openDatabase({ dialect: 'sqlite', filename });
  await sql`create table counted (n integer)`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  await rm(folder, { recursive: true, force: true });
});

describe('SQLite transactions beside another process on the same file', () => {
  it('hold the write lock from their start, so a count and the insert after it see no other write between them', async () => {
    // Another process (the admin CLI beside the server), here a second connection that does not wait.
    const Sqlite = sqliteDriver();
    const other = new Sqlite(filename);
    other.pragma('busy_timeout = 0');
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) as n from counted`.execute(trx);
        // A deferred transaction would let this write in, then fail its own insert at once
        // (SQLITE_BUSY_SNAPSHOT); this one keeps it out until it commits.
        expect(() => other.prepare('insert into counted values (1)').run()).toThrow(/locked|busy/i);
        await sql`insert into counted values (2)`.execute(trx);
      });
      other.prepare('insert into counted values (3)').run();
    } finally {
      other.close();
    }
    const rows = await sql<{ n: number }>`select n from counted order by n`.execute(database.db);
    expect(rows.rows.map((row) => row.n)).toEqual([2, 3]);
  });
});
