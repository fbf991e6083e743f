import type { Kysely } from 'kysely';
import type { DB, OrganisationRow } from '../../db/schema.js';
import { companyRepository } from '../company/company.repository.js';
import { membershipsRepository } from './memberships.repository.js';
import { organisationsRepository } from './organisations.repository.js';

/**
 * A new organisation with `ownerId` as its owner and the empty company record every organisation
 * has. Requests without the organisation header keep acting where they did: a client that creates
 * one does not start writing into it by surprise. Run it inside the caller's transaction.
 */
export async function createOrganisation(
  trx: Kysely<DB>,
  name: string,
  ownerId: number,
): Promise<OrganisationRow> {
  const organisation = await organisationsRepository(trx).insert(name);
  await membershipsRepository(trx).insert(organisation.id, ownerId, 'owner');
  await companyRepository(trx).insertEmpty(organisation.id);
  return organisation;
}

/** The name of a new user's own organisation: theirs, until they rename it. */
export function personalOrganisationName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
