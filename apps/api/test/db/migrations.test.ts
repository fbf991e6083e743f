import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrations/index.js';
import { loadConfig } from '../../src/load-config.js';
import { createDataHome } from '../support/server-process.js';

let home: Awaited<ReturnType<typeof createDataHome>>;
let database: Database;

beforeAll(async () => {
  home = await createDataHome('hullscope-migrations-');
  database = openDatabase(loadConfig({ DATA_DIR: home.dataDir, DATABASE_URL: home.database.url }).database);
});

afterAll(async () => {
  await database.destroy();
  await home.remove();
});

/** One inserted row's id, by raw SQL: these tables are older than the typed schema. */
async function insert(
  table: string,
  values: Record<string, string | number>,
  into: Database = database,
): Promise<number> {
  const columns = Object.keys(values);
  const row = await sql<{
    id: number;
  }>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(Object.values(values))}) returning id`.execute(into.db);
  return row.rows[0]!.id;
}

describe('0004-prediction-model-version', () => {
  it("gives predictions made before it their model's version, and keeps it through an upgrade", async () => {
    await migrateUpTo(database, '0003-billing');
    const now = new Date().toISOString();
    const owner = await insert('users', {
      username: 'old@example.com',
      email: 'old@example.com',
      first_name: 'Old',
      last_name: 'Data',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    const project = await insert('projects', {
      owner,
      name: 'P',
      location: 'L',
      created_at: now,
      updated_at: now,
    });
    const image = await insert('images', {
      project_id: project,
      owner,
      name: 'hull.jpg',
      format: 'jpeg',
      width: 8,
      height: 8,
      size_bytes: 100,
      content_hash: 'h',
      storage_prefix: 'p',
      created_at: now,
    });
    const model = await insert('cv_models', {
      key: 'evo',
      name: 'Evo',
      architecture: 'unet',
      backbone: 'dsconv',
      version: '1.0.0',
      filename: 'model.onnx',
      manifest: '{}',
      created_at: now,
      updated_at: now,
    });
    const resolution = (
      await sql<{ id: number }>`select id from resolutions where name = 'standard'`.execute(database.db)
    ).rows[0]!.id;
    const prediction = await insert('predictions', {
      image_id: image,
      project_id: project,
      owner,
      model_id: model,
      resolution_id: resolution,
      percentages: '[]',
      width: 8,
      height: 8,
      storage_prefix: 'p/predictions/request-1',
      created_at: now,
    });

    await migrateToLatest(database);
    await database.db.updateTable('cv_models').set({ version: '1.1.0' }).where('id', '=', model).execute();

    const row = await database.db
      .selectFrom('predictions')
      .select(['model_version', 'surface_pixels', 'confidence'])
      .where('id', '=', prediction)
      .executeTakeFirstOrThrow();
    expect(row.model_version).toBe('1.0.0');
    // 0010-prediction-surface-pixels: not known for a prediction made before it (the inspection
    // summary weights such a prediction by its whole size instead; see pool-coverage.test.ts).
    expect(row.surface_pixels).toBeNull();
    // 0012-prediction-confidence: nor is its confidence (the API answers null for both fields).
    expect(row.confidence).toBeNull();
  });
});

describe('0009-inspection-details', () => {
  let olderHome: Awaited<ReturnType<typeof createDataHome>>;
  let older: Database;
  beforeAll(async () => {
    olderHome = await createDataHome('hullscope-migrations-0009-');
    older = openDatabase(
      loadConfig({ DATA_DIR: olderHome.dataDir, DATABASE_URL: olderHome.database.url }).database,
    );
  });
  afterAll(async () => {
    await older.destroy();
    await olderHome.remove();
  });

  it('keeps projects and images made before it as they were: no details, no zone', async () => {
    await migrateUpTo(older, '0007-throttle-events');
    const now = new Date().toISOString();
    const insertOld = async (table: string, values: Record<string, string | number>) =>
      (
        await sql<{ id: number }>`insert into ${sql.table(table)}
          (${sql.join(Object.keys(values).map((c) => sql.ref(c)))})
          values (${sql.join(Object.values(values))}) returning id`.execute(older.db)
      ).rows[0]!.id;
    const owner = await insertOld('users', {
      username: 'before@example.com',
      email: 'before@example.com',
      first_name: 'Before',
      last_name: 'Zones',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    const project = await insertOld('projects', {
      owner,
      name: 'Old survey',
      location: 'Kiel',
      description: 'Port side',
      created_at: now,
      updated_at: now,
    });
    const image = await insertOld('images', {
      project_id: project,
      owner,
      name: 'old.jpg',
      format: 'jpeg',
      width: 8,
      height: 8,
      size_bytes: 100,
      content_hash: 'h',
      storage_prefix: 'p',
      created_at: now,
    });

    await migrateToLatest(older);

    expect(
      await older.db.selectFrom('projects').selectAll().where('id', '=', project).executeTakeFirstOrThrow(),
    ).toEqual({
      id: project,
      owner,
      name: 'Old survey',
      location: 'Kiel',
      description: 'Port side',
      created_at: now,
      updated_at: now,
      vessel_id: null,
      inspection_date: null,
      inspection_method: null,
      inspector: null,
      visibility: null,
      images_version: 0,
      predictions_version: 0,
      plan_version: 0,
      signed_revision: null,
    });
    expect(
      await older.db
        .selectFrom('images')
        .select(['name', 'hull_zone'])
        .where('id', '=', image)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'old.jpg', hull_zone: null });
  });
});

describe('0028-job-fair-key', () => {
  let olderHome: Awaited<ReturnType<typeof createDataHome>>;
  let older: Database;
  beforeAll(async () => {
    olderHome = await createDataHome('hullscope-migrations-0028-');
    older = openDatabase(
      loadConfig({ DATA_DIR: olderHome.dataDir, DATABASE_URL: olderHome.database.url }).database,
    );
  });
  afterAll(async () => {
    await older.destroy();
    await olderHome.remove();
  });

  it('leaves the jobs queued before it without a fair key: no cap holds them back', async () => {
    await migrateUpTo(older, '0027-prediction-model-name');
    const now = new Date().toISOString();
    const job = await insert(
      'jobs',
      {
        name: 'webhook-delivery',
        payload: '{"deliveryId":1}',
        status: 'queued',
        max_attempts: 3,
        run_after: now,
        created_at: now,
        updated_at: now,
      },
      older,
    );

    await migrateToLatest(older);

    expect(
      await older.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'fair_key'])
        .where('id', '=', job)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'queued', attempts: 0, fair_key: null });
  });
});
