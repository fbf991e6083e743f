import type { Kysely } from 'kysely';

/**
 * Moving a photo on the hull plan changes the inspection (its report draws the pins) but not its image
 * lists, so it raises a counter of its own: signing compares it, and the lists' ETags stay as they
 * were. The index serves revoking a user's keys when their password is reset or changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('plan_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_keys_created_by').on('api_keys').column('created_by').execute();
}
