import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 40: a vessel's particulars (its hull plan is drawn from them) and its routine inspection
 * interval and contingency inputs (idle days, operation outside its profile); each inspection's checklist of areas; each organisation's decision rules. Particulars are
 * nullable with no default, so vessels made before are "not given". Booleans are 0/1 integers on
 * both dialects; metres are floating point (PostgreSQL's `real` would turn 32.26 into 32.259998).
 * The checklist and the rules go with their project and their owner.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const decimal = dialect === 'postgres' ? 'double precision' : 'real';
  for (const column of ['length_overall_m', 'beam_m', 'design_draught_m']) {
    await db.schema.alterTable('vessels').addColumn(column, decimal).execute();
  }
  for (const column of [
    'propellers',
    'bow_thrusters',
    'stern_thrusters',
    'sea_chests',
    'bilge_keels',
    'stabilisers',
    'inspection_interval_days',
    'idle_days',
    'outside_operating_profile',
  ]) {
    await db.schema.alterTable('vessels').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('vessels').addColumn('sea_chest_side', 'text').execute();

  await db.schema
    .createTable('inspection_areas')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hull_zone', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('not_inspected_reason', 'text')
    .addColumn('inspector_rating', 'integer')
    .addColumn('antifouling_condition', 'text')
    .addColumn('notes', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_areas_pk', ['project_id', 'hull_zone'])
    .execute();

  await db.schema
    .createTable('decision_rules')
    .addColumn('owner', 'integer', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
