import { type ApiKeyScope, API_KEYS_PER_ORGANISATION, type OrganisationRole } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { ApiKeyRow, DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** A working key with what a request made with it acts as: its creator, in its organisation. */
export interface UsableApiKey {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  organisationId: number;
  organisationName: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The creator, with their role in the key's organisation now; null once they left it or are gone. */
  user: { id: number; username: string; role: OrganisationRole } | null;
}

export const scopesOf = (row: Pick<ApiKeyRow, 'scopes'>) => row.scopes.split(',') as ApiKeyScope[];

/** Every query names the organisation, except finding a key by its secret's hash (which is the key). */
export function apiKeysRepository(db: Kysely<DB>) {
  return {
    insert(values: {
      organisationId: number;
      name: string;
      prefix: string;
      secretHash: string;
      scopes: ApiKeyScope[];
      createdBy: { id: number; username: string };
      expiresAt: string | null;
    }): Promise<ApiKeyRow> {
      return db
        .insertInto('api_keys')
        .values({
          organisation_id: values.organisationId,
          name: values.name,
          prefix: values.prefix,
          secret_hash: values.secretHash,
          scopes: values.scopes.join(','),
          created_by: values.createdBy.id,
          created_by_name: values.createdBy.username,
          created_at: nowIso(),
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(organisationId: number): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('id', 'desc')
        .limit(API_KEYS_PER_ORGANISATION * 20)
        .execute();
    },

    find(organisationId: number, id: number): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    countWorking(organisationId: number): Promise<number> {
      const now = nowIso();
      return db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** Sets revoked_at once; false when it was revoked already (or is not this organisation's). */
    async revoke(organisationId: number, id: number): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findBySecretHash(hash: string): Promise<UsableApiKey | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('organisations', 'organisations.id', 'api_keys.organisation_id')
        .leftJoin('users', 'users.id', 'api_keys.created_by')
        // Only the membership the key was made in: a creator who left and was invited back has a
        // newer one, and the old key stays dead.
        .leftJoin('memberships', (join) =>
          join
            .onRef('memberships.user_id', '=', 'api_keys.created_by')
            .onRef('memberships.organisation_id', '=', 'api_keys.organisation_id')
            .onRef('memberships.created_at', '<=', 'api_keys.created_at'),
        )
        .select([
          'api_keys.id',
          'api_keys.name',
          'api_keys.scopes',
          'api_keys.organisation_id',
          'organisations.name as organisation_name',
          'api_keys.expires_at',
          'api_keys.revoked_at',
          'users.id as user_id',
          'users.username',
          'memberships.role',
        ])
        .where('api_keys.secret_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        scopes: scopesOf(row),
        organisationId: row.organisation_id,
        organisationName: row.organisation_name,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        user:
          row.user_id === null || row.username === null || row.role === null
            ? null
            : { id: row.user_id, username: row.username, role: row.role },
      };
    },

    async recordUse(id: number, at: string, address: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at, last_used_address: address })
        .where('id', '=', id)
        .execute();
    },
  };
}
