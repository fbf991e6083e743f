import type { OrganisationRole } from '@hullscope/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, InvitationRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export interface InvitationWithNames extends InvitationRow {
  organisation: string;
  inviter: string | null;
}

/** An invitation that can still be accepted: neither accepted, revoked nor expired. */
export function isPending(row: InvitationRow, now = nowIso()): boolean {
  return row.accepted_at === null && row.revoked_at === null && row.expires_at > now;
}

export function invitationsRepository(db: Kysely<DB>) {
  const withNames = () =>
    db
      .selectFrom('invitations')
      .innerJoin('organisations', 'organisations.id', 'invitations.organisation_id')
      .leftJoin('users', 'users.id', 'invitations.invited_by')
      .selectAll('invitations')
      .select(['organisations.name as organisation', 'users.username as inviter']);

  return {
    insert(values: {
      organisationId: number;
      email: string;
      role: OrganisationRole;
      tokenHash: string;
      invitedBy: number;
      expiresAt: string;
    }): Promise<InvitationRow> {
      const now = nowIso();
      return db
        .insertInto('invitations')
        .values({
          organisation_id: values.organisationId,
          email: values.email,
          role: values.role,
          token_hash: values.tokenHash,
          invited_by: values.invitedBy,
          created_at: now,
          sent_at: now,
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(organisationId: number): Promise<InvitationWithNames[]> {
      return withNames()
        .where('invitations.organisation_id', '=', organisationId)
        .orderBy('invitations.id', 'desc')
        .execute();
    },

    find(organisationId: number, id: number): Promise<InvitationWithNames | undefined> {
      return withNames()
        .where('invitations.organisation_id', '=', organisationId)
        .where('invitations.id', '=', id)
        .executeTakeFirst();
    },

    findByTokenHash(tokenHash: string): Promise<InvitationWithNames | undefined> {
      return withNames().where('invitations.token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** The organisation's pending invitation of this address, if any. */
    findPendingFor(organisationId: number, email: string): Promise<InvitationRow | undefined> {
      return db
        .selectFrom('invitations')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
    },

    countPending(organisationId: number): Promise<number> {
      return db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** Invitations e-mailed (sent or resent) since then: what the hourly limit counts. */
    countSentSince(organisationId: number, since: string): Promise<number> {
      return db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('sent_at', '>=', since)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** A new token and expiry for a not yet accepted or revoked invitation; false when it is not. */
    async renew(id: number, tokenHash: string, expiresAt: string): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ token_hash: tokenHash, sent_at: nowIso(), expires_at: expiresAt })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revoke(id: number): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: nowIso() })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks a pending invitation accepted; the guarded update lets exactly one of two at once win. */
    async accept(id: number, userId: number): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('invitations')
        .set({ accepted_at: now, accepted_by: userId })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('invitations').where('id', '=', id).execute();
    },
  };
}
