import type { Kysely } from 'kysely';
import type { DB, ImageRow } from '../../db/schema.js';

/** A prediction as a download shows it: with its model's and resolution's names. */
export interface ArchivedPrediction {
  id: number;
  owner: number;
  image_id: number;
  model_id: number;
  percentages: string;
  /** Null for predictions made before confidences were recorded (migration 0012). */
  confidence: number | null;
  storage_prefix: string;
  /** The newest mask version's folder; null: the model's own (issue 39). */
  mask_prefix: string | null;
  mask_version: number;
  reviewer_name: string | null;
  created_at: string;
  model: string;
  version: string;
  /** The manifest's name when it ran (0027); null before: see stat-chart-file.ts. */
  model_name: string | null;
  resolution: string;
  project: string;
  /** The inspected vessel's name, where the project names one (deleting a vessel leaves null). */
  vessel: string | null;
  /** The project's inspection date (`YYYY-MM-DD`), where it has one. */
  inspection_date: string | null;
  /** The model's manifest JSON as registered now: its classes' fouling categories rate the prediction. */
  model_manifest: string;
}

/** What a download reads: a project's images and predictions, or one image's; scoped to the owner. */
export function downloadsRepository(db: Kysely<DB>) {
  return {
    imagesToArchive(owner: number, projectId: number, imageId?: number): Promise<ImageRow[]> {
      let query = db
        .selectFrom('images')
        .selectAll()
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id');
      if (imageId !== undefined) query = query.where('id', '=', imageId);
      return query.execute();
    },

    /** Whether the project, and the image where one is named, are still there: deleted, a download fails. */
    async stillThere(owner: number, projectId: number, imageId?: number): Promise<boolean> {
      let query = db
        .selectFrom('projects')
        .select('projects.id')
        .where('projects.owner', '=', owner)
        .where('projects.id', '=', projectId);
      if (imageId !== undefined) {
        query = query
          .innerJoin('images', 'images.project_id', 'projects.id')
          .where('images.id', '=', imageId);
      }
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** By project, not by a list of image ids: a project of any size is one query. */
    predictionsToArchive(owner: number, projectId: number, imageId?: number): Promise<ArchivedPrediction[]> {
      let query = db
        .selectFrom('predictions')
        .innerJoin('cv_models', 'cv_models.id', 'predictions.model_id')
        .innerJoin('resolutions', 'resolutions.id', 'predictions.resolution_id')
        .innerJoin('projects', 'projects.id', 'predictions.project_id')
        .leftJoin('vessels', 'vessels.id', 'projects.vessel_id')
        .leftJoin('image_reviews', 'image_reviews.prediction_id', 'predictions.id')
        .select([
          'predictions.id',
          'predictions.owner',
          'predictions.image_id',
          'predictions.model_id',
          'predictions.percentages',
          'predictions.confidence',
          'predictions.storage_prefix',
          'predictions.mask_prefix',
          'predictions.mask_version',
          'image_reviews.reviewer_name',
          'predictions.created_at',
          'cv_models.name as model',
          'predictions.model_version as version',
          'predictions.model_name',
          'resolutions.name as resolution',
          'projects.name as project',
          'vessels.name as vessel',
          'projects.inspection_date',
          'cv_models.manifest as model_manifest',
        ])
        .where('predictions.owner', '=', owner)
        .where('predictions.project_id', '=', projectId)
        .orderBy('predictions.id');
      if (imageId !== undefined) query = query.where('predictions.image_id', '=', imageId);
      return query.execute();
    },
  };
}
