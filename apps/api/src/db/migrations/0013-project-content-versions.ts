import type { Kysely } from 'kysely';

/**
 * Issue 21: what the thumbnails list and the image details answer changes only when the project's
 * images or predictions change, and these counters say when. Every writer raises them as the last
 * statement of its transaction (see features/projects/content-versions.ts), so an unchanged list is
 * told by reading the project's row, which the route reads anyway, at a cost that no longer grows
 * with the number of images (before: aggregates over every image row, about 1.3 ms at 2,000).
 * Existing projects start at 0: the ETags also name the version of how they are made, which changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('images_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('predictions_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
