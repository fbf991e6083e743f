import type { ImageDetails } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { judgeConfidence } from '../../inference/confidence.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import { imagesRepository } from './images.repository.js';

/** The project's images without pixels, as the spec's image-details answer lists them. */
export async function imageDetailsList(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  config: Config,
): Promise<ImageDetails[]> {
  const rows = await imagesRepository(db).listDetails(owner, projectId);
  return rows.map((image) => {
    const quality = storedQuality(image.quality, config.imageQuality.thresholds);
    return {
      id: image.id,
      image_name: image.name,
      uploaded_at: image.created_at,
      width: image.width,
      height: image.height,
      hull_zone: image.hull_zone,
      predictions: image.predictions.map(({ confidence, ...key }) => ({
        ...key,
        ...judgeConfidence(confidence, quality?.grade ?? null, config.confidence),
      })),
      quality,
    };
  });
}
