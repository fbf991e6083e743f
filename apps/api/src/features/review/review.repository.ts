import type { Kysely, Selectable } from 'kysely';
import type { DB, ImageReviewsTable, ReviewStateValue } from '../../db/schema.js';

export type ImageReviewRow = Selectable<ImageReviewsTable>;

/** SQL on review states; every read is scoped to a project the caller's organisation owns. */
export function reviewRepository(db: Kysely<DB>) {
  return {
    /** Records a review (a person accepted the image's mask, or saved a correction of it). */
    async record(review: {
      imageId: number;
      projectId: number;
      predictionId: number;
      state: ReviewStateValue;
      reviewer: { id: number; name: string };
      at: string;
    }): Promise<void> {
      const values = {
        project_id: review.projectId,
        prediction_id: review.predictionId,
        state: review.state,
        reviewer_id: review.reviewer.id,
        reviewer_name: review.reviewer.name,
        reviewed_at: review.at,
      };
      await db
        .insertInto('image_reviews')
        .values({ image_id: review.imageId, ...values })
        .onConflict((conflict) => conflict.column('image_id').doUpdateSet(values))
        .execute();
    },

    async clear(imageId: number): Promise<void> {
      await db.deleteFrom('image_reviews').where('image_id', '=', imageId).execute();
    },

    find(imageId: number): Promise<ImageReviewRow | undefined> {
      return db.selectFrom('image_reviews').selectAll().where('image_id', '=', imageId).executeTakeFirst();
    },

    listForProject(projectId: number): Promise<ImageReviewRow[]> {
      return db.selectFrom('image_reviews').selectAll().where('project_id', '=', projectId).execute();
    },
  };
}
