import type { Kysely } from 'kysely';

/**
 * Whether the image's upload kept the model's input at the standard resolution (standard-input.ts):
 * 1 from the upload until a prediction at standard has used it or the daily sweep removed it, so a
 * prediction asks storage for it only where it can be there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('standard_input_kept', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
