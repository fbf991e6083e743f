import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { recordAudit } from '../audit/audit-log.js';

/** Why a user's keys went with their password, as the audit entry's detail names it. */
export type CredentialChange = 'password_reset' | 'password_change';

/**
 * Revokes every working key the user created, in every organisation, with one audit entry per key
 * in its organisation. A key acts as its creator: a new password means the old credentials are no
 * longer trusted, so keys made with them must not outlive it (issue 41 L2).
 */
export async function revokeKeysOfCreator(
  db: Kysely<DB>,
  user: { id: number; username: string },
  reason: CredentialChange,
  clientAddress: string | null,
): Promise<number> {
  const at = nowIso();
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('created_by', '=', user.id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .returning(['id', 'organisation_id', 'name', 'prefix'])
    .execute();
  for (const key of revoked) {
    await recordAudit(db, {
      organisationId: key.organisation_id,
      actor: user,
      action: 'api_key.revoke',
      target: { type: 'api_key', id: key.id, label: key.name },
      detail: { prefix: key.prefix, reason },
      clientAddress,
    });
  }
  return revoked.length;
}
