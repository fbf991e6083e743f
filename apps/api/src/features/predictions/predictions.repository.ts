import type { Kysely } from 'kysely';
import type { DB, PredictionRequestRow, PredictionRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export interface NewPredictionRequest {
  owner: number;
  projectId: number;
  modelId: number;
  resolutionId: number;
  pricePerImage: number;
  imagesTotal: number;
}

/** SQL on prediction requests and predictions; reads are scoped to the owner. */
export function predictionsRepository(db: Kysely<DB>) {
  return {
    unfinishedRequestOf(owner: number): Promise<PredictionRequestRow | undefined> {
      return db
        .selectFrom('prediction_requests')
        .selectAll()
        .where('owner', '=', owner)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    findRequest(owner: number, requestId: number): Promise<PredictionRequestRow | undefined> {
      return db
        .selectFrom('prediction_requests')
        .selectAll()
        .where('owner', '=', owner)
        .where('id', '=', requestId)
        .executeTakeFirst();
    },

    /** A QUEUED request; answers its id. */
    async insertRequest(request: NewPredictionRequest): Promise<number> {
      const row = await db
        .insertInto('prediction_requests')
        .values({
          owner: request.owner,
          project_id: request.projectId,
          model_id: request.modelId,
          resolution_id: request.resolutionId,
          status: 'QUEUED',
          price_per_image: request.pricePerImage,
          images_total: request.imagesTotal,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The request's images, PENDING, in the order given (the order the worker takes them in), each with its price. */
    async insertRequestImages(
      requestId: number,
      images: { imageId: number; price: number }[],
    ): Promise<void> {
      await db
        .insertInto('prediction_request_images')
        .values(
          images.map(({ imageId, price }, position) => ({
            request_id: requestId,
            image_id: imageId,
            position,
            status: 'PENDING' as const,
            price,
          })),
        )
        .execute();
    },

    /** Names of the images that already have a prediction with this model and resolution. */
    async alreadyPredicted(imageIds: number[], modelId: number, resolutionId: number): Promise<string[]> {
      if (imageIds.length === 0) return [];
      const rows = await db
        .selectFrom('predictions')
        .innerJoin('images', 'images.id', 'predictions.image_id')
        .select('images.name')
        .where('predictions.image_id', 'in', imageIds)
        .where('predictions.model_id', '=', modelId)
        .where('predictions.resolution_id', '=', resolutionId)
        .orderBy('images.id')
        .execute();
      return rows.map((row) => row.name);
    },

    async countInProject(owner: number, projectId: number): Promise<number> {
      const row = await db
        .selectFrom('predictions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listForImage(owner: number, imageId: number): Promise<PredictionRow[]> {
      return db
        .selectFrom('predictions')
        .selectAll()
        .where('owner', '=', owner)
        .where('image_id', '=', imageId)
        .orderBy('id')
        .execute();
    },

    /** Whether the prediction is still there with its files under `storagePrefix` (not deleted meanwhile). */
    async isRecorded(owner: number, predictionId: number, storagePrefix: string): Promise<boolean> {
      const row = await db
        .selectFrom('predictions')
        .select('id')
        .where('owner', '=', owner)
        .where('id', '=', predictionId)
        .where('storage_prefix', '=', storagePrefix)
        .executeTakeFirst();
      return row !== undefined;
    },

    findPrediction(owner: number, projectId: number, predictionId: number) {
      return db
        .selectFrom('predictions')
        .innerJoin('images', 'images.id', 'predictions.image_id')
        .innerJoin('cv_models', 'cv_models.id', 'predictions.model_id')
        .leftJoin('image_reviews', 'image_reviews.prediction_id', 'predictions.id')
        .selectAll('predictions')
        .select([
          'images.name as image_name',
          'images.quality as image_quality',
          'cv_models.manifest as model_manifest',
          'image_reviews.reviewer_name',
        ])
        .where('predictions.owner', '=', owner)
        .where('predictions.project_id', '=', projectId)
        .where('predictions.id', '=', predictionId)
        .executeTakeFirst();
    },
  };
}
