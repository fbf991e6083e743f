import { z } from 'zod';
import { id, multilineText } from './common.js';
import { ActionUrgency, AntifoulingCondition, RuleTrigger } from './decision-rules.js';
import { AreaKind } from './hull-plan.js';
import { HullZone } from './images.js';
import { IMO_RATING_LABELS, IMO_RATING_SCALE } from './predictions.js';

export const NOT_INSPECTED_REASONS = ['not_accessible', 'visibility', 'out_of_scope'] as const;
export const NotInspectedReason = z.enum(NOT_INSPECTED_REASONS, {
  error: `Choose a reason: ${NOT_INSPECTED_REASONS.join(', ')}.`,
});
export type NotInspectedReason = z.infer<typeof NotInspectedReason>;

export const notInspectedReasonLabels: Record<NotInspectedReason, string> = {
  not_accessible: 'Not accessible',
  visibility: 'Visibility too poor',
  out_of_scope: 'Out of scope',
};

export const AREA_STATUSES = ['inspected', 'not_inspected'] as const;
export const AreaStatus = z.enum(AREA_STATUSES, { error: 'Choose inspected or not_inspected.' });
export type AreaStatus = z.infer<typeof AreaStatus>;

export const AREA_NOTES_MAX_LENGTH = 1000;

export const inspectionAreaMessages = {
  reasonRequired: 'Give the reason this area was not inspected.',
  reasonOnlyWhenNotInspected: 'A reason is given only for an area not inspected.',
  ratingWhenNotInspected: 'An area not inspected has no rating.',
  notAnArea: (label: string) => `${label} is not an area of this vessel (see its particulars).`,
} as const;

/** One area's changes: the fields sent change, the others stay; null clears one. */
export const InspectionAreaUpdate = z
  .object({
    status: AreaStatus.nullable().optional().describe('Null: undecided again'),
    not_inspected_reason: NotInspectedReason.nullable().optional(),
    inspector_rating: z
      .number({ error: 'Please enter a rating from 0 to 4' })
      .int('Please enter a rating from 0 to 4')
      .min(0, 'Please enter a rating from 0 to 4')
      .max(4, 'Please enter a rating from 0 to 4')
      .nullable()
      .optional()
      .describe('Entered by the inspector; used where no photo of the area is rated'),
    antifouling_condition: AntifoulingCondition.nullable().optional(),
    notes: multilineText(AREA_NOTES_MAX_LENGTH).nullable().optional(),
  })
  .strict()
  .meta({ id: 'InspectionAreaUpdate' });
export type InspectionAreaUpdate = z.output<typeof InspectionAreaUpdate>;

/** Areas by zone: `{ "sea_chest": { "status": "not_inspected", "not_inspected_reason": "not_accessible" } }`. */
export const InspectionAreasUpdateRequest = z
  .partialRecord(HullZone, InspectionAreaUpdate)
  .meta({ id: 'InspectionAreasUpdateRequest' });
export type InspectionAreasUpdateRequest = z.output<typeof InspectionAreasUpdateRequest>;

export const AreaRating = z
  .object({
    scale: z.literal(IMO_RATING_SCALE),
    value: z.number().int().min(0).max(4),
    label: z.enum(IMO_RATING_LABELS),
    source: z.enum(['photos', 'inspector']).describe('From the analysed photos, or entered by the inspector'),
    macrofouling_percentage: z.number().nullable().describe('Pooled over the photos; null when entered'),
  })
  .meta({ id: 'AreaRating' });
export type AreaRating = z.infer<typeof AreaRating>;

/** A rule that fired: what to do, how soon, and why. */
export const FiredRule = z
  .object({
    trigger: RuleTrigger,
    rule: z.string().describe('The trigger as people read it, e.g. "Rating 2 or worse"'),
    action: z.string(),
    urgency: ActionUrgency,
    urgency_label: z.string(),
    basis: z.string(),
  })
  .meta({ id: 'FiredRule' });
export type FiredRule = z.infer<typeof FiredRule>;

export const InspectionArea = z
  .object({
    hull_zone: HullZone,
    zone_label: z.string(),
    kind: AreaKind,
    status: AreaStatus.nullable().describe('Null while undecided'),
    status_from_photos: z
      .boolean()
      .describe('True when no one decided and the area counts as inspected because it has photos'),
    not_inspected_reason: NotInspectedReason.nullable(),
    not_inspected_reason_label: z.string().nullable(),
    photo_count: z.number().int().nonnegative(),
    rating: AreaRating.nullable(),
    inspector_rating: z.number().int().nullable().describe('As entered, also where photos give the rating'),
    antifouling_condition: AntifoulingCondition,
    antifouling_condition_label: z.string(),
    notes: z.string().nullable(),
    actions: z.array(FiredRule).describe('The rules that fired for this area, most urgent first'),
  })
  .meta({ id: 'InspectionArea' });
export type InspectionArea = z.infer<typeof InspectionArea>;

export const InspectionAction = FiredRule.extend({
  areas: z.array(z.string()).describe('The areas it applies to, by label'),
}).meta({ id: 'InspectionAction' });
export type InspectionAction = z.infer<typeof InspectionAction>;

export const NextInspection = z
  .object({
    due_date: z.string().nullable().describe('YYYY-MM-DD; null without an inspection date'),
    interval_days: z.number().int(),
    interval_is_default: z.boolean().describe('True when the vessel sets no interval of its own'),
    basis: z.string(),
    contingency: z
      .string()
      .nullable()
      .describe('When an action asks for an inspection before the routine date'),
  })
  .meta({ id: 'NextInspection' });
export type NextInspection = z.infer<typeof NextInspection>;

/** The zone and niche checklist of an inspection with the decisions it leads to (issue 40 §3, §4). */
export const InspectionAreas = z
  .object({
    project: id,
    vessel: id.nullable(),
    areas: z.array(InspectionArea).describe("The vessel's areas in hull order"),
    undecided: z.array(HullZone).describe('Areas neither inspected nor marked not inspected'),
    not_inspected: z.array(HullZone),
    actions: z.array(InspectionAction).describe('Every rule that fired, most urgent first'),
    next_inspection: NextInspection,
  })
  .meta({ id: 'InspectionAreas' });
export type InspectionAreas = z.infer<typeof InspectionAreas>;
