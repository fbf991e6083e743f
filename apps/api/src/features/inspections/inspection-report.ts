import {
  IMO_RATING_DESCRIPTIONS,
  IMO_RATING_LABELS,
  IMO_RATING_SCALE,
  type HullZone,
  type InspectionReport,
  type InspectionSummaryQuery,
  type ModelManifest,
  type ReviewCounts,
  hullZoneLabels,
  inspectionMethodLabels,
  visibilityLabels,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CompanyRow, DB, ProjectRow } from '../../db/schema.js';
import { companyRepository } from '../company/company.repository.js';
import { countryName } from '../company/countries.js';
import type { PredictionJudgementSettings } from '../../inference/confidence.js';
import { hullPlan } from '../hull-plan/hull-plan.js';
import { pinsOnPlan } from '../plan-pins/plan-pins.js';
import { planPositionsRepository } from '../plan-pins/plan-positions.repository.js';
import { reviewedForAgreement } from '../agreement/agreement-rows.js';
import { ratingPairs } from '../agreement/agreement.js';
import type { FoulingRatingSettings } from '../../inference/fouling-rating.js';
import { checklistOf } from '../inspection-areas/load-checklist.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { gaDrawingsRepository, toGaDrawing } from '../ga-drawing/ga-drawing.repository.js';
import { fuelPenaltyEstimate } from './fuel-penalty.js';
import {
  type RatedImage,
  type SummaryWithSources,
  UNASSIGNED_ZONE_LABEL,
  inspectionSummary,
} from './inspection-summary.js';

/** The report and the stored predictions behind its images, in the report's order (for the PDF). */
export interface ReportWithSources {
  report: InspectionReport;
  rated: RatedImage[];
  /** Where the vessel's GA drawing is stored, for the PDF; null without one. */
  gaDrawingKey: string | null;
}

function zoneLabelOf(hullZone: HullZone | null): string {
  return hullZone ? hullZoneLabels[hullZone] : UNASSIGNED_ZONE_LABEL;
}

function percent(value: number): string {
  return `${value.toFixed(value < 10 && value !== 0 ? 1 : 0)} %`;
}

/**
 * How often the model's ratings matched the reviewed masks' over every photo of the organisation a
 * person reviewed with it (issue 39 §7): from the stored percentages, no mask is read.
 */
async function fleetRatingCheck(
  db: Kysely<DB>,
  owner: number,
  modelId: number,
  settings: FoulingRatingSettings,
): Promise<{ compared: number; agree: number }> {
  const rows = (await reviewedForAgreement(db, owner)).filter((row) => row.model_id === modelId);
  const pairs = ratingPairs(rows, settings);
  return { compared: pairs.length, agree: pairs.filter(([a, b]) => a === b).length };
}

/** The signed revision while signed, else the one the next signature makes. */
async function nextRevision(db: Kysely<DB>, project: ProjectRow): Promise<number> {
  if (project.signed_revision !== null) return project.signed_revision;
  const row = await db
    .selectFrom('inspection_revisions')
    .select((eb) => eb.fn.max('revision').as('newest'))
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  return (row?.newest == null ? 0 : Number(row.newest)) + 1;
}

/** What people checked (issue 39 §3): how many photos were reviewed, and how much they changed. */
function reviewLine(review: ReviewCounts): string {
  if (review.reviewed === 0) {
    return `No photo's mask has been reviewed by a person yet (0 of ${review.total}).`;
  }
  const corrected = review.corrected ?? 0;
  return (
    `A person reviewed ${review.reviewed} of ${review.total} analysed photo${review.total === 1 ? '' : 's'}: ` +
    `${review.reviewed - corrected} accepted as the model read ${review.reviewed - corrected === 1 ? 'it' : 'them'}, ` +
    `${corrected} corrected, changing ${review.changed_pixels_percentage ?? 0} % of the reviewed photos' pixels. ` +
    'Coverage and ratings use the corrected masks.'
  );
}

