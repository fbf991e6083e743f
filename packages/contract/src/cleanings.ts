import { z } from 'zod';
import {
  MAX_DATABASE_ID,
  id,
  idParam,
  isoDateTime,
  multilineText,
  optionalText,
  requiredText,
} from './common.js';
import { HullZone } from './images.js';
import { AreaStatus } from './inspection-areas.js';
import { LabelPercentage } from './predictions.js';
import { InspectionDate } from './projects.js';
import { CleaningInspectionReference, RecordBookRating } from './record-book.js';

export const CLEANING_COMPANY_MAX_LENGTH = 200;
export const CLEANING_METHOD_MAX_LENGTH = 200;
export const CLEANING_CERTIFICATE_MAX_LENGTH = 200;
export const CLEANING_NOTES_MAX_LENGTH = 2000;

export const cleaningMessages = {
  sameInspection: 'Choose two different inspections: one before the cleaning and one after.',
  otherVessel: 'This inspection is of another vessel (or names none): choose one of this vessel.',
  undated: 'This inspection has no inspection date: enter it in the project first.',
  beforeAfterAfter: 'The inspection before the cleaning is dated after the inspection after it.',
  dateBeforeBefore: 'The cleaning is dated before the inspection before it.',
  dateAfterAfter: 'The cleaning is dated after the inspection after it.',
  capture: 'Say whether the removed material was captured: true or false.',
  inspection: 'Choose an inspection of this vessel.',
} as const;

/** A project id, with a message a form can show under its field. */
const inspectionId = z
  .number({ error: cleaningMessages.inspection })
  .int(cleaningMessages.inspection)
  .positive(cleaningMessages.inspection)
  .max(MAX_DATABASE_ID, cleaningMessages.inspection);

const nullableOptional = (maxLength: number) =>
  optionalText(maxLength)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const cleaningFields = {
  before: inspectionId.describe('The project inspected before the cleaning'),
  after: inspectionId.describe('The project inspected after the cleaning'),
  date: InspectionDate.describe('The day of the cleaning (YYYY-MM-DD), between the two inspections'),
  company: requiredText(undefined, CLEANING_COMPANY_MAX_LENGTH),
  method: requiredText(undefined, CLEANING_METHOD_MAX_LENGTH).describe(
    'e.g. "ROV brush cart", "Divers with hand tools", "Cavitation jet"',
  ),
  capture: z
    .boolean({ error: cleaningMessages.capture })
    .describe('Whether the removed material was captured'),
  certificate_reference: nullableOptional(CLEANING_CERTIFICATE_MAX_LENGTH),
  notes: multilineText(CLEANING_NOTES_MAX_LENGTH)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
};

/** Issue 40 §6: two inspections of one vessel linked as before and after a cleaning. */
export const CleaningCreateRequest = z.object(cleaningFields).strict().meta({ id: 'CleaningCreateRequest' });
export type CleaningCreateRequest = z.output<typeof CleaningCreateRequest>;

/** The fields sent change; null clears an optional one. */
export const CleaningUpdateRequest = z
  .object(cleaningFields)
  .partial()
  .strict()
  .meta({ id: 'CleaningUpdateRequest' });
export type CleaningUpdateRequest = z.output<typeof CleaningUpdateRequest>;

export const CleaningParams = z.object({ id: idParam, cleaningId: idParam });

export const Cleaning = z
  .object({
    id,
    vessel: id,
    before: CleaningInspectionReference,
    after: CleaningInspectionReference,
    date: z.string().describe('YYYY-MM-DD'),
    company: z.string(),
    method: z.string(),
    capture: z.boolean(),
    certificate_reference: z.string().nullable(),
    notes: z.string().nullable(),
    created_by: z.string().nullable().describe('The name of who recorded it, kept if they leave'),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Cleaning' });
export type Cleaning = z.infer<typeof Cleaning>;
export const CleaningList = z.array(Cleaning);

/** A zone as one inspection saw it: its status, rating, coverage per class and its worst photo. */
export const ComparisonSide = z
  .object({
    status: AreaStatus.nullable().describe('Null: not in that inspection’s checklist or undecided'),
    not_inspected_reason: z.string().nullable(),
    rating: RecordBookRating.nullable(),
    rating_source: z.enum(['photos', 'inspector']).nullable(),
    macrofouling_percentage: z.number().nullable(),
    coverage: z.array(LabelPercentage).describe("Each class's share of the zone's hull surface"),
    photo_count: z.number().int().nonnegative(),
    photo: z
      .object({
        image_id: id,
        image_name: z.string(),
        thumbnail: z.string().nullable().describe('data:image/jpeg;base64 URL of its thumbnail'),
      })
      .nullable()
      .describe("The zone's worst photo"),
  })
  .meta({ id: 'ComparisonSide' });
export type ComparisonSide = z.infer<typeof ComparisonSide>;

export const CLEANING_OUTCOMES = ['improved', 'unchanged', 'worse', 'not_comparable'] as const;
export const cleaningOutcomeLabels: Record<(typeof CLEANING_OUTCOMES)[number], string> = {
  improved: 'Improved',
  unchanged: 'Unchanged',
  worse: 'Worse',
  not_comparable: 'Not comparable',
};

export const ZoneComparison = z
  .object({
    hull_zone: HullZone,
    zone_label: z.string(),
    before: ComparisonSide,
    after: ComparisonSide,
    outcome: z.enum(CLEANING_OUTCOMES).describe('From the ratings; not comparable where either has none'),
  })
  .meta({ id: 'ZoneComparison' });
export type ZoneComparison = z.infer<typeof ZoneComparison>;

/** The before/after comparison per zone, in the spirit of ISO/DIS 6319 (issue 40 §6). */
export const CleaningComparison = z
  .object({
    cleaning: Cleaning,
    overall: z.object({ before: RecordBookRating.nullable(), after: RecordBookRating.nullable() }),
    zones: z
      .array(ZoneComparison)
      .describe('In hull order: every zone either inspection rated, photographed or decided'),
    notes: z.array(z.string()),
  })
  .meta({ id: 'CleaningComparison' });
export type CleaningComparison = z.infer<typeof CleaningComparison>;
