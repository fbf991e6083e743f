import {
  type Cleaning,
  type CleaningComparison,
  type ComparisonSide,
  HULL_ZONES,
  type HullZone,
  type InspectionReport,
  type ZoneComparison,
  hullZoneLabels,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';
import type { Storage } from '../../storage/storage.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { overallRating } from '../record-book/inspection-entry.js';
import { inspectionReport } from '../inspections/inspection-report.js';
import { revisionsRepository } from '../sign-off/revisions.repository.js';

export const COMPARISON_NOTES = [
  "A signed inspection is compared as it was signed (its latest signed revision's report.json); one still open as it is now.",
  "Ratings are on the IMO MEPC.378(80) scale; coverage is each class's share of the zone's hull surface, pooled over its photos.",
  'In the spirit of ISO/DIS 6319 (the same areas before and after cleaning, with the photos side by side); not a certified ISO 6319 report.',
] as const;

/** The thumbnails of the photos shown, as data URLs; a photo whose thumbnail cannot be read shows none. */
async function thumbnails(db: Kysely<DB>, storage: Storage, projectId: number, imageIds: number[]) {
  if (imageIds.length === 0) return new Map<number, string | null>();
  const images = await db
    .selectFrom('images')
    .select(['id', 'storage_prefix'])
    .where('project_id', '=', projectId)
    .where('id', 'in', imageIds)
    .execute();
  const entries = await Promise.all(
    images.map(async (image): Promise<[number, string | null]> => {
      try {
        const base64 = await storage.getBuffer(
          storageKeys.file(image.storage_prefix, imageFiles.thumbnailBase64),
        );
        return [image.id, `data:image/jpeg;base64,${base64.toString('ascii').trim()}`];
      } catch {
        return [image.id, null];
      }
    }),
  );
  return new Map(entries);
}

function side(report: InspectionReport, zone: HullZone, thumbs: Map<number, string | null>): ComparisonSide {
  const area = report.checklist?.areas.find((entry) => entry.hull_zone === zone);
  const summary = report.summary.zones.find((entry) => entry.hull_zone === zone);
  const rating = area?.rating ?? (summary?.rating ? { ...summary.rating, source: 'photos' as const } : null);
  const worst = summary?.worst_image ?? null;
  return {
    status: area?.status ?? (summary ? 'inspected' : null),
    not_inspected_reason: area?.not_inspected_reason_label ?? null,
    rating: rating ? { value: rating.value, label: rating.label } : null,
    rating_source: rating?.source ?? null,
    macrofouling_percentage: rating?.macrofouling_percentage ?? null,
    coverage: summary?.coverage ?? [],
    photo_count: summary?.image_count ?? area?.photo_count ?? 0,
    photo: worst
      ? {
          image_id: worst.image_id,
          image_name: worst.image_name,
          thumbnail: thumbs.get(worst.image_id) ?? null,
        }
      : null,
  };
}

function outcome(before: ComparisonSide, after: ComparisonSide): ZoneComparison['outcome'] {
  if (!before.rating || !after.rating) return 'not_comparable';
  if (after.rating.value < before.rating.value) return 'improved';
  return after.rating.value === before.rating.value ? 'unchanged' : 'worse';
}

/** The zones either inspection speaks of (checklist or photos), in hull order. */
function zonesOf(...reports: InspectionReport[]): HullZone[] {
  const named = new Set<HullZone>();
  for (const report of reports) {
    for (const area of report.checklist?.areas ?? [])
      if (area.status !== null || area.rating) named.add(area.hull_zone);
    for (const zone of report.summary.zones) if (zone.hull_zone) named.add(zone.hull_zone);
  }
  return HULL_ZONES.filter((zone) => named.has(zone));
}

const worstImages = (report: InspectionReport) =>
  report.summary.zones.flatMap((zone) => (zone.worst_image ? [zone.worst_image.image_id] : []));

/**
 * A side's report: a signed inspection's stored report.json, read as signed; an open one (never
 * signed, or reopened) rendered as it is now.
 */
async function sideReport(db: Kysely<DB>, project: ProjectRow, config: Config): Promise<InspectionReport> {
  if (project.signed_revision !== null) {
    const stored = await revisionsRepository(db).find(project.id, project.signed_revision);
    if (stored) return JSON.parse(stored.report_json) as InspectionReport;
  }
  return (await inspectionReport(db, project, {}, config)).report;
}

/** Issue 40 §6: the cleaning's two inspections compared zone by zone. */
export async function cleaningComparison(
  db: Kysely<DB>,
  storage: Storage,
  config: Config,
  owner: number,
  cleaning: Cleaning,
): Promise<CleaningComparison> {
  const [beforeProject, afterProject] = await Promise.all([
    ownedProjectOr404(db, owner, cleaning.before.project),
    ownedProjectOr404(db, owner, cleaning.after.project),
  ]);
  const before = await sideReport(db, beforeProject, config);
  const after = await sideReport(db, afterProject, config);
  const [beforeThumbs, afterThumbs] = await Promise.all([
    thumbnails(db, storage, beforeProject.id, worstImages(before)),
    thumbnails(db, storage, afterProject.id, worstImages(after)),
  ]);
  const zones = zonesOf(before, after).map((zone): ZoneComparison => {
    const was = side(before, zone, beforeThumbs);
    const is = side(after, zone, afterThumbs);
    return {
      hull_zone: zone,
      zone_label: hullZoneLabels[zone],
      before: was,
      after: is,
      outcome: outcome(was, is),
    };
  });
  return {
    cleaning,
    overall: { before: overallRating(before), after: overallRating(after) },
    zones,
    notes: [...COMPARISON_NOTES],
  };
}
