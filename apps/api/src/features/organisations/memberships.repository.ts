import type { OrganisationRole } from '@hullscope/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** A user's place in one organisation: what every organisation-scoped request acts with. */
export interface OrganisationAccess {
  id: number;
  name: string;
  role: OrganisationRole;
}

export interface OrganisationOfUser extends OrganisationAccess {
  members: number;
}

export function membershipsRepository(db: Kysely<DB>) {
  const withOrganisation = () =>
    db
      .selectFrom('memberships')
      .innerJoin('organisations', 'organisations.id', 'memberships.organisation_id')
      .select(['organisations.id', 'organisations.name', 'memberships.role']);

  return {
    /** The user's membership of that organisation, or their first when `organisationId` is null. */
    async find(userId: number, organisationId: number | null): Promise<OrganisationAccess | undefined> {
      const query = withOrganisation().where('memberships.user_id', '=', userId);
      return organisationId === null
        ? query.orderBy('memberships.id').limit(1).executeTakeFirst()
        : query.where('memberships.organisation_id', '=', organisationId).executeTakeFirst();
    },

    listOfUser(userId: number): Promise<OrganisationOfUser[]> {
      return withOrganisation()
        .select(
          sql<number>`(select count(*) from memberships as m where m.organisation_id = organisations.id)`.as(
            'members',
          ),
        )
        .where('memberships.user_id', '=', userId)
        .orderBy('memberships.id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, members: Number(row.members) })));
    },

    async insert(organisationId: number, userId: number, role: OrganisationRole): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('memberships')
        .values({ organisation_id: organisationId, user_id: userId, role, created_at: now, updated_at: now })
        .execute();
    },

    listMembers(organisationId: number) {
      return db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select([
          'users.id as user_id',
          'users.username',
          'users.email',
          'users.first_name',
          'users.last_name',
          'memberships.role',
          'memberships.created_at as joined_at',
        ])
        .where('memberships.organisation_id', '=', organisationId)
        .orderBy('memberships.id')
        .execute();
    },

    countMembers(organisationId: number): Promise<number> {
      return db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    countOwners(organisationId: number): Promise<number> {
      return db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    roleOf(organisationId: number, userId: number): Promise<OrganisationRole | undefined> {
      return db
        .selectFrom('memberships')
        .select('role')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((row) => row?.role);
    },

    async setRole(organisationId: number, userId: number, role: OrganisationRole): Promise<boolean> {
      const result = await db
        .updateTable('memberships')
        .set({ role, updated_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(organisationId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('memberships')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
