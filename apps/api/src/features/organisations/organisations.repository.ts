import type { Kysely } from 'kysely';
import type { DB, OrganisationRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export function organisationsRepository(db: Kysely<DB>) {
  return {
    insert(name: string): Promise<OrganisationRow> {
      const now = nowIso();
      return db
        .insertInto('organisations')
        .values({ name, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    find(id: number): Promise<OrganisationRow | undefined> {
      return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async rename(id: number, name: string): Promise<void> {
      await db
        .updateTable('organisations')
        .set({ name, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('organisations').where('id', '=', id).execute();
    },

    async rememberChoice(userId: number, organisationId: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_organisation_id: organisationId })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([eb('last_organisation_id', 'is', null), eb('last_organisation_id', '!=', organisationId)]),
        )
        .execute();
    },
  };
}
