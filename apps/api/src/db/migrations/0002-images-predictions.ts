import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { nowIso } from '../time.js';
import { withIdColumn } from './columns.js';

/** Images, models, resolutions, prediction requests and their results, and the durable job table. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('images'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_project').on('images').columns(['project_id', 'id']).execute();

  await withIdColumn(db.schema.createTable('cv_models'), dialect)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('architecture', 'text', (c) => c.notNull())
    .addColumn('backbone', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('resolutions'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('resolution', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('resolutions_price_not_negative', sql`price >= 0`)
    .execute();
  const now = nowIso();
  await db
    .insertInto('resolutions' as never)
    .values([
      {
        name: 'standard',
        display_name: 'Standard (max 800 px)',
        type: 'max_side',
        price: 1,
        resolution: 800,
        created_at: now,
        updated_at: now,
      },
      {
        name: 'fullhd',
        display_name: 'Full HD (max 1920 px)',
        type: 'max_side',
        price: 2,
        resolution: 1920,
        created_at: now,
        updated_at: now,
      },
    ] as never)
    .execute();

  await withIdColumn(db.schema.createTable('prediction_requests'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_id', 'integer', (c) => c.notNull().references('cv_models.id'))
    .addColumn('resolution_id', 'integer', (c) => c.notNull().references('resolutions.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('price_per_image', 'integer', (c) => c.notNull())
    .addColumn('images_total', 'integer', (c) => c.notNull())
    .addColumn('images_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('images_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // At most one unfinished request per user, enforced by the database even under concurrent calls.
  await db.schema
    .createIndex('prediction_requests_one_unfinished')
    .on('prediction_requests')
    .column('owner')
    .unique()
    .where(sql.ref('status'), 'in', sql`('QUEUED', 'RUNNING')`)
    .execute();

  await withIdColumn(db.schema.createTable('prediction_request_images'), dialect)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('prediction_requests.id').onDelete('cascade'),
    )
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('prediction_request_images_request')
    .on('prediction_request_images')
    .columns(['request_id', 'position'])
    .execute();

  await withIdColumn(db.schema.createTable('predictions'), dialect)
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('model_id', 'integer', (c) => c.notNull().references('cv_models.id'))
    .addColumn('resolution_id', 'integer', (c) => c.notNull().references('resolutions.id'))
    .addColumn('request_id', 'integer', (c) => c.references('prediction_requests.id').onDelete('set null'))
    .addColumn('percentages', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('predictions_unique_per_image')
    .on('predictions')
    .columns(['image_id', 'model_id', 'resolution_id'])
    .unique()
    .execute();
  await db.schema.createIndex('predictions_project').on('predictions').column('project_id').execute();

  await withIdColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_after']).execute();
}
