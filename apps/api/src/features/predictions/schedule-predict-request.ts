import type { SchedulePayload } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { nonFieldError } from '../../http/api-error.js';
import type { AppJobQueue } from '../../job-catalog.js';
import { InsufficientCreditsError, debitAccount } from '../credits/ledger.js';
import { checkPredictRequest } from './check-predict-request.js';

/**
 * Re-checks the request, then in ONE transaction creates it, debits `images × price` (a ledger row
 * linked to it) and enqueues its job: nothing is charged without a job, and no job runs unpaid.
 * Under concurrency the guarded debit and the one-unfinished-request index decide, not the check.
 */
export async function schedulePredictRequest(
  db: Kysely<DB>,
  queue: AppJobQueue,
  owner: number,
  projectId: number,
  payload: SchedulePayload,
): Promise<{ requestId: number; imageCount: number }> {
  const { plan, response } = await checkPredictRequest(db, owner, projectId, payload);
  if (!plan) throw nonFieldError(response.message);
  try {
    return await db.transaction().execute(async (trx) => {
      const request = await trx
        .insertInto('prediction_requests')
        .values({
          owner,
          project_id: projectId,
          model_id: plan.model.id,
          resolution_id: plan.resolution.id,
          status: 'QUEUED',
          price_per_image: plan.resolution.price,
          images_total: plan.imageIds.length,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('prediction_request_images')
        .values(
          plan.imageIds.map((imageId, position) => ({
            request_id: request.id,
            image_id: imageId,
            position,
            status: 'PENDING' as const,
          })),
        )
        .execute();
      if (plan.cost > 0) {
        await debitAccount(trx, {
          userId: owner,
          amount: plan.cost,
          kind: 'prediction',
          predictionRequestId: request.id,
          reason: `${plan.imageIds.length} × ${plan.model.name} at ${plan.resolution.display_name}`,
        });
      }
      await queue.enqueue(trx, 'predict-request', { requestId: request.id });
      return { requestId: request.id, imageCount: plan.imageIds.length };
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw nonFieldError(`Not enough credits: ${error.required} needed, ${error.available} available.`);
    }
    // An image or the project deleted since the check (the delete holds the row's lock, see lockRow).
    if (isForeignKeyViolation(error)) {
      throw nonFieldError(
        'Some of these images, or the project, were deleted meanwhile. Reload the page and select again.',
      );
    }
    if (isUniqueViolation(error)) {
      throw nonFieldError('Another prediction of yours is still running. Please wait until it has finished.');
    }
    throw error;
  }
}
