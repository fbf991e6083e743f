import type { SchedulePayload } from '@hullscope/contract';
import { raiseContentVersionUnlessSigned } from '../sign-off/signed-freeze.js';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { nonFieldError } from '../../http/api-error.js';
import type { AppJobQueue } from '../../job-catalog.js';
import { InsufficientCreditsError, debitAccount } from '../credits/ledger.js';
import { type CheckedRequest, checkPredictRequest, predictRequestLookups } from './check-predict-request.js';
import { predictionsRepository } from './predictions.repository.js';

/** The debit's ledger text: what was run, and which images cost a cheaper resolution's price. */
function ledgerReason(plan: NonNullable<CheckedRequest['plan']>): string {
  const base = `${plan.imageIds.length} × ${plan.model.name} at ${plan.resolution.display_name}`;
  const discounted = plan.charges.filter((charge) => charge.pricedAs.id !== plan.resolution.id);
  if (discounted.length === 0) return base;
  const prices = [...new Set(discounted.map((charge) => charge.pricedAs))]
    .map((pricedAs) => {
      const count = discounted.filter((charge) => charge.pricedAs === pricedAs).length;
      return `${count} at the ${pricedAs.display_name} price (no larger than ${pricedAs.resolution} px)`;
    })
    .join(', ');
  return `${base}; ${prices}`;
}

/**
 * Re-checks the request, then in ONE transaction creates it, debits the images' prices (a ledger row
 * linked to it) and enqueues its job: nothing is charged without a job, and no job runs unpaid.
 * Under concurrency the guarded debit and the one-unfinished-request index decide, not the check.
 */
export async function schedulePredictRequest(
  db: Kysely<DB>,
  queue: AppJobQueue,
  owner: number,
  projectId: number,
  payload: SchedulePayload,
  actorId: number | null = null,
): Promise<{ requestId: number; imageCount: number }> {
  const { plan, response } = await checkPredictRequest(predictRequestLookups(db), owner, projectId, payload);
  if (!plan) throw nonFieldError(response.message);
  try {
    return await db.transaction().execute(async (trx) => {
      const predictions = predictionsRepository(trx);
      const requestId = await predictions.insertRequest({
        owner,
        projectId,
        modelId: plan.model.id,
        resolutionId: plan.resolution.id,
        pricePerImage: plan.resolution.price,
        imagesTotal: plan.imageIds.length,
      });
      await predictions.insertRequestImages(
        requestId,
        plan.charges.map((charge) => ({ imageId: charge.image.id, price: charge.price })),
      );
      if (plan.cost > 0) {
        await debitAccount(trx, {
          organisationId: owner,
          actorId,
          amount: plan.cost,
          kind: 'prediction',
          predictionRequestId: requestId,
          reason: ledgerReason(plan),
        });
      }
      await queue.enqueue(trx, 'predict-request', { requestId });
      await raiseContentVersionUnlessSigned(trx, projectId, 'predictions');
      return { requestId, imageCount: plan.imageIds.length };
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
