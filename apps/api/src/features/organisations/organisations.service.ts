import type { Kysely } from 'kysely';
import type { DB, OrganisationRow } from '../../db/schema.js';
import { createOrganisation } from './create-organisation.js';
import { deleteOrganisationRows } from './organisation-removal.js';

/** An organisation created or deleted on its own, each in a transaction of its own. */
export function organisationsService(db: Kysely<DB>) {
  return {
    /** A new organisation owned by `ownerId`, with its membership and company record (create-organisation.ts). */
    create(name: string, ownerId: number): Promise<OrganisationRow> {
      return db.transaction().execute((trx) => createOrganisation(trx, name, ownerId));
    },

    /** Its rows, all or none (organisation-removal.ts: 409 while a prediction runs); files go after. */
    deleteRows(organisationId: number): Promise<void> {
      return db.transaction().execute((trx) => deleteOrganisationRows(trx, organisationId));
    },
  };
}
