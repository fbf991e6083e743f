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

type QueueCandidate = { image_id: number; confidence: number | null; low_confidence: boolean | null };

/**
 * The walking order: the photos marked low confidence first, then the rest, each lowest confidence
 * first, unknown confidence last. The mark depends on the photo's quality grade (a fair photo is
 * held to a higher bound), so a marked photo can be surer than an unmarked one and must not wait
 * behind it.
 */
function compareForReview(a: QueueCandidate, b: QueueCandidate): number {
  const marked = (item: QueueCandidate) => (item.low_confidence === true ? 0 : 1);
  const confidence = (item: QueueCandidate) => item.confidence ?? Number.POSITIVE_INFINITY;
  return marked(a) - marked(b) || confidence(a) - confidence(b) || a.image_id - b.image_id;
}

/**
 * Issue 39 §3: the project's unreviewed analysed images in the walking order of compareForReview,
 * each with its newest prediction, and how many are reviewed.
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
    .map((image) => {
      const grade = storedQuality(image.quality, config.imageQuality.thresholds)?.grade ?? null;
      return { ...image, ...judgeConfidence(image.confidence, grade, config.confidence) };
    })
    .sort(compareForReview);
  return {
    items: unreviewed.map((image) => ({
      image: image.image_id,
      image_name: image.image_name,
      prediction: image.prediction_id,
      hull_zone: image.hull_zone,
      confidence: image.confidence,
      low_confidence: image.low_confidence,
    })),
    counts: { reviewed: images.length - unreviewed.length, total: images.length },
  };
}
