import type { CreditCheckResponse, SchedulePayload } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CvModelRow, DB, PredictionRequestRow, ResolutionRow } from '../../db/schema.js';
import { creditsRepository } from '../credits/credits.repository.js';
import { imagesRepository } from '../images/images.repository.js';
import { modelsRepository } from '../models/models.repository.js';
import { type ImageCharge, type SizedImage, chargeFor, discountNote } from './fair-price.js';
import { predictionsRepository } from './predictions.repository.js';

export interface CheckedRequest {
  response: CreditCheckResponse;
  /** Present when valid: what scheduling needs. */
  plan?: {
    model: CvModelRow;
    resolution: ResolutionRow;
    imageIds: number[];
    /** Per image, in the order of `imageIds`. */
    charges: ImageCharge[];
    cost: number;
  };
}

/** What the check reads: the repositories on a database, or in a test, rows held in memory. */
export interface PredictRequestLookups {
  balanceOf(owner: number): Promise<number>;
  findModel(modelId: number): Promise<CvModelRow | undefined>;
  findResolution(resolutionId: number): Promise<ResolutionRow | undefined>;
  /** The active resolutions: a cheaper one may price an image whose result it gives too. */
  activeResolutions(): Promise<ResolutionRow[]>;
  /** Those of `imageIds` that are the owner's images in this project, with their sizes. */
  foundInProject(owner: number, projectId: number, imageIds: number[]): Promise<SizedImage[]>;
  unfinishedRequestOf(owner: number): Promise<PredictionRequestRow | undefined>;
  /** Names of the images that already have a prediction with this model and resolution. */
  alreadyPredicted(imageIds: number[], modelId: number, resolutionId: number): Promise<string[]>;
}

export function predictRequestLookups(db: Kysely<DB>): PredictRequestLookups {
  const credits = creditsRepository(db);
  const models = modelsRepository(db);
  const images = imagesRepository(db);
  const predictions = predictionsRepository(db);
  return {
    balanceOf: (owner) => credits.balanceOf(owner),
    findModel: (modelId) => models.findModel(modelId),
    findResolution: (resolutionId) => models.findResolution(resolutionId),
    activeResolutions: () => models.listResolutions(true),
    foundInProject: (owner, projectId, imageIds) => images.sizesInProject(owner, projectId, imageIds),
    unfinishedRequestOf: (owner) => predictions.unfinishedRequestOf(owner),
    alreadyPredicted: (imageIds, modelId, resolutionId) =>
      predictions.alreadyPredicted(imageIds, modelId, resolutionId),
  };
}

function chargesData(charges: ImageCharge[]): NonNullable<CreditCheckResponse['data']['charges']> {
  return charges.map(({ image, price, pricedAs }) => ({
    image: image.id,
    image_name: image.name,
    credits: price,
    resolution: pricedAs.id,
  }));
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
  lookups: PredictRequestLookups,
  owner: number,
  projectId: number,
  payload: SchedulePayload,
): Promise<CheckedRequest> {
  const imageIds = [...new Set(payload.images)];
  const credits = await lookups.balanceOf(owner);
  // What the images would cost once the resolution is known; 0 before (JSON has no Infinity, which
  // stays the web app's own default for "not validated yet").
  let requiredCredits = 0;
  // Once the images are known, every answer shows what each costs.
  const invalid = (message: string, charges?: ImageCharge[]): CheckedRequest => ({
    response: {
      message,
      data: {
        credits,
        images: imageIds,
        required_credits: requiredCredits,
        valid: false,
        ...(charges ? { charges: chargesData(charges) } : {}),
      },
    },
  });

  const model = await lookups.findModel(payload.model);
  if (!model || model.active !== 1)
    return invalid('The selected model is not available. Choose another model.');
  const resolution = await lookups.findResolution(payload.resolution);
  if (!resolution || resolution.active !== 1) {
    return invalid('The selected resolution is not available. Choose another resolution.');
  }
  requiredCredits = imageIds.length * resolution.price;

  const found = new Map(
    (await lookups.foundInProject(owner, projectId, imageIds)).map((row) => [row.id, row]),
  );
  const missing = imageIds.filter((imageId) => !found.has(imageId));
  if (missing.length > 0) {
    return invalid(
      `These images are not in this project: ${missing.join(', ')}. Reload the page and select again.`,
    );
  }

  const offered = await lookups.activeResolutions();
  const charges = imageIds.map((imageId) => chargeFor(found.get(imageId)!, resolution, offered));
  requiredCredits = charges.reduce((sum, charge) => sum + charge.price, 0);
  const discount = discountNote(charges, resolution);

  const running = await lookups.unfinishedRequestOf(owner);
  if (running) {
    return invalid(`Prediction ${running.id} is still running. Please wait until it has finished.`, charges);
  }

  const duplicates = await lookups.alreadyPredicted(imageIds, model.id, resolution.id);
  if (duplicates.length > 0) {
    return invalid(
      `${duplicates.length === 1 ? 'This image already has' : 'These images already have'} a prediction with ${model.name} at ${resolution.display_name}: ${listNames(duplicates)}. Deselect ${duplicates.length === 1 ? 'it' : 'them'} to run the others.`,
      charges,
    );
  }

  const cost = requiredCredits;
  if (cost > credits) {
    const breakdown = discount ? '' : ` (${imageIds.length} × ${resolution.price} per image)`;
    return invalid(
      `Not enough credits: ${cost} needed${breakdown}, ${credits} available.${discount ? ` ${discount}` : ''}`,
      charges,
    );
  }
  return {
    response: {
      message: `Ready to run ${imageIds.length} image${imageIds.length === 1 ? '' : 's'} with ${model.name} at ${resolution.display_name} for ${cost} credits (${credits} available).${discount ? ` ${discount}` : ''}`,
      data: { credits, images: imageIds, required_credits: cost, valid: true, charges: chargesData(charges) },
    },
    plan: { model, resolution, imageIds, charges, cost },
  };
}