function methodsAndLimitations(
  project: ProjectRow,
  sources: SummaryWithSources,
  manifest: Pick<ModelManifest, 'limitations' | 'validated_on_real_photos'> | null,
  fleetCheck: { compared: number; agree: number } | null = null,
): string[] {
  const { summary } = sources;
  const lines: string[] = [];
  if (summary.model && summary.resolution) {
    lines.push(
      `Each photo was classified pixel by pixel by the segmentation model ${summary.model.name} ` +
        `(version ${summary.model.versions.join(', ')}) at the ${summary.resolution.display_name} resolution. ` +
        "Coverage is each class's share of the hull surface in view: Background (water, openings, anything " +
        'that is not hull) is left out.',
    );
  } else {
    lines.push('No photo of this inspection has been analysed yet: the report has no coverage or ratings.');
  }
  lines.push(
    "A zone's coverage pools its photos weighted by their surface pixels; its rating applies the IMO " +
      "MEPC.378(80) scale to that pooled coverage, and the overall rating is the worst zone's. Where a " +
      'photo was analysed more than once with this model and resolution, the newest result is used.',
    'Ratings describe what the photos show: parts of a zone that were not photographed are not rated, ' +
      'and a zone photographed sparsely may be rated better or worse than it is.',
  );
  if (manifest && manifest.validated_on_real_photos !== true) {
    lines.push(
      'This model has not been validated on real photos labelled by people: its coverage figures and ' +
        'ratings are indicative and must be confirmed by a person reviewing the overlays in this report.',
    );
  }
  for (const limitation of manifest?.limitations ?? []) lines.push(`Model card: ${limitation}`);
  const review = summary.all_zones.review;
  if (review && review.total > 0) lines.push(reviewLine(review));
  if (fleetCheck && fleetCheck.compared > 0) {
    lines.push(
      `Checked against ${fleetCheck.compared} photo${fleetCheck.compared === 1 ? '' : 's'} of this fleet reviewed by a person: ` +
        `ratings agree on ${Math.round((fleetCheck.agree / fleetCheck.compared) * 100)} %.`,
    );
  }
  if (project.visibility === 'poor') {
    lines.push('Visibility was recorded as poor: turbid water lowers what the model can tell apart.');
  }
  const unsure = sources.rated.filter((image) => image.low_confidence).length;
  if (unsure > 0) {
    lines.push(
      `${unsure} photo${unsure === 1 ? ' was' : 's were'} read with low model confidence (marked below): ` +
        'poor visibility or a surface unlike what the model learnt. Check their overlays by eye before ' +
        'relying on their coverage and rating.',
    );
  }
  lines.push(...qualityLines(sources));
  if (sources.unpredicted.length > 0) {
    const count = sources.unpredicted.length;
    lines.push(
      `${count} photo${count === 1 ? ' was' : 's were'} not analysed with this model and resolution and ` +
        `${count === 1 ? 'is' : 'are'} not part of the ratings (listed at the end).`,
    );
  }
  return lines;
}

/** What the report says about the photos' own quality (issue 46 §2). */
function qualityLines(sources: SummaryWithSources): string[] {
  const lines: string[] = [];
  const excluded = sources.rated.filter((image) => image.excluded_from_rating).length;
  const poor = sources.rated.filter((image) => image.quality?.grade === 'poor').length;
  if (sources.rated.some((image) => image.quality)) {
    lines.push(
      "Each photo's quality (sharpness, contrast, exposure, colour cast, compression, share of hull in " +
        'view) was measured from its pixels at upload and graded good, fair or poor.',
    );
  }
  if (excluded > 0) {
    lines.push(
      `${excluded} photo${excluded === 1 ? ' is' : 's are'} of poor quality and left out of the ratings and ` +
        'pooled coverage (listed at the end with the reasons); they are still shown.',
    );
  } else if (poor > 0) {
    lines.push(
      `${poor} photo${poor === 1 ? ' is' : 's are'} of poor quality but counted in the ratings, as asked.`,
    );
  }
  const weak = sources.summary.zones
    .filter((zone) => zone.rests_on_fair_or_poor)
    .map((zone) => zone.zone_label);
  if (weak.length > 0) {
    lines.push(
      `The rating of ${weak.join(', ')} rests only on photos of fair or poor quality: treat it with care.`,
    );
  }
  return lines;
}

