import { z } from 'zod';
import { ReviewCounts } from './review.js';
import { Signature } from './sign-off.js';
import {
  MAX_DATABASE_ID,
  id,
  isoDateTime,
  predictionConfidenceFields,
  queryBoolean,
  queryInteger,
} from './common.js';
import { FuelPenaltyEstimate, PowerRange } from './fuel-penalty.js';
import { GaDrawing } from './ga-drawing.js';
import { HullPlan } from './hull-plan.js';
import { PlanPins } from './plan-positions.js';
import { HullZone } from './images.js';
import { InspectionAreas } from './inspection-areas.js';
import { FoulingRating, IMO_RATING_LABELS, IMO_RATING_SCALE, LabelPercentage } from './predictions.js';
import { InspectionMethod, Visibility } from './projects.js';
import { imageQualityField } from './quality.js';
import { particularAnswerFields } from './vessel-particulars.js';

/**
 * Which predictions an inspection summary or report reads: one model and one resolution. Either may
 * be left out: the pair with the most predictions in the project (of that model or resolution) is
 * taken.
 */
export const InspectionSummaryQuery = z.object({
  model: queryInteger(1, MAX_DATABASE_ID).optional(),
  resolution: queryInteger(1, MAX_DATABASE_ID).optional(),
  include_poor: queryBoolean()
    .optional()
    .describe(
      "true: count photos of poor quality in ratings and pooled figures; false: leave them out. Absent: the server's RATINGS_INCLUDE_POOR_PHOTOS (default false)",
    ),
});
export type InspectionSummaryQuery = z.output<typeof InspectionSummaryQuery>;

/** Which photos the PDF shows (issue 45 §2): the key ones (default) or every analysed photo. */
export const REPORT_PHOTO_CHOICES = ['key', 'all'] as const;

export const ReportPdfQuery = InspectionSummaryQuery.extend({
  photos: z
    .enum(REPORT_PHOTO_CHOICES)
    .optional()
    .describe(
      'key (default): the worst photo of each zone and every flagged (low-confidence) photo; all: every analysed photo. report.json always holds all',
    ),
});
export type ReportPdfQuery = z.output<typeof ReportPdfQuery>;

export const inspectionSummaryMessages = {
  unknownModel: 'This project has no predictions of this model.',
  unknownResolution: 'This project has no predictions at this resolution.',
} as const;

/** One image in a summary: its latest prediction of the summary's model and resolution. */
export const InspectedImage = z
  .object({
    image_id: id,
    image_name: z.string(),
    prediction_id: id,
    hull_zone: HullZone.nullable(),
    model_version: z.string().describe('Of the model when this prediction was made'),
    rating: FoulingRating.nullable().describe('Null when the image shows no hull surface to rate'),
    ...predictionConfidenceFields,
    quality: imageQualityField(),
    excluded_from_rating: z
      .boolean()
      .optional()
      .describe(
        "True when the photo's quality is poor and poor photos are left out: shown, but not in its zone's rating",
      ),
  })
  .meta({ id: 'InspectedImage' });
export type InspectedImage = z.infer<typeof InspectedImage>;

export const ZoneSummary = z
  .object({
    hull_zone: HullZone.nullable().describe('Null for the images not assigned to a zone, pooled as one row'),
    zone_label: z.string(),
    image_count: z.number().int().nonnegative().describe("The zone's images"),
    predicted_count: z
      .number()
      .int()
      .nonnegative()
      .describe('Those with a prediction of the summary model and resolution'),
    coverage: z
      .array(LabelPercentage)
      .describe("Each class's share of the zone's hull surface, weighted by pixels over its images"),
    rating: FoulingRating.nullable().describe(
      'From the pooled coverage; null when nothing in the zone was rated',
    ),
    worst_image: InspectedImage.nullable(),
    images: z.array(InspectedImage).describe('Worst first: highest rating, then most macrofouling'),
    excluded_count: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Predicted photos of poor quality left out of the coverage and rating'),
    rests_on_fair_or_poor: z
      .boolean()
      .optional()
      .describe('True when every photo the rating counts is of fair or poor quality'),
    review: ReviewCounts.optional().describe('How many of the analysed photos a person reviewed (issue 39)'),
  })
  .meta({ id: 'ZoneSummary' });
