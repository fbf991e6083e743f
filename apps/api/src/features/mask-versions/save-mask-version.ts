import type { MaskVersionSaved } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { conflict, notFound } from '../../http/api-error.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import { countConfusion, reviewConfusionRepository } from '../agreement/review-confusion.js';
import { classPalette } from '../../inference/postprocess.js';
import { renderStatChart } from '../../inference/stat-chart.js';
import { encodeIndexedPng } from '../../media/indexed-png.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { reviewRepository } from '../review/review.repository.js';
import { raiseContentVersionUnlessSigned, refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { changedShare, maskFigures } from './mask-figures.js';
import { newMaskVersionPrefix } from './mask-files.js';
import { readMaskPng, readStoredMask } from './mask-png.js';
import { maskThumbnail } from './mask-thumbnail.js';
import { maskVersionsRepository } from './mask-versions.repository.js';
import { base64Bytes } from '../../storage/base64-copy.js';

/**
 * Versions one prediction may have: far beyond any review (each save is a deliberate act), and a
 * bound on what one client can make the server store (a Full HD version is some 20 kB).
 */
export const MAX_MASK_VERSIONS = 500;

export interface MaskSaveContext {
  db: Kysely<DB>;
  storage: Storage;
  config: Config;
  organisationId: number;
  author: { id: number; name: string };
}

/** An uploaded index PNG, or an earlier version to save again. */
export type MaskSource = { upload: Buffer } | { restore: number };

type FoundPrediction = NonNullable<
  Awaited<ReturnType<ReturnType<typeof predictionsRepository>['findPrediction']>>
>;

async function sourceMask(
  context: MaskSaveContext,
  prediction: FoundPrediction,
  classCount: number,
  source: MaskSource,
): Promise<Uint8Array> {
  if ('upload' in source) {
    return readMaskPng(source.upload, prediction.width, prediction.height, classCount);
  }
  const prefix =
    source.restore === 0
      ? prediction.storage_prefix
      : (await maskVersionsRepository(context.db).find(prediction.id, source.restore))?.storage_prefix;
  if (!prefix) throw notFound();
  return readStoredMask(await context.storage.getBuffer(storageKeys.file(prefix, predictionFiles.pred)));
}

/**
 * Issue 39 §2: stores a person's mask as the prediction's next version (the model's own files stay
 * as they are) and makes its figures the prediction's: percentages, surface and, through them, the
 * rating, the inspection summary, the reports, the ZIP and summary.csv, which all read the
 * prediction's row. The image becomes corrected. Refused (409) while the inspection is signed, in the
 * same transaction as the write.
 */
export async function saveMaskVersion(
  context: MaskSaveContext,
  projectId: number,
  predictionId: number,
  source: MaskSource,
): Promise<MaskVersionSaved> {
  const { db, storage, config } = context;
  refuseWhileSigned(await ownedProjectOr404(db, context.organisationId, projectId));
  const prediction = await predictionsRepository(db).findPrediction(
    context.organisationId,
    projectId,
    predictionId,
  );
  if (!prediction) throw notFound();
  if (prediction.mask_version >= MAX_MASK_VERSIONS) {
    throw conflict(`This mask has ${MAX_MASK_VERSIONS} versions, the most one prediction keeps.`);
  }
  const classes = storedClassesOf(prediction.model_manifest);
  const [model, mask] = await Promise.all([
    storage.getBuffer(storageKeys.file(prediction.storage_prefix, predictionFiles.pred)).then(readStoredMask),
    sourceMask(context, prediction, classes.length, source),
  ]);
  const figures = maskFigures(mask, model, classes);
  const confusion = countConfusion(model, mask);
  const version = prediction.mask_version + 1;
  const prefix = newMaskVersionPrefix(prediction.storage_prefix, version);
  const manifestName = (JSON.parse(prediction.model_manifest) as { name: string }).name;
  const palette = classPalette(classes);
  const org = await storage.getBuffer(storageKeys.file(prediction.storage_prefix, predictionFiles.org));
  const [pred, stat, thumbnail] = await Promise.all([
    encodeIndexedPng(mask, prediction.width, prediction.height, palette),
    renderStatChart(figures.percentages, `${manifestName} ${prediction.model_version}`),
    maskThumbnail(org, mask, prediction.width, prediction.height, palette),
  ]);
  await Promise.all([
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.pred), pred),
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.stat), stat),
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.thumbnail), thumbnail),
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.thumbnailBase64), base64Bytes(thumbnail)),
  ]);
  const createdAt = nowIso();
  const percentages = JSON.stringify(figures.percentages);
  let saved: boolean;
  try {
    saved = await db.transaction().execute(async (trx) => {
      const versions = maskVersionsRepository(trx);
      const moved = await versions.advancePrediction(prediction.id, prediction.mask_version, version, {
        percentages,
        surfacePixels: figures.surfacePixels,
        maskPrefix: prefix,
      });
      if (!moved) return false;
      if (prediction.mask_version === 0 && !(await versions.find(prediction.id, 0))) {
        // The model's own figures, before the first correction replaces them on the prediction.
        await versions.insert({
          predictionId: prediction.id,
          projectId,
          version: 0,
          author: null,
          restoredFrom: null,
          changedPixels: 0,
          percentages: prediction.percentages,
          surfacePixels: prediction.surface_pixels ?? 0,
          storagePrefix: null,
          createdAt: prediction.created_at,
        });
      }
      await versions.insert({
        predictionId: prediction.id,
        projectId,
        version,
        author: context.author,
        restoredFrom: 'restore' in source ? source.restore : null,
        changedPixels: figures.changedPixels,
        percentages,
        surfacePixels: figures.surfacePixels,
        storagePrefix: prefix,
        createdAt,
      });
      await reviewConfusionRepository(trx).store(prediction.id, version, confusion);
      await reviewRepository(trx).record({
        imageId: prediction.image_id,
        projectId,
        predictionId: prediction.id,
        state: 'corrected',
        reviewer: context.author,
        at: createdAt,
      });
      await raiseContentVersionUnlessSigned(trx, projectId, 'predictions');
      return true;
    });
  } catch (error) {
    await storage.deletePrefix(prefix);
    throw error;
  }
  if (!saved) {
    await storage.deletePrefix(prefix);
    throw conflict('Another correction of this mask was saved meanwhile. Reload it and save yours again.');
  }
  return {
    prediction: prediction.id,
    version,
    author: context.author,
    created_at: createdAt,
    changed_pixels_percentage: changedShare(figures.changedPixels, mask.length),
    restored_from: 'restore' in source ? source.restore : null,
    predictions: figures.percentages,
    fouling_rating: foulingRating(
      figures.percentages,
      classes,
      config.foulingRating,
      storedNoiseFloorOf(prediction.model_manifest),
    ),
  };
}
