import type { Kysely } from 'kysely';
import type { DB, ImageRow } from '../../db/schema.js';

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

    async delete(imageId: number): Promise<void> {
      await db.deleteFrom('images').where('id', '=', imageId).execute();
    },
  };
}
