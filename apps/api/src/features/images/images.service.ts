import type { HullZone } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import { imagesRepository } from './images.repository.js';

/** Sets the zone and raises the project's image version together; undefined for no such image. */
export function setHullZone(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  imageId: number,
  hullZone: HullZone | null,
) {
  return db.transaction().execute(async (trx) => {
    const updated = await imagesRepository(trx).setHullZoneOwned(owner, projectId, imageId, hullZone);
    if (updated) await raiseContentVersionUnlessSigned(trx, projectId, 'images');
    return updated;
  });
}

/**
 * Deletes the image's row unless a prediction still uses it; false when one does. Checked and deleted
 * under the row's lock: a prediction request scheduled at the same moment either is seen here, or
 * fails on the deleted image; it never loses a paid image to the delete.
 */
export function deleteImageUnlessPredicting(
  db: Kysely<DB>,
  projectId: number,
  imageId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'images', imageId);
    const locked = imagesRepository(trx);
    if (await locked.isInUnfinishedRequest(imageId)) return false;
    await locked.delete(imageId);
    await raiseContentVersionUnlessSigned(trx, projectId, 'images');
    return true;
  });
}
