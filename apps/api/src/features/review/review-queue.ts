import type { ReviewQueue } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { judgeConfidence } from '../../inference/confidence.js';
import { storedQuality } from '../../media/quality/stored-quality.js';

/** Each analysed image of the project with its newest prediction and review state. */
export async function analysedImages(db: Kysely<DB>, owner: number, projectId: number) {
  const rows = await db
    .selectFrom('predictions')
    .innerJoin('images', 'images.id', 'predictions.image_id')
    .leftJoin('image_reviews', 'image_reviews.image_id', 'images.id')
    .select([
      'predictions.id as prediction_id',
      'predictions.confidence',
      'images.id as image_id',
      'images.name as image_name',
      'images.hull_zone',
      'images.quality',
      'image_reviews.state as review_state',
    ])
    .where('predictions.owner', '=', owner)
    .where('predictions.project_id', '=', projectId)
    .orderBy('predictions.id')
    .execute();
  const newest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) newest.set(row.image_id, row);
  return [...newest.values()];
}

/**
 * Issue 39 §3: the project's unreviewed analysed images, lowest confidence first (those without a
 * recorded confidence last), each with its newest prediction, and how many are reviewed.
 */
export async function reviewQueue(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  config: Pick<Config, 'confidence' | 'imageQuality'>,
): Promise<ReviewQueue> {
  const images = await analysedImages(db, owner, projectId);
  const unreviewed = images
    .filter((image) => image.review_state === null)
    .sort(
      (a, b) =>
        (a.confidence ?? Number.POSITIVE_INFINITY) - (b.confidence ?? Number.POSITIVE_INFINITY) ||
        a.image_id - b.image_id,
    );
  return {
    items: unreviewed.map((image) => {
      const grade = storedQuality(image.quality, config.imageQuality.thresholds)?.grade ?? null;
      const judged = judgeConfidence(image.confidence, grade, config.confidence);
      return {
        image: image.image_id,
        image_name: image.image_name,
        prediction: image.prediction_id,
        hull_zone: image.hull_zone,
        ...judged,
      };
    }),
    counts: { reviewed: images.length - unreviewed.length, total: images.length },
  };
}
