import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/load-config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrations/index.js';
import { createDataHome } from '../support/server-process.js';

// Issue 38: a database filled before organisations, upgraded. Runs on the suite's database
// (SQLite, or PostgreSQL with TEST_DB=postgres).
let home: Awaited<ReturnType<typeof createDataHome>>;
let database: Database;
const now = new Date().toISOString();

beforeAll(async () => {
  home = await createDataHome('hullscope-migration-0016-');
  database = openDatabase(loadConfig({ DATA_DIR: home.dataDir, DATABASE_URL: home.database.url }).database);
});
afterAll(async () => {
  await database.destroy();
  await home.remove();
});

async function insert(table: string, values: Record<string, string | number | null>): Promise<number> {
  const row = await sql<{ id: number }>`insert into ${sql.table(table)}
    (${sql.join(Object.keys(values).map((column) => sql.ref(column)))})
    values (${sql.join(Object.values(values))}) returning id`.execute(database.db);
  return row.rows[0]!.id;
}

async function oldUser(name: string, credits: number, companyName: string): Promise<number> {
  const id = await insert('users', {
    username: name,
    email: `${name}@fleet.example`,
    first_name: name[0]!.toUpperCase() + name.slice(1),
    last_name: 'Olsen',
    password_hash: 'x',
    credits,
    created_at: now,
    updated_at: now,
  });
  await insert('companies', { owner: id, name: companyName, created_at: now, updated_at: now });
  return id;
}

function ledgerRow(userId: number | null, kind: string, amount: number, status = 'SETTLED') {
  return insert('credit_ledger', { user_id: userId, kind, amount, status, reason: kind, created_at: now });
}

describe('0016-organisations', () => {
  it('gives every user an organisation of one with their data, balance and ledger, and nothing is lost', async () => {
    await migrateUpTo(database, '0015-data-exports');
    const gone = await oldUser('gone', 0, '');
    const astrid = await oldUser('astrid', 70, ' Nordic Hulls AS ');
    const bjorn = await oldUser('bjorn', 5, '');
    await database.db
      .deleteFrom('users' as never)
      .where('id' as never, '=', gone as never)
      .execute();
    const vessel = await insert('vessels', {
      owner: astrid,
      name: 'MV Fjord',
      created_at: now,
      updated_at: now,
    });
    const project = await insert('projects', {
      owner: astrid,
      name: 'Hull 2025',
      location: 'Bergen',
      vessel_id: vessel,
      created_at: now,
      updated_at: now,
    });
    const image = await insert('images', {
      project_id: project,
      owner: astrid,
      name: 'bow.jpg',
      format: 'jpeg',
      width: 8,
      height: 8,
      size_bytes: 100,
      content_hash: 'h',
      storage_prefix: `users/${astrid}/projects/${project}/images/a`,
      created_at: now,
    });
    const exported = await insert('data_exports', { owner: astrid, status: 'READY', created_at: now });
    const bonus = await ledgerRow(astrid, 'signup_bonus', 50);
    await ledgerRow(astrid, 'admin_grant', 20);
    const anonymous = await ledgerRow(null, 'purchase', 100, 'PAID');
    await ledgerRow(bjorn, 'signup_bonus', 5);

    await migrateToLatest(database);
    const db = database.db;

    expect(
      await db.selectFrom('organisations').select(['id', 'name', 'credits']).orderBy('id').execute(),
    ).toEqual([
      { id: astrid, name: 'Nordic Hulls AS', credits: 70 },
      { id: bjorn, name: 'Bjorn Olsen', credits: 5 },
    ]);
    expect(
      await db
        .selectFrom('memberships')
        .select(['organisation_id', 'user_id', 'role'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { organisation_id: astrid, user_id: astrid, role: 'owner' },
      { organisation_id: bjorn, user_id: bjorn, role: 'owner' },
    ]);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['id', 'organisation_id', 'user_id'])
      .orderBy('id')
      .execute();
    expect(ledger.find((row) => row.id === bonus)).toEqual({
      id: bonus,
      organisation_id: astrid,
      user_id: astrid,
    });
    expect(ledger.find((row) => row.id === anonymous)).toEqual({
      id: anonymous,
      organisation_id: null,
      user_id: null,
    });
    expect(
      await db
        .selectFrom('data_exports')
        .select(['owner', 'requested_by'])
        .where('id', '=', exported)
        .execute(),
    ).toEqual([{ owner: astrid, requested_by: astrid }]);
    expect(
      await db.selectFrom('images').select(['owner', 'storage_prefix']).where('id', '=', image).execute(),
    ).toEqual([{ owner: astrid, storage_prefix: `users/${astrid}/projects/${project}/images/a` }]);

    // Rows now belong to the organisation: removing it removes them, and a new one gets a new id.
    const next = await db
      .insertInto('organisations')
      .values({ name: 'New fleet', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(bjorn);
    await db.deleteFrom('organisations').where('id', '=', astrid).execute();
    for (const table of [
      'projects',
      'vessels',
      'images',
      'companies',
      'data_exports',
      'memberships',
    ] as const) {
      const column = table === 'memberships' ? 'organisation_id' : 'owner';
      const left = await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .where(column as never, '=', astrid as never)
        .executeTakeFirstOrThrow();
      expect(Number(left.n), table).toBe(0);
    }
    // The user stays: their account was never the organisation.
    expect(await db.selectFrom('users').select('id').where('id', '=', astrid).execute()).toEqual([
      { id: astrid },
    ]);
  });
});
