import type { Readable } from 'node:stream';
import type { FoulingRating, HullZone, ImageQuality, LabelPercentage, ModelClass } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Storage } from '../../storage/storage.js';
import { type PredictionJudgementSettings, judgeConfidence } from '../../inference/confidence.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import { imageFiles, predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { modelStatChart } from '../predictions/stat-chart-file.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import { type ArchivedPrediction, downloadsRepository } from './downloads.repository.js';

export interface ArchiveFile {
  /** Path inside the ZIP. */
  name: string;
  /**
   * A storage key to stream, bytes made here, a stream made when the archive reaches it, or a stored
   * file read (and made the first time, as the model's own STAT) when the archive reaches it.
   */
  storageKey?: string;
  data?: Buffer;
  stream?: () => Readable;
  load?: (storage: Storage) => Promise<Buffer>;
  /** Already compressed formats (JPEG, PNG) are stored as they are. */
  compressed: boolean;
}

export interface SummaryRow {
  image: string;
  model: string;
  version: string;
  resolution: string;
  date: string;
  percentages: LabelPercentage[];
  project: string;
  /** The inspected vessel's name, where the project names one. */
  vessel?: string | null;
  /** The image's hull zone, where it has one. */
  hull_zone?: HullZone | null;
  /** The project's inspection date, where it has one; `date` is when the prediction was made. */
  inspection_date?: string | null;
  fouling_rating: FoulingRating | null;
  /** How sure the model was (0 to 1) and whether that is low; null for older predictions. */
  confidence: number | null;
  low_confidence: boolean | null;
  /** Who accepted or corrected the mask (issue 39); null while unreviewed. */
  reviewed_by?: string | null;
  /** The photo's quality (issue 46), judged now; null for images uploaded before it was measured. */
  quality?: ImageQuality | null;
}

/** A name as a folder in a ZIP: runs of other characters become one `_`. */
export function folderName(value: string): string {
  return value.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'item';
}

/**
 * What a download holds, one folder per image: the original, and per prediction ORG, PRED, STAT and
 * percentages.json; plus the rows of summary.csv. Scoped to the owner.
 */
export async function archiveContents(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  settings: PredictionJudgementSettings,
  imageId?: number,
): Promise<{ files: ArchiveFile[]; summary: SummaryRow[] }> {
  const downloads = downloadsRepository(db);
  const classesOfModel = new Map<number, ModelClass[]>();
  const images = await downloads.imagesToArchive(owner, projectId, imageId);
  const predictionsOf = new Map<number, ArchivedPrediction[]>();
  for (const row of await downloads.predictionsToArchive(owner, projectId, imageId)) {
    const ofImage = predictionsOf.get(row.image_id);
    if (ofImage) ofImage.push(row);
    else predictionsOf.set(row.image_id, [row]);
  }

  const files: ArchiveFile[] = [];
  const summary: SummaryRow[] = [];
  for (const image of images) {
    const folder = `${image.id}-${folderName(image.name)}`;
    const quality = storedQuality(image.quality, settings.imageQuality.thresholds);
    const original = imageFiles.original(image.format);
    files.push({
      name: `${folder}/${original}`,
      storageKey: storageKeys.file(image.storage_prefix, original),
      compressed: true,
    });
    for (const prediction of predictionsOf.get(image.id) ?? []) {
      const sub = `${folder}/${folderName(`${prediction.model}-${prediction.version}-${prediction.resolution}`)}`;
      const percentages = JSON.parse(prediction.percentages) as LabelPercentage[];
      let classes = classesOfModel.get(prediction.model_id);
      if (!classes) {
        classes = storedClassesOf(prediction.model_manifest);
        classesOfModel.set(prediction.model_id, classes);
      }
      const rating = foulingRating(
        percentages,
        classes,
        settings.foulingRating,
        storedNoiseFloorOf(prediction.model_manifest),
      );
      const confidence = {
        ...judgeConfidence(prediction.confidence, quality?.grade ?? null, settings.confidence),
        reviewed_by: prediction.reviewer_name,
      };
      // PRED and STAT of the newest mask version: a person's correction where there is one.
      const maskPrefix = currentMaskPrefix(prediction);
      for (const [file, prefix] of [
        [predictionFiles.org, prediction.storage_prefix],
        [predictionFiles.pred, maskPrefix],
      ] as const) {
        files.push({ name: `${sub}/${file}`, storageKey: storageKeys.file(prefix, file), compressed: true });
      }
      // The model's own STAT is drawn the first time it is read; a mask version's is stored with it.
      const { mask_prefix: versionPrefix } = prediction;
      files.push({
        name: `${sub}/${predictionFiles.stat}`,
        compressed: true,
        ...(versionPrefix === null
          ? {
              load: (storage: Storage) =>
                modelStatChart(db, storage, { ...prediction, model_version: prediction.version }),
            }
          : { storageKey: storageKeys.file(versionPrefix, predictionFiles.stat) }),
      });
      files.push({
        name: `${sub}/percentages.json`,
        data: Buffer.from(
          JSON.stringify(
            {
              image: image.name,
              model: prediction.model,
              version: prediction.version,
              resolution: prediction.resolution,
              created_at: prediction.created_at,
              percentages,
              fouling_rating: rating,
              mask_version: prediction.mask_version,
              ...confidence,
            },
            null,
            2,
          ),
        ),
        compressed: false,
      });
      summary.push({
        image: image.name,
        model: prediction.model,
        version: prediction.version,
        resolution: prediction.resolution,
        date: prediction.created_at,
        percentages,
        project: prediction.project,
        vessel: prediction.vessel,
        hull_zone: image.hull_zone,
        inspection_date: prediction.inspection_date,
        fouling_rating: rating,
        ...confidence,
        quality,
      });
    }
  }
  return { files, summary };
}
