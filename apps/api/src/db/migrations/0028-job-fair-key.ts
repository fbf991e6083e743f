import { type Kysely, sql } from 'kysely';

/**
 * A job may name a fair key (a webhook delivery: its organisation), and no more than
 * WORKER_DELIVERIES_PER_ORGANISATION jobs of one key run at once across the workers
 * (database-job-runner.ts), so one organisation's slow receiver cannot take every delivery slot.
 * Jobs queued before have none and are not held back. Each claim counts the running jobs by key:
 * the index holds only running jobs, a few, however many the table keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('fair_key', 'text').execute();
  await db.schema
    .createIndex('jobs_running_fair_key')
    .on('jobs')
    .columns(['fair_key', 'locked_until'])
    .where(sql.ref('status'), '=', 'running')
    .execute();
}