function foundText(sources: SummaryWithSources): string {
  const { summary } = sources;
  if (!summary.overall_rating) return 'Not assessed: no analysed photo shows hull surface.';
  const rated = summary.zones.filter((zone) => zone.rating);
  const zones = rated
    .map(
      (zone) =>
        `${zone.zone_label}: rating ${zone.rating!.value} (${zone.rating!.label}), macrofouling ` +
        `${percent(zone.rating!.macrofouling_percentage)}`,
    )
    .join('; ');
  return `Overall rating ${summary.overall_rating.value} (${summary.overall_rating.label}). ${zones}.`;
}

/** The company record as the report's operator; null until it has a name. */
function operatorOf(company: CompanyRow | undefined): InspectionReport['operator'] {
  if (!company?.name.trim()) return null;
  const place = [company.zip, company.city].filter((part) => part.trim()).join(' ');
  const country = company.country ? (countryName(company.country) ?? company.country) : '';
  return {
    name: company.name,
    address: [company.address, company.address_2, place, company.state, country].filter((line) =>
      line.trim(),
    ),
    tax_id: company.tax_id.trim() || null,
  };
}

/**
 * The inspection report of a project (issue 18 §6) as its JSON record: cover details, the rating
 * scale, the summary, every analysed image, methods and limitations and a pre-filled Biofouling
 * Record Book entry. The PDF renders exactly this. The project must be the owner's.
 */