export type ZoneSummary = z.infer<typeof ZoneSummary>;

export const PredictionPair = z
  .object({
    model: id,
    model_name: z.string(),
    resolution: id,
    resolution_name: z.string(),
    predictions: z.number().int().nonnegative(),
  })
  .meta({ id: 'PredictionPair' });
export type PredictionPair = z.infer<typeof PredictionPair>;

export const InspectionSummary = z
  .object({
    project: id,
    model: z
      .object({ id, name: z.string(), versions: z.array(z.string()) })
      .nullable()
      .describe('Null when the project has no predictions yet'),
    resolution: z.object({ id, name: z.string(), display_name: z.string() }).nullable(),
    available: z
      .array(PredictionPair)
      .describe("The project's model and resolution pairs, most predictions first"),
    zones: z.array(ZoneSummary).describe('In hull order (HULL_ZONES), unassigned images last'),
    all_zones: ZoneSummary.omit({ hull_zone: true, worst_image: true, images: true }).describe(
      "Every image pooled: the inspection's coverage (for trends)",
    ),
    overall_rating: FoulingRating.nullable().describe('The worst zone rating'),
    worst_zone: HullZone.nullable()
      .optional()
      .describe('The zone the overall rating comes from (null: unassigned)'),
    poor_photos_included: z
      .boolean()
      .optional()
      .describe(
        'Whether photos of poor quality count in the ratings (include_poor, else the server default)',
      ),
    signature: Signature.nullable()
      .optional()
      .describe('The signature while the inspection is signed (issue 39 §4); null when open'),
  })
  .meta({ id: 'InspectionSummary' });
export type InspectionSummary = z.infer<typeof InspectionSummary>;

/** The IMO MEPC.378(80) scale as reports print it: each value with its meaning. */
export const IMO_RATING_DESCRIPTIONS = [
  'No fouling: the surface is entirely clean, no biofilm visible.',
  'Microfouling only: slime (biofilm) may cover the surface; no macrofouling.',
  'Light macrofouling: macrofouling covers 1 to 15 % of the surface.',
  'Medium macrofouling: macrofouling covers 16 to 40 % of the surface.',
  'Heavy macrofouling: macrofouling covers 41 to 100 % of the surface.',
] as const;

export const RatingBand = z.object({
  value: z.number().int().min(0).max(4),
  label: z.enum(IMO_RATING_LABELS),
  description: z.string(),
});

export const ReportImage = InspectedImage.extend({
  zone_label: z.string(),
  width: z.number().int().positive().describe('Of the prediction (the image resized to the resolution)'),
  height: z.number().int().positive(),
  percentages: z.array(LabelPercentage),
}).meta({ id: 'ReportImage' });
export type ReportImage = z.infer<typeof ReportImage>;

/**
 * The inspection report (issue 18 §6): the JSON record; the PDF is a rendering of exactly this.
 * Version 1; fields are only ever added.
 */
