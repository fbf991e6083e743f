import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { repeatDaily } from '../../lib/repeat-daily.js';
import { auditRepository } from './audit.repository.js';

/**
 * Removes audit entries older than the retention period now and then daily, until `signal` aborts.
 * Every API process does it; the delete is the same whoever runs it.
 */
export function keepAuditRetention(
  db: Kysely<DB>,
  retentionDays: number,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): void {
  const purge = async () => {
    const removed = await auditRepository(db).deleteOlderThan(isoInSeconds(-retentionDays * 86_400));
    if (removed > 0) log.info({ removed, retentionDays }, 'audit entries past retention removed');
  };
  const run = () =>
    void purge().catch((error: unknown) => log.warn({ err: error }, 'audit retention failed'));
  repeatDaily(run, signal);
}
