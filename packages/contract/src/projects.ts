import { z } from 'zod';
import { id, isoDateTime, messages, multilineText, optionalText, requiredText } from './common.js';

/** How the hull was inspected (issue 18 §2). */
export const INSPECTION_METHODS = ['diver', 'rov', 'drone', 'dry_dock', 'crew_camera', 'other'] as const;
export const InspectionMethod = z.enum(INSPECTION_METHODS, {
  error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
});
export type InspectionMethod = z.infer<typeof InspectionMethod>;
export const inspectionMethodLabels: Record<InspectionMethod, string> = {
  diver: 'Diver',
  rov: 'ROV (remotely operated vehicle)',
  drone: 'Drone',
  dry_dock: 'Dry dock',
  crew_camera: 'Crew camera',
  other: 'Other',
};

/** Underwater visibility during the inspection. */
export const VISIBILITIES = ['good', 'moderate', 'poor'] as const;
export const Visibility = z.enum(VISIBILITIES, {
  error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
});
export type Visibility = z.infer<typeof Visibility>;
export const visibilityLabels: Record<Visibility, string> = {
  good: 'Good',
  moderate: 'Moderate',
  poor: 'Poor',
};

export const INSPECTOR_MAX_LENGTH = 200;

export const inspectionMessages = {
  notYourVessel: 'Select one of your vessels.',
  dateFormat: 'Enter a valid date as YYYY-MM-DD.',
  futureDate: 'The inspection date cannot be in the future.',
} as const;

/**
 * The latest inspection date accepted at `now`: today in the earliest time zone on Earth (UTC+14),
 * so an inspector anywhere can record today's inspection, and nothing later is taken.
 */
export function latestInspectionDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * An inspection date: YYYY-MM-DD naming a day of the calendar (no 2023-02-30), not in the future
 * (see latestInspectionDate).
 */
export const InspectionDate = z.iso
  .date({ error: inspectionMessages.dateFormat })
  .refine((value) => value <= latestInspectionDate(), inspectionMessages.futureDate)
  .describe('ISO 8601 date (YYYY-MM-DD), not in the future');

/**
 * Inspection details (issue 18 §2): in every project answer, null when not recorded. The API always
 * sends them; optional in the schema as additions to the spec's Project (new fields are optional).
 */
const inspectionDetails = {
  vessel: id.nullable().optional().describe("The inspected vessel's id (GET /api/vessels/), or null"),
  inspection_date: z.string().nullable().optional().describe('ISO 8601 date (YYYY-MM-DD) or null'),
  inspection_method: InspectionMethod.nullable().optional(),
  inspector: z.string().nullable().optional().describe('The person or organisation that inspected'),
  visibility: Visibility.nullable().optional(),
};

export const Project = z
  .object({
    id,
    name: z.string(),
    location: z.string(),
    description: z.string().nullable(),
    owner: id,
    created_at: isoDateTime,
    updated_at: isoDateTime,
    ...inspectionDetails,
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;
export const ProjectList = z.array(Project);

const description = multilineText(2000).nullable().optional();

/** The optional inspection fields of a create or update; null (or an empty inspector) clears one. */
const inspectionFields = {
  /** One of the caller's vessels (checked by the API: another's is a 400 on the field). */
  vessel: id.nullable().optional(),
  inspection_date: InspectionDate.nullable().optional(),
  inspection_method: InspectionMethod.nullable().optional(),
  inspector: optionalText(INSPECTOR_MAX_LENGTH)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  visibility: Visibility.nullable().optional(),
};

export const ProjectCreateRequest = z
  .object({
    name: requiredText(messages.projectName),
    location: requiredText(messages.projectLocation),
    description,
    ...inspectionFields,
  })
  .meta({ id: 'ProjectCreateRequest' });
export type ProjectCreateRequest = z.infer<typeof ProjectCreateRequest>;

/** PATCH: every field optional; the `id` the web app sends along is ignored in favour of the path. */
export const ProjectUpdateRequest = z
  .object({
    id: z.number().int().optional(),
    name: requiredText(messages.projectName).optional(),
    location: requiredText(messages.projectLocation).optional(),
    description,
    ...inspectionFields,
  })
  .meta({ id: 'ProjectUpdateRequest' });
export type ProjectUpdateRequest = z.infer<typeof ProjectUpdateRequest>;

export const PredictionCount = z
  .object({ prediction_count: z.number().int().nonnegative() })
  .meta({ id: 'PredictionCount' });
export type PredictionCount = z.infer<typeof PredictionCount>;
