import type { HullZone } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';

/** A model and resolution that predictions of a project were made with, and how many. */
export interface PairCount {
  model_id: number;
  model_name: string;
  resolution_id: number;
  resolution_name: string;
  resolution_display_name: string;
  predictions: number;
  /** The newest prediction of the pair: breaks ties between pairs with as many predictions. */
  newest_id: number;
}

export interface InspectedImageRow {
  id: number;
  name: string;
  hull_zone: HullZone | null;
  /** The quality metrics measured at upload, as JSON; null for images uploaded before. */
  quality: string | null;
}

/** A prediction as a summary reads it, with what the report needs to find its files. */
export interface SummaryPredictionRow {
  id: number;
  image_id: number;
  model_version: string;
  percentages: string;
  width: number;
  height: number;
  surface_pixels: number | null;
  confidence: number | null;
  storage_prefix: string;
  /** Where the newest mask version's PRED.png is; null: the model's own (issue 39). */
  mask_prefix: string | null;
  mask_version: number;
  /** Who accepted or corrected this prediction's mask; null while unreviewed. */
  reviewer_name: string | null;
  review_state: 'accepted' | 'corrected' | null;
  /** Pixels of the newest version that differ from the model's mask; null: the model's own. */
  changed_pixels: number | null;
}

/** The SQL of inspection summaries and reports; every query is scoped to the owner. */
export function inspectionsRepository(db: Kysely<DB>) {
  return {
    async predictionPairs(owner: number, projectId: number): Promise<PairCount[]> {
      const rows = await db
        .selectFrom('predictions')
        .innerJoin('cv_models', 'cv_models.id', 'predictions.model_id')
        .innerJoin('resolutions', 'resolutions.id', 'predictions.resolution_id')
        .select((eb) => [
          'predictions.model_id',
          'cv_models.name as model_name',
          'predictions.resolution_id',
          'resolutions.name as resolution_name',
          'resolutions.display_name as resolution_display_name',
          eb.fn.countAll<number>().as('predictions'),
          eb.fn.max('predictions.id').as('newest_id'),
        ])
        .where('predictions.owner', '=', owner)
        .where('predictions.project_id', '=', projectId)
        .groupBy([
          'predictions.model_id',
          'cv_models.name',
          'predictions.resolution_id',
          'resolutions.name',
          'resolutions.display_name',
        ])
        .execute();
      // PostgreSQL answers counts as strings.
      return rows.map((row) => ({
        ...row,
        predictions: Number(row.predictions),
        newest_id: Number(row.newest_id),
      }));
    },

    projectImages(owner: number, projectId: number): Promise<InspectedImageRow[]> {
      return db
        .selectFrom('images')
        .select(['id', 'name', 'hull_zone', 'quality'])
        .where('owner', '=', owner)
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
    },

    /** Every prediction of the pair in the project, oldest first (the caller keeps each image's newest). */
    pairPredictions(
      owner: number,
      projectId: number,
      modelId: number,
      resolutionId: number,
    ): Promise<SummaryPredictionRow[]> {
      return db
        .selectFrom('predictions')
        .leftJoin('image_reviews', 'image_reviews.prediction_id', 'predictions.id')
        .leftJoin('mask_versions', (join) =>
          join
            .onRef('mask_versions.prediction_id', '=', 'predictions.id')
            .onRef('mask_versions.version', '=', 'predictions.mask_version'),
        )
        .select([
          'mask_versions.changed_pixels',
          'predictions.id',
          'predictions.image_id',
          'predictions.model_version',
          'predictions.percentages',
          'predictions.width',
          'predictions.height',
          'predictions.surface_pixels',
          'predictions.confidence',
          'predictions.storage_prefix',
          'predictions.mask_prefix',
          'predictions.mask_version',
          'image_reviews.reviewer_name',
          'image_reviews.state as review_state',
        ])
        .where('predictions.owner', '=', owner)
        .where('predictions.project_id', '=', projectId)
        .where('predictions.model_id', '=', modelId)
        .where('predictions.resolution_id', '=', resolutionId)
        .orderBy('predictions.id')
        .execute();
    },

    /** The owner's projects that name one of these vessels (their inspections). */
    projectsOfVessels(owner: number, vesselIds: number[]): Promise<ProjectRow[]> {
      if (vesselIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('projects')
        .selectAll()
        .where('owner', '=', owner)
        .where('vessel_id', 'in', vesselIds)
        .orderBy('id')
        .execute();
    },

    /** The model's registered manifest (JSON) and description; models are shared, not owned. */
    model(modelId: number) {
      return db
        .selectFrom('cv_models')
        .select(['id', 'name', 'description', 'manifest'])
        .where('id', '=', modelId)
        .executeTakeFirst();
    },
  };
}