export async function inspectionReport(
  db: Kysely<DB>,
  project: ProjectRow,
  query: InspectionSummaryQuery,
  settings: PredictionJudgementSettings,
  now: Date = new Date(),
  signing?: Pick<InspectionReport, 'revision' | 'signature'>,
): Promise<ReportWithSources> {
  const sources = await inspectionSummary(db, project.owner, project.id, query, settings);
  // The revision this report becomes when signed (issue 39 §4); the signature only while signing.
  const revision = signing?.revision ?? (await nextRevision(db, project));
  const { summary } = sources;
  const vessel = project.vessel_id
    ? await vesselsRepository(db).findOwned(project.owner, project.vessel_id)
    : undefined;
  const plan = vessel ? hullPlan(vessel.id, particularsOf(vessel)) : null;
  const pins = plan
    ? pinsOnPlan(plan, await planPositionsRepository(db).listForProject(project.owner, project.id))
    : null;
  const drawings = gaDrawingsRepository(db);
  const drawing = vessel ? await drawings.find(project.owner, vessel.id) : undefined;
  const gaDrawing = drawing ? toGaDrawing(drawing, await drawings.zones(drawing.vessel_id)) : null;
  const manifest = sources.modelManifest ? (JSON.parse(sources.modelManifest) as ModelManifest) : null;
  const { available: _available, ...summaryOfReport } = summary;
  const company = await companyRepository(db).findByOwner(project.owner);
  const checklist = await checklistOf(db, project, summary);
  const notInspected = checklist.areas.filter((area) => area.status === 'not_inspected');
  const undecided = checklist.areas.filter((area) => area.status === null);
  const methodLabel = project.inspection_method ? inspectionMethodLabels[project.inspection_method] : null;
  const report: InspectionReport = {
    report_version: 1,
    generated_at: now.toISOString(),
    revision,
    signature: signing?.signature ?? null,
    project: {
      id: project.id,
      name: project.name,
      location: project.location,
      description: project.description,
    },
    operator: operatorOf(company),
    vessel: vessel
      ? {
          id: vessel.id,
          name: vessel.name,
          imo_number: vessel.imo_number,
          flag: vessel.flag,
          flag_name: vessel.flag ? (countryName(vessel.flag) ?? null) : null,
          vessel_type: vessel.vessel_type,
          gross_tonnage: vessel.gross_tonnage,
          antifouling_system: vessel.antifouling_system,
          ...particularsOf(vessel),
        }
      : null,
    inspection: {
      date: project.inspection_date,
      method: project.inspection_method,
      method_label: methodLabel,
      inspector: project.inspector,
      visibility: project.visibility,
      visibility_label: project.visibility ? visibilityLabels[project.visibility] : null,
    },
    model: summary.model
      ? {
          id: summary.model.id,
          name: summary.model.name,
          version: summary.model.versions.join(', '),
          description: sources.modelDescription,
          validated_on_real_photos: manifest?.validated_on_real_photos === true,
        }
      : null,
    resolution: summary.resolution,
    rating_scale: {
      scale: IMO_RATING_SCALE,
      bands: IMO_RATING_LABELS.map((label, value) => ({
        value,
        label,
        description: IMO_RATING_DESCRIPTIONS[value]!,
      })),
      microfouling_min_percent: settings.foulingRating.microfoulingMinPercent,
    },
    summary: summaryOfReport,
    images: sources.rated.map((image) => ({
      image_id: image.image_id,
      image_name: image.image_name,
      prediction_id: image.prediction_id,
      hull_zone: image.hull_zone,
      zone_label: zoneLabelOf(image.hull_zone),
      model_version: image.model_version,
      rating: image.rating,
      confidence: image.confidence,
      low_confidence: image.low_confidence,
      reviewed_by: image.reviewed_by,
      quality: image.quality,
      excluded_from_rating: image.excluded_from_rating,
      width: image.prediction.width,
      height: image.prediction.height,
      percentages: image.percentages,
    })),
    excluded_images: sources.rated
      .filter((image) => image.excluded_from_rating)
      .map((image) => ({
        image_id: image.image_id,
        image_name: image.image_name,
        hull_zone: image.hull_zone,
        zone_label: zoneLabelOf(image.hull_zone),
        reasons: image.quality?.reasons ?? [],
      })),
    images_without_prediction: sources.unpredicted.map((image) => ({
      image_id: image.id,
      image_name: image.name,
      hull_zone: image.hull_zone,
    })),
    methods_and_limitations: methodsAndLimitations(
      project,
      sources,
      manifest,
      summary.model
        ? await fleetRatingCheck(db, project.owner, summary.model.id, settings.foulingRating)
        : null,
    ),
    hull_plan: plan,
    plan_pins: pins ? { pins: pins.pins, unplaced: pins.unplaced } : null,
    ga_drawing: gaDrawing,
    checklist,
    areas_not_inspected: notInspected.map((area) => ({
      hull_zone: area.hull_zone,
      zone_label: area.zone_label,
      reason_label: area.not_inspected_reason_label,
      notes: area.notes,
    })),
    fuel_penalty: fuelPenaltyEstimate(project.id, summary.all_zones.rating),
    record_book_entry: {
      entry_type: 'In-water inspection',
      date: project.inspection_date,
      location: project.location,
      vessel: vessel ? `${vessel.name}${vessel.imo_number ? ` (IMO ${vessel.imo_number})` : ''}` : null,
      areas_inspected: summary.zones.map((zone) => zone.zone_label),
      areas_not_inspected: [
        ...notInspected.map(
          (area) => `${area.zone_label}: ${area.not_inspected_reason_label ?? 'not inspected'}`,
        ),
        ...undecided.map((area) => `${area.zone_label}: not recorded`),
      ],
      fouling_found: foundText(sources),
      rating: summary.overall_rating,
      method: methodLabel,
      inspector: project.inspector,
      remarks:
        `Prepared by Hullscope from ${sources.rated.length} analysed photo${sources.rated.length === 1 ? '' : 's'}` +
        `${summary.model ? ` (${summary.model.name} ${summary.model.versions.join(', ')})` : ''}; ` +
        'to be reviewed and signed by the responsible officer before it is entered.',
    },
  };
  return { report, rated: sources.rated, gaDrawingKey: drawing?.storage_key ?? null };
}
