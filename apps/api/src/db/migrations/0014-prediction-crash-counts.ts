import type { Kysely } from 'kysely';

/**
 * Issue 43: crashes are counted where they happen, so a worker that dies now and then no longer
 * abandons the rest of a paid batch. `starts` counts the times a worker began an image (one still
 * PENDING with starts was in progress when its worker died); `runs_without_progress` counts the
 * request's job runs since an image was last settled, which bounds crashes outside any image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('prediction_request_images')
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('prediction_requests')
    .addColumn('runs_without_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
