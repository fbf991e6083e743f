import { nowIso } from '../db/time.js';
import type { JobCatalog, JobQueue } from './job-queue.js';

export interface DatabaseJobQueue<Catalog extends JobCatalog> extends JobQueue<Catalog> {
  /** Called after each enqueue, so a runner in this process can look at once instead of at its next poll. */
  onEnqueued(listener: () => void): void;
}

/**
 * The queue port over a durable `jobs` table in the application's database (SQLite or PostgreSQL):
 * a job is a row written in the producer's transaction. Runners (database-job-runner.ts) claim rows.
 */
export function databaseJobQueue<Catalog extends JobCatalog>(catalog: Catalog): DatabaseJobQueue<Catalog> {
  const listeners: (() => void)[] = [];
  return {
    async enqueue(trx, name, payload, options = {}) {
      const spec = catalog[name];
      if (!spec) throw new Error(`Job "${name}" is not in the job catalog`);
      const now = nowIso();
      await trx
        .insertInto('jobs')
        .values({
          name,
          payload: JSON.stringify(spec.payload.parse(payload)),
          status: 'queued',
          max_attempts: spec.maxAttempts,
          run_after: options.runAfter ?? now,
          fair_key: options.fairKey ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // After commit, as the producer's transaction is still open now.
      for (const listener of listeners) setTimeout(listener, 10);
    },
    onEnqueued(listener) {
      listeners.push(listener);
    },
  };
}
