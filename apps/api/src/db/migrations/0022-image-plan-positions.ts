import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 40 §2: a photo's point on its vessel's hull plan, where a user dragged it (or a video frame
 * placed between two dragged ones). No row means the photo is placed by its zone, so images made
 * before need nothing. The row goes with its image.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const decimal = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('image_plan_positions')
    .addColumn('image_id', 'integer', (c) => c.primaryKey().references('images.id').onDelete('cascade'))
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('from_aft_m', decimal, (c) => c.notNull())
    .addColumn('across_m', decimal, (c) => c.notNull())
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
