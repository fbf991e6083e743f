import { inspectionMessages } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { fieldErrors } from '../../http/api-error.js';
import { projectsRepository } from './projects.repository.js';

const notYourVessel = () => fieldErrors({ vessel: [inspectionMessages.notYourVessel] });

/**
 * Runs `write` (a project create or update) once `vessel`, when one is named, is the owner's: another
 * user's vessel and one that does not exist are both a 400 on `vessel`, like any bad reference in a
 * body, and tell nothing of whose it is. A vessel deleted between the check and the write fails its
 * foreign key and answers the same.
 */
export async function withVesselChecked<T>(
  db: Kysely<DB>,
  owner: number,
  vessel: number | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (typeof vessel !== 'number') return write();
  if (!(await projectsRepository(db).ownsVessel(owner, vessel))) throw notYourVessel();
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notYourVessel();
    throw error;
  }
}
