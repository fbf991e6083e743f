import type { HullZone, QualityMetrics } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { paged } from '../../db/paging.js';
import type { DB, ImageRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export interface NewImage {
  owner: number;
  projectId: number;
  name: string;
  format: string;
  width: number;
  height: number;
  sizeBytes: number;
  contentHash: string;
  hullZone: HullZone | null;
  storagePrefix: string;
  /** The metrics measured at upload (media/quality), stored as JSON. */
  quality: QualityMetrics;
  /** Whether the upload keeps the model's input at the standard resolution (standard-input.ts). */
  standardInputKept: boolean;
}

/** SQL on images; every read is scoped to the owner and the project. */
export function imagesRepository(db: Kysely<DB>) {
  return {
    listInProject(owner: number, projectId: number): Promise<ImageRow[]> {
      return db
        .selectFrom('images')
        .selectAll()
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
    },

    /** Each image's id, name and content hash, in id order: what a client compares before uploading. */
    listHashes(owner: number, projectId: number) {
      return db
        .selectFrom('images')
        .select(['id', 'name', 'content_hash'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
    },

    /**
     * One page of the project's images in id order (all of them without a limit), with only what a
     * thumbnail list needs.
     */
    listPage(owner: number, projectId: number, offset: number, limit: number | undefined) {
      const query = db
        .selectFrom('images')
        .select(['id', 'name', 'storage_prefix', 'created_at', 'hull_zone'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id');
      return paged(query, { offset, limit }).execute();
    },

    /** How many images the project has: the thumbnails list's total (x-total-count). */
    async countInProject(owner: number, projectId: number): Promise<number> {
      const row = await db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The project's images in id order, each with the keys and confidences of its predictions, without any file. */
    async listDetails(owner: number, projectId: number) {
      const rows = await db
        .selectFrom('images')
        .select(['id', 'name', 'created_at', 'width', 'height', 'hull_zone', 'quality'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
      const predictions = await db
        .selectFrom('predictions')
        .select(['id', 'image_id', 'model_id', 'resolution_id', 'confidence'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
      const byImage = new Map<
        number,
        { prediction_id: number; model_id: number; resolution_id: number; confidence: number | null }[]
      >();
      for (const prediction of predictions) {
        const list = byImage.get(prediction.image_id) ?? [];
        list.push({
          prediction_id: prediction.id,
          model_id: prediction.model_id,
          resolution_id: prediction.resolution_id,
          confidence: prediction.confidence,
        });
        byImage.set(prediction.image_id, list);
      }
      return rows.map((row) => ({ ...row, predictions: byImage.get(row.id) ?? [] }));
    },

    findOwned(owner: number, projectId: number, imageId: number): Promise<ImageRow | undefined> {
      return db
        .selectFrom('images')
        .selectAll()
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .where('id', '=', imageId)
        .executeTakeFirst();
    },

    /** Whether the image is part of a prediction request that has not finished. */
    async isInUnfinishedRequest(imageId: number): Promise<boolean> {
      const row = await db
        .selectFrom('prediction_request_images')
        .innerJoin('prediction_requests', 'prediction_requests.id', 'prediction_request_images.request_id')
        .select('prediction_request_images.id')
        .where('prediction_request_images.image_id', '=', imageId)
        .where('prediction_requests.status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The storage prefix of every image in this owner's project (for the storage sweep). */
    async prefixesInProject(owner: number, projectId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('images')
        .select('storage_prefix')
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .execute();
      return new Set(rows.map((row) => row.storage_prefix));
    },

    /** The storage prefix of the newest image, if any (to check that storage belongs to this database). */
    async newestImagePrefix(): Promise<string | undefined> {
      const row = await db
        .selectFrom('images')
        .select('storage_prefix')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.storage_prefix;
    },

    /** The image's row, recording the folder its files go to (drawn by storageKeys.newImage). */
    async insert(image: NewImage): Promise<number> {
      const row = await db
        .insertInto('images')
        .values({
          project_id: image.projectId,
          owner: image.owner,
          name: image.name,
          format: image.format,
          width: image.width,
          height: image.height,
          size_bytes: image.sizeBytes,
          content_hash: image.contentHash,
          storage_prefix: image.storagePrefix,
          hull_zone: image.hullZone,
          quality: JSON.stringify(image.quality),
          standard_input_kept: image.standardInputKept ? 1 : 0,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Those of `imageIds` that are the owner's images in this project, with their sizes (what a
     * prediction charges depends on them). Callers never pass an empty list (the request's schema
     * needs one image): `in ()` is not SQL.
     */
    sizesInProject(owner: number, projectId: number, imageIds: number[]) {
      return db
        .selectFrom('images')
        .select(['id', 'name', 'width', 'height'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .where('id', 'in', imageIds)
        .execute();
    },

    /** Sets the zone of the owner's image in this project; undefined when there is no such image. */
    setHullZoneOwned(
      owner: number,
      projectId: number,
      imageId: number,
      hullZone: HullZone | null,
    ): Promise<ImageRow | undefined> {
      return db
        .updateTable('images')
        .set({ hull_zone: hullZone })
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .where('id', '=', imageId)
        .returningAll()
        .executeTakeFirst();
    },

    /** Which of these ids are the owner's images in this project. */
    async idsInProject(owner: number, projectId: number, imageIds: number[]): Promise<Set<number>> {
      const rows = await db
        .selectFrom('images')
        .select('id')
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .where('id', 'in', imageIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Sets the zone of these images of the owner's project; answers how many rows changed. */
    async setHullZoneOfMany(
      owner: number,
      projectId: number,
      imageIds: number[],
      hullZone: HullZone | null,
    ): Promise<number> {
      const result = await db
        .updateTable('images')
        .set({ hull_zone: hullZone })
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .where('id', 'in', imageIds)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Images of every owner uploaded before quality was measured (migration 0017), in id order from
     * after `afterId`: the operator's back-fill, not a user's request.
     */
    listUnmeasured(afterId: number, limit: number) {
      return db
        .selectFrom('images')
        .select(['id', 'project_id', 'name', 'format', 'storage_prefix'])
        .where('quality', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Records an image's measured quality; only where none is recorded yet. Answers whether it did. */
    async setQuality(imageId: number, quality: QualityMetrics): Promise<boolean> {
      const result = await db
        .updateTable('images')
        .set({ quality: JSON.stringify(quality) })
        .where('id', '=', imageId)
        .where('quality', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(imageId: number): Promise<void> {
      await db.deleteFrom('images').where('id', '=', imageId).execute();
    },
  };
}
