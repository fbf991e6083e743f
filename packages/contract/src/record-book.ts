import { z } from 'zod';
import { id, isoDateTime } from './common.js';
import { HullPlan } from './hull-plan.js';
import { IMO_RATING_LABELS } from './predictions.js';
import { particularAnswerFields } from './vessel-particulars.js';

/** Where an entry's record is kept: the signed revision and the SHA-256 of its stored report.json. */
export const RecordBookRevision = z
  .object({
    revision: z.number().int().positive(),
    report_sha256: z.string().describe('Of the revision’s report.json, byte for byte as the API sends it'),
    report_json_path: z.string().describe('GET it for the signed report.json itself'),
    signed_at: isoDateTime,
    reopened: z
      .boolean()
      .describe('True when the inspection was reopened after this revision and not signed again since'),
    reopened_at: isoDateTime.nullable(),
    reopen_reason: z.string().nullable(),
  })
  .meta({ id: 'RecordBookRevision' });
export type RecordBookRevision = z.infer<typeof RecordBookRevision>;

export const RecordBookRating = z.object({
  value: z.number().int().min(0).max(4),
  label: z.enum(IMO_RATING_LABELS),
});

export const RecordBookArea = z
  .object({
    area: z.string(),
    rating: RecordBookRating.nullable(),
    rating_source: z.enum(['photos', 'inspector']).nullable(),
    antifouling_condition: z.string(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'RecordBookArea' });

export const RecordBookAreaNotInspected = z
  .object({ area: z.string(), reason: z.string(), notes: z.string().nullable() })
  .meta({ id: 'RecordBookAreaNotInspected' });

export const RecordBookAction = z
  .object({
    urgency: z.string(),
    action: z.string(),
    areas: z.array(z.string()),
    rule: z.string(),
  })
  .meta({ id: 'RecordBookAction' });

/** Who signed: the person in charge the form asks for. */
export const PersonInCharge = z.object({ name: z.string(), position: z.string(), signed_at: isoDateTime });

/**
 * An in-water inspection entry of the IMO Biofouling Record Book (MEPC.378(80), appendix), read from
 * the stored report.json of the inspection's latest signed revision: what was signed, not what the
 * project says now.
 */
export const RecordBookInspectionEntry = z
  .object({
    entry_type: z.literal('inspection'),
    entry_label: z.string().describe('"In-water inspection"'),
    project: id,
    project_name: z.string(),
    date: z.string().nullable().describe('YYYY-MM-DD'),
    location: z.string(),
    method: z.string().nullable(),
    inspected_by: z.string().nullable().describe('The person or company that inspected'),
    visibility: z.string().nullable(),
    areas_inspected: z.array(RecordBookArea),
    areas_not_inspected: z.array(RecordBookAreaNotInspected),
    areas_not_recorded: z
      .array(z.string())
      .describe('Areas neither inspected nor marked not inspected when it was signed'),
    overall_rating: RecordBookRating.nullable(),
    fouling_found: z.string(),
    antifouling_condition: z.string().describe("The coating's condition over the areas assessed"),
    actions: z.array(RecordBookAction).describe('Actions taken or recommended, most urgent first'),
    next_inspection_due: z.string().nullable(),
    person_in_charge: PersonInCharge,
    evidence: z.object({
      photos: z.number().int().nonnegative().describe('Analysed photos in the signed report'),
      report: z.string().describe('The report revision as cited: project, revision and SHA-256'),
    }),
    revision: RecordBookRevision,
    remarks: z.string(),
  })
  .meta({ id: 'RecordBookInspectionEntry' });
export type RecordBookInspectionEntry = z.infer<typeof RecordBookInspectionEntry>;

/** One side of a cleaning: the inspection and, when signed, the revision its entry cites. */
export const CleaningInspectionReference = z
  .object({
    project: id,
    project_name: z.string(),
    date: z.string().nullable(),
    location: z.string(),
    revision: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe('Its latest signed revision; null while that inspection has none'),
    report_sha256: z
      .string()
      .nullable()
      .describe('The SHA-256 of that revision’s report.json; null unless the inspection is signed now'),
    revision_label: z
      .string()
      .optional()
      .describe(
        'How the side is read: "revision N" while signed, "reopened since revision N; compared as it is now", or "not signed"',
      ),
  })
  .meta({ id: 'CleaningInspectionReference' });
export type CleaningInspectionReference = z.infer<typeof CleaningInspectionReference>;

export const RecordBookCleaningEntry = z
  .object({
    entry_type: z.literal('cleaning'),
    entry_label: z.string().describe('"In-water cleaning"'),
    cleaning: id,
    date: z.string().describe('YYYY-MM-DD'),
    location: z.string().nullable().describe("The after-inspection's location"),
    company: z.string(),
    method: z.string(),
    capture: z.boolean(),
    certificate_reference: z.string().nullable(),
    notes: z.string().nullable(),
    before: CleaningInspectionReference,
    after: CleaningInspectionReference,
    recorded_by: z.string().nullable(),
    recorded_at: isoDateTime,
  })
  .meta({ id: 'RecordBookCleaningEntry' });
export type RecordBookCleaningEntry = z.infer<typeof RecordBookCleaningEntry>;

export const RecordBookEntry = z.discriminatedUnion('entry_type', [
  RecordBookInspectionEntry,
  RecordBookCleaningEntry,
]);
export type RecordBookEntry = z.infer<typeof RecordBookEntry>;

/** A vessel's Biofouling Record Book (issue 40 §7): its particulars and its entries, oldest first. */
export const RecordBook = z
  .object({
    generated_at: isoDateTime,
    vessel: z.object({
      id,
      name: z.string(),
      imo_number: z.string().nullable(),
      flag: z.string().nullable(),
      flag_name: z.string().nullable(),
      vessel_type: z.string().nullable(),
      gross_tonnage: z.number().nullable(),
      antifouling_system: z.string().nullable(),
      ...particularAnswerFields,
    }),
    hull_plan: HullPlan.optional().describe(
      'The diagram the Record Book asks for: the underwater hull form in side and bottom views with its niche areas, drawn from the particulars',
    ),
    entries: z.array(RecordBookEntry).describe('Oldest first; undated entries last'),
    notes: z.array(z.string()).describe('What the book holds and what it leaves out'),
  })
  .meta({ id: 'RecordBook' });
export type RecordBook = z.infer<typeof RecordBook>;
