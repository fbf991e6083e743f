import type { PlanInterpolateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import { interpolatedFrames } from './interpolate-frames.js';
import { type StoredPosition, planPositionsRepository } from './plan-positions.repository.js';

/** A photo deleted while it was being placed: the position's foreign key says so, and it is gone. */
async function unlessImageDeleted<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * A position is part of the inspection (the report draws it) but not of its image lists, so each
 * change raises the plan's own counter in its transaction: signing compares it, the lists' ETags do not.
 */
export function planPositionsService(db: Kysely<DB>) {
  return {
    /** Puts one image at a point, or back to its zone when `point` is null. */
    async placeImage(projectId: number, imageId: number, point: StoredPosition | null): Promise<void> {
      await unlessImageDeleted(() =>
        db.transaction().execute(async (trx) => {
          const positions = planPositionsRepository(trx);
          if (point) await positions.place([{ imageId, position: point }]);
          else await positions.clear(imageId);
          await raiseContentVersionUnlessSigned(trx, projectId, 'plan');
        }),
      );
    },

    /** Places the video frames between two placed ones; answers how many were placed. */
    async interpolate(organisationId: number, projectId: number, request: PlanInterpolateRequest) {
      return unlessImageDeleted(() =>
        db.transaction().execute(async (trx) => {
          const positions = planPositionsRepository(trx);
          const placed = interpolatedFrames(
            await positions.listForProject(organisationId, projectId),
            request,
          );
          await positions.place(placed);
          await raiseContentVersionUnlessSigned(trx, projectId, 'plan');
          return placed.length;
        }),
      );
    },
  };
}
