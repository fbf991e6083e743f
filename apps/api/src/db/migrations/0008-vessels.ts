import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/**
 * The user's vessels (issue 18 §1). They go with their owner's account (the foreign key cascades, as
 * projects do). An IMO number names one ship for its whole life, so an owner has it on at most one
 * vessel: a second record would split that ship's inspection history. Vessels without one (null)
 * are not compared, on either dialect. That index, led by `owner`, also serves the owner's list.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('vessels'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('imo_number', 'text')
    .addColumn('flag', 'text')
    .addColumn('vessel_type', 'text')
    .addColumn('gross_tonnage', 'integer')
    .addColumn('antifouling_system', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vessels_owner_imo_number_unique')
    .on('vessels')
    .unique()
    .columns(['owner', 'imo_number'])
    .execute();
}
