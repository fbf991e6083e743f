import type { AuditAction } from '@hullscope/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export interface AuditEntry {
  organisationId: number | null;
  actor: { id: number; username: string } | null;
  action: AuditAction;
  target?: { type: string; id: number | string; label?: string | null };
  detail?: Record<string, unknown>;
  /** The client's address as the server sees it (after TRUST_PROXY). */
  clientAddress?: string | null;
}

/**
 * Appends one entry. The only write the code makes to the audit log besides removing entries older
 * than the retention period: nothing updates or deletes an entry otherwise.
 */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      organisation_id: entry.organisationId,
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.username ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target === undefined ? null : String(entry.target.id),
      target_label: entry.target?.label ?? null,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
      client_address: entry.clientAddress ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** The acting user and the client address of an authenticated request, for recordAudit. */
export function auditSource(request: FastifyRequest): Pick<AuditEntry, 'actor' | 'clientAddress'> {
  return {
    actor: request.user ? { id: request.user.id, username: request.user.username } : null,
    clientAddress: request.ip,
  };
}
