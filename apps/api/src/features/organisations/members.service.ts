import type { OrganisationRole } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { lockRow } from '../../db/row-lock.js';
import type { DB } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/api-error.js';
import { type OrganisationAccess, membershipsRepository } from './memberships.repository.js';

const NO_MEMBER = 'No member with this id.';

function lastOwner(organisation: OrganisationAccess): Error {
  return conflict(
    `${organisation.name} needs an owner: make another member an owner first (the last owner can neither leave nor be demoted).`,
  );
}

/**
 * Changes of membership, each in one transaction under the organisation's row lock, so the
 * last-owner rule holds when a role change races a removal. Only an owner makes, unmakes or removes
 * owners.
 */
export function membersService(db: Kysely<DB>) {
  function locked<T>(organisationId: number, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockRow(trx, 'organisations', organisationId);
      return work(trx);
    });
  }

  return {
    setRole(
      organisation: OrganisationAccess,
      userId: number,
      role: OrganisationRole,
    ): Promise<OrganisationRole> {
      return locked(organisation.id, async (trx) => {
        const memberships = membershipsRepository(trx);
        const current = await memberships.roleOf(organisation.id, userId);
        if (!current) throw notFound(NO_MEMBER);
        if ((current === 'owner' || role === 'owner') && organisation.role !== 'owner') {
          throw forbidden('Only an owner makes a member an owner or changes an owner’s role.');
        }
        if (
          current === 'owner' &&
          role !== 'owner' &&
          (await memberships.countOwners(organisation.id)) === 1
        ) {
          throw lastOwner(organisation);
        }
        await memberships.setRole(organisation.id, userId, role);
        return current;
      });
    },

    remove(organisation: OrganisationAccess, userId: number): Promise<OrganisationRole> {
      return locked(organisation.id, async (trx) => {
        const memberships = membershipsRepository(trx);
        const current = await memberships.roleOf(organisation.id, userId);
        if (!current) throw notFound(NO_MEMBER);
        if (current === 'owner' && organisation.role !== 'owner') {
          throw forbidden('Only an owner removes an owner.');
        }
        if (current === 'owner' && (await memberships.countOwners(organisation.id)) === 1) {
          throw lastOwner(organisation);
        }
        await memberships.remove(organisation.id, userId);
        await forgetChoice(trx, userId, organisation.id);
        return current;
      });
    },

    leave(organisation: OrganisationAccess, userId: number): Promise<void> {
      return locked(organisation.id, async (trx) => {
        const memberships = membershipsRepository(trx);
        if (organisation.role === 'owner' && (await memberships.countOwners(organisation.id)) === 1) {
          throw lastOwner(organisation);
        }
        if (!(await memberships.remove(organisation.id, userId))) throw notFound(NO_MEMBER);
        await forgetChoice(trx, userId, organisation.id);
      });
    },
  };
}

/** A former member's requests stop defaulting to the organisation they left. */
async function forgetChoice(trx: Kysely<DB>, userId: number, organisationId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ last_organisation_id: null })
    .where('id', '=', userId)
    .where('last_organisation_id', '=', organisationId)
    .execute();
}
