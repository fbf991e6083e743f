import {
  type FoulingRating,
  HULL_ZONES,
  type HullZone,
  type InspectedImage,
  type InspectionSummary,
  type InspectionSummaryQuery,
  type LabelPercentage,
  type ModelClass,
  type ZoneSummary,
  hullZoneLabels,
  inspectionSummaryMessages,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldErrors } from '../../http/api-error.js';
import { type PredictionJudgementSettings, judgeConfidence } from '../../inference/confidence.js';
import { type FoulingRatingSettings, foulingRating } from '../../inference/fouling-rating.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import {
  type InspectedImageRow,
  type PairCount,
  type SummaryPredictionRow,
  inspectionsRepository,
} from './inspections.repository.js';
import { type PoolMember, poolCoverage, surfaceWeight } from './pool-coverage.js';
import { reviewCounts } from '../review/review-counts.js';

export const UNASSIGNED_ZONE_LABEL = 'Unassigned';

/**
 * An image with its newest prediction of the summary's pair, as the report also needs it. The
 * summary's images are in it whether their rating counts or not (`excluded_from_rating`).
 */
export interface RatedImage extends InspectedImage {
  prediction: SummaryPredictionRow;
  percentages: LabelPercentage[];
}

/** The summary with what it was computed from, for the report. */
export interface SummaryWithSources {
  summary: InspectionSummary;
  /** Predicted images in summary order: zone by zone, worst first. */
  rated: RatedImage[];
  unpredicted: InspectedImageRow[];
  /** The chosen model's classes and registered manifest (JSON), null without predictions. */
  classes: ModelClass[];
  modelManifest: string | null;
  modelDescription: string | null;
}

/** Most predictions first; between equals, the one predicted most recently. */
function byUse(a: PairCount, b: PairCount): number {
  return b.predictions - a.predictions || b.newest_id - a.newest_id;
}

/** The pair the query names, or the most used one that matches what it names; a 400 when none does. */
function choosePair(pairs: PairCount[], query: InspectionSummaryQuery): PairCount | null {
  const ofModel = query.model === undefined ? pairs : pairs.filter((pair) => pair.model_id === query.model);
  if (query.model !== undefined && ofModel.length === 0) {
    throw fieldErrors({ model: [inspectionSummaryMessages.unknownModel] });
  }
  const chosen =
    query.resolution === undefined
      ? ofModel
      : ofModel.filter((pair) => pair.resolution_id === query.resolution);
  if (query.resolution !== undefined && chosen.length === 0) {
    throw fieldErrors({ resolution: [inspectionSummaryMessages.unknownResolution] });
  }
  return chosen[0] ?? null;
}

/** Worse first: a higher rating, then more macrofouling, then more microfouling; unrated last. */
export function byRatingWorstFirst(a: FoulingRating | null, b: FoulingRating | null): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  return (
    b.value - a.value ||
    b.macrofouling_percentage - a.macrofouling_percentage ||
    b.microfouling_percentage - a.microfouling_percentage
  );
}

interface ZoneInput {
  label: string;
  images: InspectedImageRow[];
  rated: RatedImage[];
}

function pooledZone(
  zone: ZoneInput,
  classes: ModelClass[],
  settings: FoulingRatingSettings,
  noiseFloorPercent: number | undefined,
): Omit<ZoneSummary, 'hull_zone' | 'worst_image' | 'images'> {
  const counted = zone.rated.filter((image) => !image.excluded_from_rating);
  const members: PoolMember[] = counted.map((image) => ({
    percentages: image.percentages,
    surfacePixels: surfaceWeight({ ...image.prediction, percentages: image.percentages }),
  }));
  const coverage = poolCoverage(members, classes);
  return {
    zone_label: zone.label,
    image_count: zone.images.length,
    predicted_count: zone.rated.length,
    coverage,
    rating: foulingRating(coverage, classes, settings, noiseFloorPercent),
    excluded_count: zone.rated.length - counted.length,
    rests_on_fair_or_poor: restsOnFairOrPoor(counted),
    review: reviewCounts(zone.rated.map((image) => image.prediction)),
  };
}

/**
 * Whether every photo a rating counts is of fair or poor quality (issue 46 §2): the report says so.
 * Photos never measured count as neither; a zone with no counted photo rests on nothing.
 */
function restsOnFairOrPoor(counted: RatedImage[]): boolean {
  return counted.length > 0 && counted.every((image) => image.quality && image.quality.grade !== 'good');
}

function inspectedImage(image: RatedImage): InspectedImage {
  const { prediction: _prediction, percentages: _percentages, ...answer } = image;
  return answer;
}

