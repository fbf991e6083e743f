import type { Kysely } from 'kysely';

/**
 * Issue 18 §2 and §3: a project records its inspection (vessel, date, method, inspector, visibility)
 * and each image the hull zone it shows. `vessel_id` refers to `vessels` (0008-vessels, applied
 * before this one); deleting a vessel keeps its inspections, their vessel becomes null. Every column is nullable text with no default, so rows made
 * before keep their meaning: details not recorded, zone unassigned. Like the statuses, the enum
 * values are checked by the app (the contract's schemas), not by CHECK constraints. The dates are
 * ISO 8601 `YYYY-MM-DD` strings on both dialects, as the times are ISO strings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['inspection_date', 'inspection_method', 'inspector', 'visibility']) {
    await db.schema.alterTable('projects').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('projects')
    .addColumn('vessel_id', 'integer', (column) => column.references('vessels.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('projects_vessel').on('projects').column('vessel_id').execute();
  await db.schema.alterTable('images').addColumn('hull_zone', 'text').execute();
}