export const InspectionReport = z
  .object({
    report_version: z.literal(1),
    generated_at: isoDateTime,
    revision: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('The revision this report is or will be signed as (issue 39 §4)'),
    signature: Signature.omit({ report_sha256: true })
      .nullable()
      .optional()
      .describe('Who signed this revision; the SHA-256 of this JSON is kept with the revision'),
    project: z.object({ id, name: z.string(), location: z.string(), description: z.string().nullable() }),
    operator: z
      .object({
        name: z.string(),
        address: z.array(z.string()).describe('Street lines, then postcode and city, then the country'),
        tax_id: z.string().nullable(),
      })
      .nullable()
      .optional()
      .describe(
        "The account's company record: who operates the vessel and had it inspected. Null while it has no name",
      ),
    vessel: z
      .object({
        id,
        name: z.string(),
        imo_number: z.string().nullable(),
        flag: z.string().nullable(),
        flag_name: z.string().nullable(),
        vessel_type: z.string().nullable(),
        gross_tonnage: z.number().nullable(),
        antifouling_system: z.string().nullable(),
        ...particularAnswerFields,
      })
      .nullable(),
    inspection: z.object({
      date: z.string().nullable().describe('YYYY-MM-DD'),
      method: InspectionMethod.nullable(),
      method_label: z.string().nullable(),
      inspector: z.string().nullable(),
      visibility: Visibility.nullable(),
      visibility_label: z.string().nullable(),
    }),
    model: z
      .object({
        id,
        name: z.string(),
        version: z.string().describe('The versions of the predictions read, joined with ", "'),
        description: z.string().nullable(),
        validated_on_real_photos: z.boolean(),
      })
      .nullable(),
    resolution: z.object({ id, name: z.string(), display_name: z.string() }).nullable(),
    rating_scale: z.object({
      scale: z.literal(IMO_RATING_SCALE),
      bands: z.array(RatingBand),
      microfouling_min_percent: z
        .number()
        .int()
        .describe('Microfouling below this whole percent of the surface counts as clean'),
    }),
    summary: InspectionSummary.omit({ available: true }),
    images: z.array(ReportImage).describe('Every predicted image, by zone (hull order) then worst first'),
    excluded_images: z
      .array(
        z.object({
          image_id: id,
          image_name: z.string(),
          hull_zone: HullZone.nullable(),
          zone_label: z.string(),
          reasons: z.array(z.string()),
        }),
      )
      .optional()
      .describe('Photos of poor quality left out of the ratings, with why'),
    images_without_prediction: z.array(
      z.object({ image_id: id, image_name: z.string(), hull_zone: HullZone.nullable() }),
    ),
    methods_and_limitations: z.array(z.string()),
    hull_plan: HullPlan.nullable()
      .optional()
      .describe("The vessel's drawn plan (issue 40 §1); null when the inspection names no vessel"),
    ga_drawing: GaDrawing.nullable()
      .optional()
      .describe("The vessel's own GA drawing with its zone rectangles, printed in place of the drawn plan"),
    plan_pins: PlanPins.omit({ plan: true })
      .nullable()
      .optional()
      .describe('The photos as numbered pins on `hull_plan` (issue 40 §2); null without a plan'),
    checklist: InspectionAreas.optional().describe(
      'Every area inspected or not, with ratings, actions and the next inspection (issue 40 §3, §4)',
    ),
    areas_not_inspected: z
      .array(
        z.object({
          hull_zone: HullZone,
          zone_label: z.string(),
          reason_label: z.string().nullable(),
          notes: z.string().nullable(),
        }),
      )
      .optional(),
    fuel_penalty: FuelPenaltyEstimate.optional().describe('An estimate, with its source (issue 40 §5)'),
    record_book_entry: z
      .object({
        entry_type: z.literal('In-water inspection'),
        date: z.string().nullable(),
        location: z.string(),
        vessel: z.string().nullable(),
        areas_inspected: z.array(z.string()),
        areas_not_inspected: z
          .array(z.string())
          .optional()
          .describe('Each as "Area: reason"; areas left undecided are listed as such'),
        fouling_found: z.string(),
        rating: FoulingRating.nullable(),
        method: z.string().nullable(),
        inspector: z.string().nullable(),
        remarks: z.string(),
      })
      .describe('A pre-filled Biofouling Record Book entry (IMO MEPC.378(80), Appendix 2 style)'),
  })
  .meta({ id: 'InspectionReport' });
export type InspectionReport = z.infer<typeof InspectionReport>;

/**
 * One inspection of a vessel (a project naming it) with its outcome, for the fleet view and the
 * vessel's trend (issue 18 §7): the overall rating and the macrofouling of all its zones pooled, from
 * the project's most used model and resolution.
 */
export const VesselInspection = z
  .object({
    project: id,
    project_name: z.string(),
    inspection_date: z.string().nullable().describe('YYYY-MM-DD, or null when not recorded'),
    location: z.string(),
    inspection_method: InspectionMethod.nullable(),
    inspector: z.string().nullable(),
    photos: z.number().int().nonnegative(),
    analysed_photos: z.number().int().nonnegative(),
    overall_rating: FoulingRating.nullable(),
    macrofouling_percentage: z
      .number()
      .nullable()
      .describe('Of the hull surface of all its analysed photos pooled; null when none was rated'),
    added_power_estimate: PowerRange.nullable()
      .optional()
      .describe(
        'An estimate of the added shaft power in percent (GET /api/projects/{id}/fuel-penalty/ gives its source and assumptions); null when none was rated',
      ),
  })
  .meta({ id: 'VesselInspection' });
export type VesselInspection = z.infer<typeof VesselInspection>;
