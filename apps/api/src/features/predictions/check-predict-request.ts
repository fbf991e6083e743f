import type { CreditCheckResponse, SchedulePayload } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CvModelRow, DB, ResolutionRow } from '../../db/schema.js';
import { balanceOf } from '../credits/ledger.js';
import { modelsRepository } from '../models/models.repository.js';
import { predictionsRepository } from './predictions.repository.js';

export interface CheckedRequest {
  response: CreditCheckResponse;
  /** Present when valid: what scheduling needs. */
  plan?: { model: CvModelRow; resolution: ResolutionRow; imageIds: number[]; cost: number };
}

function listNames(names: string[]): string {
  return names.length <= 5
    ? names.join(', ')
    : `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`;
}

/**
 * The rules of architecture.md §4, each failing with a message a user can act on: model and
 * resolution available, images in the project, no duplicates, enough credits, nothing else running.
 */
export async function checkPredictRequest(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  payload: SchedulePayload,
): Promise<CheckedRequest> {
  const imageIds = [...new Set(payload.images)];
  const credits = await balanceOf(db, owner);
  // What the images would cost once the resolution is known; 0 before (JSON has no Infinity, which
  // stays the web app's own default for "not validated yet").
  let requiredCredits = 0;
  const invalid = (message: string): CheckedRequest => ({
    response: {
      message,
      data: { credits, images: imageIds, required_credits: requiredCredits, valid: false },
    },
  });

  const models = modelsRepository(db);
  const model = await models.findModel(payload.model);
  if (!model || model.active !== 1)
    return invalid('The selected model is not available. Choose another model.');
  const resolution = await models.findResolution(payload.resolution);
  if (!resolution || resolution.active !== 1) {
    return invalid('The selected resolution is not available. Choose another resolution.');
  }
  requiredCredits = imageIds.length * resolution.price;

  const found = await db
    .selectFrom('images')
    .select('id')
    .where('owner', '=', owner)
    .where('project_id', '=', projectId)
    .where('id', 'in', imageIds)
    .execute();
  const foundIds = new Set(found.map((row) => row.id));
  const missing = imageIds.filter((imageId) => !foundIds.has(imageId));
  if (missing.length > 0) {
    return invalid(
      `These images are not in this project: ${missing.join(', ')}. Reload the page and select again.`,
    );
  }

  const predictions = predictionsRepository(db);
  const running = await predictions.unfinishedRequestOf(owner);
  if (running) {
    return invalid(`Prediction ${running.id} is still running. Please wait until it has finished.`);
  }

  const duplicates = await predictions.alreadyPredicted(imageIds, model.id, resolution.id);
  if (duplicates.length > 0) {
    return invalid(
      `${duplicates.length === 1 ? 'This image already has' : 'These images already have'} a prediction with ${model.name} at ${resolution.display_name}: ${listNames(duplicates)}. Deselect ${duplicates.length === 1 ? 'it' : 'them'} to run the others.`,
    );
  }

  const cost = requiredCredits;
  if (cost > credits) {
    return invalid(
      `Not enough credits: ${cost} needed (${imageIds.length} × ${resolution.price} per image), ${credits} available.`,
    );
  }
  return {
    response: {
      message: `Ready to run ${imageIds.length} image${imageIds.length === 1 ? '' : 's'} with ${model.name} at ${resolution.display_name} for ${cost} credits (${credits} available).`,
      data: { credits, images: imageIds, required_credits: cost, valid: true },
    },
    plan: { model, resolution, imageIds, cost },
  };
}
