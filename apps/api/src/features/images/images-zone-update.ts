import type { HullZone } from '@hullscope/contract';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldErrors } from '../../http/api-error.js';
import { imagesRepository } from './images.repository.js';

/** How many unknown ids a refusal names; the rest are counted. */
const NAMED_IDS = 5;

class NotAllInProject extends Error {
  constructor(readonly missing: number[]) {
    super('not every image is in the project');
  }
}

function notInProjectMessage(missing: number[]): string {
  const named = missing.slice(0, NAMED_IDS).join(', ');
  const more = missing.length > NAMED_IDS ? ` and ${missing.length - NAMED_IDS} more` : '';
  const noun = missing.length === 1 ? 'is not an image' : 'are not images';
  return `${named}${more} ${noun} of this project: no zone was changed.`;
}

/**
 * Sets the hull zone of many images of the owner's project in one transaction, with the project's
 * image version: every id must be one of its images (another user's or an unknown id is refused
 * alike), or nothing changes. An image deleted meanwhile makes the update miss it, which rolls the
 * whole update back the same way.
 */
export async function setZoneOfImages(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  imageIds: number[],
  hullZone: HullZone | null,
): Promise<number> {
  const unique = [...new Set(imageIds)];
  try {
    return await db.transaction().execute(async (trx) => {
      const images = imagesRepository(trx);
      const found = await images.idsInProject(owner, projectId, unique);
      const missing = unique.filter((imageId) => !found.has(imageId));
      if (missing.length > 0) throw new NotAllInProject(missing);
      const updated = await images.setHullZoneOfMany(owner, projectId, unique, hullZone);
      if (updated !== unique.length) throw new NotAllInProject([]);
      await raiseContentVersionUnlessSigned(trx, projectId, 'images');
      return updated;
    });
  } catch (error) {
    if (!(error instanceof NotAllInProject)) throw error;
    if (error.missing.length === 0) {
      throw fieldErrors({ images: ['Some images were deleted meanwhile: no zone was changed. Try again.'] });
    }
    throw fieldErrors({ images: [notInProjectMessage(error.missing)] });
  }
}
