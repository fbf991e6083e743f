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
  /** The API key the actor acted through, kept in the detail as `api_key`. */
  apiKey?: { id: number; name: string } | null;
}

/** Who made a change and through what: the part of an entry a route knows before the change. */
export type AuditSource = Pick<AuditEntry, 'actor' | 'clientAddress' | 'apiKey'>;

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
      detail: detailJson(entry),
      client_address: entry.clientAddress ?? null,
      created_at: nowIso(),
    })
    .execute();
}

function detailJson(entry: AuditEntry): string | null {
  const detail = entry.apiKey ? { ...entry.detail, api_key: entry.apiKey } : entry.detail;
  return detail === undefined ? null : JSON.stringify(detail);
}

/**
 * The acting user, the client address and the API key (if any) of an authenticated request, for
 * recordAudit. Through a key, the actor is the key's creator.
 */
export function auditSource(request: FastifyRequest): AuditSource {
  return {
    actor: request.user ? { id: request.user.id, username: request.user.username } : null,
    clientAddress: request.ip,
    apiKey: request.apiKey ? { id: request.apiKey.id, name: request.apiKey.name } : null,
  };
}
