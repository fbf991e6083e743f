import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict } from '../../http/api-error.js';
import type { Storage } from '../../storage/storage.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { creditsRepository } from '../credits/credits.repository.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import { membershipsRepository } from './memberships.repository.js';
import { organisationsRepository } from './organisations.repository.js';

export const PREDICTION_RUNNING =
  'A prediction is running in this organisation. Delete it once the prediction has finished.';

/**
 * Deletes an organisation's rows inside the caller's transaction: its vessels, projects, images,
 * predictions, company record and memberships cascade; purchases stay as billing records (spec §9).
 * Refused (409) while a prediction request is unfinished, whose worker would go on writing results.
 * The organisation's row is locked first, so a request scheduled at the same moment is either seen
 * here or fails on its missing organisation.
 */
export async function deleteOrganisationRows(
  trx: Kysely<DB>,
  organisationId: number,
  runningMessage = PREDICTION_RUNNING,
): Promise<void> {
  await lockRow(trx, 'organisations', organisationId);
  if (await predictionsRepository(trx).unfinishedRequestOf(organisationId)) throw conflict(runningMessage);
  await creditsRepository(trx).deleteAllButPurchasesOf(organisationId);
  await organisationsRepository(trx).delete(organisationId);
}

/** Its stored files, once the rows are committed gone. */
export async function deleteOrganisationFiles(storage: Storage, organisationId: number): Promise<void> {
  await storage.deletePrefix(storageKeys.organisation(organisationId));
}

/**
 * What deleting a user's account does to each organisation they belong to: one where they are the
 * only member goes with the account; one where they are the only owner beside other members blocks
 * the deletion (409 naming it: hand it over first); in any other they simply stop being a member.
 * Returns the organisations to delete.
 */
export async function organisationsLeavingWith(trx: Kysely<DB>, userId: number): Promise<number[]> {
  const memberships = membershipsRepository(trx);
  const doomed: number[] = [];
  for (const organisation of await memberships.listOfUser(userId)) {
    if (organisation.members === 1) {
      doomed.push(organisation.id);
    } else if (organisation.role === 'owner' && (await memberships.countOwners(organisation.id)) === 1) {
      throw conflict(
        `You are the only owner of ${organisation.name}, which has other members: make one of them an ` +
          'owner (or remove them) before deleting your account.',
      );
    }
  }
  return doomed;
}
