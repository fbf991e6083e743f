import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import { type ImageReviewRow, reviewRepository } from './review.repository.js';

/** What a person says of an analysed image: its mask accepted as it is, or no review at all. */
export interface ReviewChange {
  imageId: number;
  projectId: number;
  predictionId: number;
  state: 'accepted' | 'unreviewed';
  reviewer: { id: number; name: string };
  at: string;
}

/**
 * Records the change and raises the project's prediction version together (409 once signed), and
 * answers the image's review as it is then. Accepting a corrected image keeps it corrected: the
 * person accepts the mask as corrected.
 */
export function changeReview(db: Kysely<DB>, change: ReviewChange): Promise<ImageReviewRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const reviews = reviewRepository(trx);
    const current = await reviews.find(change.imageId);
    if (change.state === 'unreviewed') await reviews.clear(change.imageId);
    else if (current?.state !== 'corrected' || current.prediction_id !== change.predictionId) {
      await reviews.record({ ...change, state: 'accepted' });
    }
    await raiseContentVersionUnlessSigned(trx, change.projectId, 'predictions');
    return reviews.find(change.imageId);
  });
}
