import type { LabelPercentage } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, PredictionRequestRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** One image of a request still to be predicted, with where its original lies. */
export interface PendingImage {
  rowId: number;
  imageId: number;
  name: string;
  format: string;
  prefix: string;
  /** The original's size, oriented. */
  width: number;
  height: number;
  /** 1 while the upload's model input at the standard resolution is kept (standard-input.ts). */
  standardInputKept: number;
  /** Credits charged for it; null on requests made before prices were kept per image. */
  price: number | null;
  /** Times a worker began it: more than 0 while PENDING means a crash cut it off. */
  starts: number;
}

export interface NewPrediction {
  request: PredictionRequestRow;
  imageId: number;
  modelVersion: string;
  /** The manifest's name: with the version, the STAT chart's title (stat-chart-file.ts). */
  modelName: string;
  percentages: LabelPercentage[];
  surfacePixels: number;
  /** The mean of the pixels' largest class probability, 0 to 1. */
  confidence: number;
  width: number;
  height: number;
  storagePrefix: string;
}

/**
 * The SQL of running a prediction request: what the worker reads and records. Not scoped to an
 * owner (the worker acts for whoever scheduled the request). Every change of an image's status is
 * guarded by its being PENDING, so two workers holding one job settle each image once.
 */
export function predictionRunsRepository(db: Kysely<DB>) {
  return {
    findRequest(requestId: number): Promise<PredictionRequestRow | undefined> {
      return db.selectFrom('prediction_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
    },

    async markRunning(requestId: number, startedAt: string): Promise<void> {
      await db
        .updateTable('prediction_requests')
        .set({ status: 'RUNNING', started_at: startedAt })
        .where('id', '=', requestId)
        .execute();
    },

    /** False when the request had already finished (two workers holding one job both finishing it). */
    async markFinished(requestId: number, status: 'DONE' | 'FAILED'): Promise<boolean> {
      const result = await db
        .updateTable('prediction_requests')
        .set({ status, finished_at: nowIso() })
        .where('id', '=', requestId)
        .where('status', 'not in', ['DONE', 'FAILED'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Credits the request was charged and refunded, from its ledger rows. */
    async creditsMoved(requestId: number): Promise<{ charged: number; refunded: number }> {
      const rows = await db
        .selectFrom('credit_ledger')
        .select(['kind', (eb) => eb.fn.sum<string | number>('amount').as('total')])
        .where('prediction_request_id', '=', requestId)
        .where('status', '=', 'SETTLED')
        .groupBy('kind')
        .execute();
      const total = (kind: string) => Math.abs(Number(rows.find((row) => row.kind === kind)?.total ?? 0));
      return { charged: total('prediction'), refunded: total('refund') };
    },

    /** The request's images not yet done or failed, in the order they were requested. */
    pendingImages(requestId: number): Promise<PendingImage[]> {
      return db
        .selectFrom('prediction_request_images')
        .innerJoin('images', 'images.id', 'prediction_request_images.image_id')
        .select([
          'prediction_request_images.id as rowId',
          'images.id as imageId',
          'images.name',
          'images.format',
          'images.storage_prefix as prefix',
          'images.width',
          'images.height',
          'images.standard_input_kept as standardInputKept',
          'prediction_request_images.price',
          'prediction_request_images.starts',
        ])
        .where('prediction_request_images.request_id', '=', requestId)
        .where('prediction_request_images.status', '=', 'PENDING')
        .orderBy('prediction_request_images.position')
        .execute();
    },

    /** PENDING → FAILED with the reason (cut to 500 characters); false when no longer PENDING. */
    async markImageFailed(rowId: number, reason: string): Promise<boolean> {
      const marked = await db
        .updateTable('prediction_request_images')
        .set({ status: 'FAILED', error: reason.slice(0, 500) })
        .where('id', '=', rowId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return marked.numUpdatedRows > 0n;
    },

    /** PENDING → DONE; false when no longer PENDING. */
    async markImageDone(rowId: number): Promise<boolean> {
      const claimed = await db
        .updateTable('prediction_request_images')
        .set({ status: 'DONE' })
        .where('id', '=', rowId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return claimed.numUpdatedRows > 0n;
    },

    /** Whether the image's row in its request is DONE (settled rows never change again). */
    async isImageDone(rowId: number): Promise<boolean> {
      const row = await db
        .selectFrom('prediction_request_images')
        .select('status')
        .where('id', '=', rowId)
        .executeTakeFirst();
      return row?.status === 'DONE';
    },

    /** Committed before the image's work begins, so a crash during it leaves the count behind. */
    async countImageStart(rowId: number): Promise<void> {
      await db
        .updateTable('prediction_request_images')
        .set((eb) => ({ starts: eb('starts', '+', 1) }))
        .where('id', '=', rowId)
        .execute();
    },

    /** Counts a run of the request's job beginning; answers the runs without progress, this one included. */
    async countRun(requestId: number): Promise<number> {
      await db
        .updateTable('prediction_requests')
        .set((eb) => ({ runs_without_progress: eb('runs_without_progress', '+', 1) }))
        .where('id', '=', requestId)
        .execute();
      const row = await db
        .selectFrom('prediction_requests')
        .select('runs_without_progress')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      return row.runs_without_progress;
    },

    /** Takes back a run's count: a run stopped by a shutdown says nothing about the request. */
    async uncountRun(requestId: number): Promise<void> {
      await db
        .updateTable('prediction_requests')
        .set((eb) => ({ runs_without_progress: eb('runs_without_progress', '-', 1) }))
        .where('id', '=', requestId)
        .where('runs_without_progress', '>', 0)
        .execute();
    },

    /** A settled image is progress: the count of runs without it starts again. */
    async countImageFailed(requestId: number): Promise<void> {
      await db
        .updateTable('prediction_requests')
        .set((eb) => ({ images_failed: eb('images_failed', '+', 1), runs_without_progress: 0 }))
        .where('id', '=', requestId)
        .execute();
    },

    async countImageDone(requestId: number): Promise<void> {
      await db
        .updateTable('prediction_requests')
        .set((eb) => ({ images_done: eb('images_done', '+', 1), runs_without_progress: 0 }))
        .where('id', '=', requestId)
        .execute();
    },

    async insertPrediction(prediction: NewPrediction): Promise<void> {
      const { request } = prediction;
      await db
        .insertInto('predictions')
        .values({
          image_id: prediction.imageId,
          project_id: request.project_id,
          owner: request.owner,
          model_id: request.model_id,
          resolution_id: request.resolution_id,
          model_version: prediction.modelVersion,
          model_name: prediction.modelName,
          request_id: request.id,
          percentages: JSON.stringify(prediction.percentages),
          width: prediction.width,
          height: prediction.height,
          surface_pixels: prediction.surfacePixels,
          confidence: prediction.confidence,
          storage_prefix: prediction.storagePrefix,
          created_at: nowIso(),
        })
        .execute();
    },
  };
}