/**
 * The inspection summary of a project (issue 18 §5) for one model and resolution: per hull zone the
 * pooled coverage of its images' newest predictions, its rating and its worst image; overall, the
 * worst zone's rating. The project must be the owner's (checked by the caller).
 */
export async function inspectionSummary(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  query: InspectionSummaryQuery,
  settings: PredictionJudgementSettings,
): Promise<SummaryWithSources> {
  const inspections = inspectionsRepository(db);
  const pairs = (await inspections.predictionPairs(owner, projectId)).sort(byUse);
  const pair = choosePair(pairs, query);
  const images = await inspections.projectImages(owner, projectId);
  const model = pair ? await inspections.model(pair.model_id) : undefined;
  const classes = model ? storedClassesOf(model.manifest) : [];
  const noiseFloor = model ? storedNoiseFloorOf(model.manifest) : undefined;

  const includePoor = query.include_poor ?? settings.imageQuality.includePoorInRatings;
  const newest = new Map<number, SummaryPredictionRow>();
  if (pair) {
    for (const row of await inspections.pairPredictions(
      owner,
      projectId,
      pair.model_id,
      pair.resolution_id,
    )) {
      newest.set(row.image_id, row);
    }
  }
  const rated: RatedImage[] = [];
  const unpredicted: InspectedImageRow[] = [];
  for (const image of images) {
    const prediction = newest.get(image.id);
    if (!prediction) {
      unpredicted.push(image);
      continue;
    }
    const percentages = JSON.parse(prediction.percentages) as LabelPercentage[];
    const quality = storedQuality(image.quality, settings.imageQuality.thresholds);
    rated.push({
      image_id: image.id,
      image_name: image.name,
      prediction_id: prediction.id,
      hull_zone: image.hull_zone,
      model_version: prediction.model_version,
      rating: foulingRating(percentages, classes, settings.foulingRating, noiseFloor),
      ...judgeConfidence(prediction.confidence, quality?.grade ?? null, settings.confidence),
      reviewed_by: prediction.reviewer_name,
      quality,
      excluded_from_rating: !includePoor && quality?.grade === 'poor',
      prediction,
      percentages,
    });
  }
  rated.sort(
    (a, b) =>
      byRatingWorstFirst(a.rating, b.rating) ||
      a.image_name.localeCompare(b.image_name, 'en') ||
      a.image_id - b.image_id,
  );

  const zoneOrder: (HullZone | null)[] = [...HULL_ZONES, null];
  const zones: ZoneSummary[] = [];
  const ratedInOrder: RatedImage[] = [];
  for (const hullZone of zoneOrder) {
    const zoneImages = images.filter((image) => image.hull_zone === hullZone);
    if (zoneImages.length === 0) continue;
    const zoneRated = rated.filter((image) => image.hull_zone === hullZone);
    ratedInOrder.push(...zoneRated);
    // The worst photo the rating counts: a poor photo left out cannot be what the zone is rated by.
    const worst = zoneRated.find((image) => !image.excluded_from_rating);
    zones.push({
      hull_zone: hullZone,
      ...pooledZone(
        {
          label: hullZone ? hullZoneLabels[hullZone] : UNASSIGNED_ZONE_LABEL,
          images: zoneImages,
          rated: zoneRated,
        },
        classes,
        settings.foulingRating,
        noiseFloor,
      ),
      worst_image: worst && worst.rating ? inspectedImage(worst) : null,
      images: zoneRated.map(inspectedImage),
    });
  }
  const worstZone = zones
    .filter((zone) => zone.rating)
    .sort((a, b) => byRatingWorstFirst(a.rating, b.rating))[0];
  const versions = [...new Set(rated.map((image) => image.model_version))].sort();

  const summary: InspectionSummary = {
    project: projectId,
    model: pair ? { id: pair.model_id, name: pair.model_name, versions } : null,
    resolution: pair
      ? { id: pair.resolution_id, name: pair.resolution_name, display_name: pair.resolution_display_name }
      : null,
    available: pairs.map((entry) => ({
      model: entry.model_id,
      model_name: entry.model_name,
      resolution: entry.resolution_id,
      resolution_name: entry.resolution_display_name,
      predictions: entry.predictions,
    })),
    zones,
    all_zones: pooledZone({ label: 'All zones', images, rated }, classes, settings.foulingRating, noiseFloor),
    overall_rating: worstZone?.rating ?? null,
    worst_zone: worstZone ? worstZone.hull_zone : null,
    poor_photos_included: includePoor,
  };
  return {
    summary,
    rated: ratedInOrder,
    unpredicted,
    classes,
    modelManifest: model?.manifest ?? null,
    modelDescription: model?.description ?? null,
  };
}
