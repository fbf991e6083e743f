import { type ImageReview, routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { nowIso } from '../../db/time.js';
import { conflict, fieldErrors } from '../../http/api-error.js';
import { storeConfusionIfMissing } from '../agreement/review-confusion.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { personName } from '../mask-versions/person-name.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { reviewQueue } from './review-queue.js';
import { changeReview } from './review.service.js';

/** Issue 39 §3: accepting an analysed image as the model saw it, and the queue of those left. */
export const registerReviewRoutes: ApiRegistrar = ({ router, db, storage, config, log }) => {
  router.add(routes.updateImageReview, async ({ organisation, user, params, body }) => {
    refuseWhileSigned(await ownedProjectOr404(db, organisation.id, params.id));
    const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
    const predictions = await predictionsRepository(db).listForImage(organisation.id, image.id);
    const prediction =
      body.prediction === undefined
        ? predictions.at(-1)
        : predictions.find((candidate) => candidate.id === body.prediction);
    if (body.prediction !== undefined && !prediction) {
      throw fieldErrors({ prediction: ['This is not a prediction of this image.'] });
    }
    if (!prediction) throw conflict('This image has not been analysed yet: there is no mask to review.');
    const reviewer = { id: user.id, name: await personName(db, user.id) };
    const at = nowIso();
    const review = await changeReview(db, {
      imageId: image.id,
      projectId: params.id,
      predictionId: prediction.id,
      state: body.state,
      reviewer,
      at,
    });
    if (review) {
      // Outside the transaction: decoding must not hold the write lock, and the agreement endpoints
      // count any photo left without counts on their own.
      await storeConfusionIfMissing(db, storage, prediction).catch((error: unknown) => {
        log.warn({ err: error, prediction: prediction.id }, 'Could not count the reviewed mask');
      });
    }
    const answer: ImageReview = review
      ? {
          image: image.id,
          prediction: review.prediction_id,
          state: review.state,
          reviewed_by: { id: review.reviewer_id ?? 0, name: review.reviewer_name },
          reviewed_at: review.reviewed_at,
        }
      : { image: image.id, prediction: null, state: 'unreviewed', reviewed_by: null, reviewed_at: null };
    return answer;
  });

  router.add(routes.reviewQueue, async ({ organisation, params }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    return reviewQueue(db, organisation.id, project.id, config);
  });
};
