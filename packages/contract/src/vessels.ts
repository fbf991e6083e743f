import { z } from 'zod';
import { id, isoDateTime, messages, optionalText, requiredText } from './common.js';
import { VesselInspection } from './inspections.js';

/**
 * The IMO ship identification number: seven digits, the last a check digit. The first six are
 * weighted 7, 6, 5, 4, 3, 2; the last digit of their sum is the seventh (9074729: 9·7 + 0·6 + 7·5 +
 * 4·4 + 7·3 + 2·2 = 139, check digit 9).
 */
export function hasValidImoCheckDigit(digits: string): boolean {
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 6; index += 1) sum += Number(digits[index]) * (7 - index);
  return sum % 10 === Number(digits[6]);
}

/** How IMO numbers are written: "9074729", "IMO 9074729", "IMO9074729" (any case of "IMO"). */
const WRITTEN_IMO_NUMBER = /^(?:IMO\s*)?(\d{7})$/i;

/** The seven digits of a well-formed IMO number with a valid check digit, else null. */
export function normaliseImoNumber(value: string): string | null {
  const digits = WRITTEN_IMO_NUMBER.exec(value.trim())?.[1];
  return digits !== undefined && hasValidImoCheckDigit(digits) ? digits : null;
}

/** The largest ships afloat measure about 240 000 GT; this only keeps typos and overflow out. */
export const MAX_GROSS_TONNAGE = 1_000_000;
export const VESSEL_NAME_MAX_LENGTH = 255;
export const VESSEL_TYPE_MAX_LENGTH = 100;
export const ANTIFOULING_SYSTEM_MAX_LENGTH = 255;

export const vesselMessages = {
  /** The spec's wording for a project's name (§5). */
  name: messages.projectName,
  invalidImoNumber: 'Please enter a valid IMO number',
  imoNumberTaken: 'You already have a vessel with this IMO number.',
  invalidCountry: 'Select a valid country.',
  wholeNumber: 'Please enter a whole number',
  grossTonnageTooSmall: 'Ensure this value is greater than or equal to 1.',
  grossTonnageTooLarge: `Ensure this value is less than or equal to ${MAX_GROSS_TONNAGE}.`,
} as const;

/** Optional text a form may send empty: blank is stored as null ("not given"). */
const nullableText = (maxLength: number) =>
  optionalText(maxLength)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * Optional; blank or null clears it; otherwise normalised to its seven digits. Text like every other
 * field first (no control characters, bounded), then the IMO rule.
 */
const imoNumber = z
  .string({ error: vesselMessages.invalidImoNumber })
  .pipe(optionalText(64))
  .transform((value, context) => {
    if (value === '') return null;
    const digits = normaliseImoNumber(value);
    if (digits === null) {
      context.issues.push({ code: 'custom', message: vesselMessages.invalidImoNumber, input: value });
      return z.NEVER;
    }
    return digits;
  })
  .nullable()
  .optional()
  .describe('IMO number: 7 digits with a valid check digit, "IMO " prefix allowed; stored as the digits');

/**
 * A flag state: an ISO 3166-1 alpha-2 code of GET /api/countries/ (upper-cased here; the API checks
 * that the list has it). Blank or null clears it.
 */
const flag = z
  .string({ error: vesselMessages.invalidCountry })
  .pipe(optionalText(64))
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), vesselMessages.invalidCountry)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .describe('ISO 3166-1 alpha-2 code of GET /api/countries/');

/** Gross tonnage: a whole number from 1 to MAX_GROSS_TONNAGE (the form sends null when blank). */
export const grossTonnage = z
  .number({ error: vesselMessages.wholeNumber })
  .int(vesselMessages.wholeNumber)
  .min(1, vesselMessages.grossTonnageTooSmall)
  .max(MAX_GROSS_TONNAGE, vesselMessages.grossTonnageTooLarge);

export const Vessel = z
  .object({
    id,
    name: z.string(),
    imo_number: z.string().nullable().describe('7 digits'),
    flag: z.string().nullable().describe('ISO 3166-1 alpha-2 code'),
    vessel_type: z.string().nullable(),
    gross_tonnage: z.number().int().nullable(),
    antifouling_system: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    inspections: z
      .array(VesselInspection)
      .optional()
      .describe(
        'The projects naming this vessel with their outcome, oldest inspection first (undated ones last): the fleet view and trend',
      ),
  })
  .meta({ id: 'Vessel' });
export type Vessel = z.infer<typeof Vessel>;
export const VesselList = z.array(Vessel);

const vesselFields = {
  imo_number: imoNumber,
  flag,
  vessel_type: nullableText(VESSEL_TYPE_MAX_LENGTH).describe(
    'Free text, e.g. "Bulk carrier", "Container ship", "Offshore supply vessel"',
  ),
  gross_tonnage: grossTonnage.nullable().optional(),
  antifouling_system: nullableText(ANTIFOULING_SYSTEM_MAX_LENGTH).describe(
    'Free text, e.g. the coating product and when it was applied',
  ),
};

/** `name` is required ('Please enter a name'); every other field is optional and nullable. */
export const VesselCreateRequest = z
  .object({ name: requiredText(vesselMessages.name, VESSEL_NAME_MAX_LENGTH), ...vesselFields })
  .meta({ id: 'VesselCreateRequest' });
export type VesselCreateRequest = z.infer<typeof VesselCreateRequest>;

/** PATCH: the fields sent change, the others stay; null (or blank) clears an optional one. */
export const VesselUpdateRequest = z
  .object({ name: requiredText(vesselMessages.name, VESSEL_NAME_MAX_LENGTH).optional(), ...vesselFields })
  .meta({ id: 'VesselUpdateRequest' });
export type VesselUpdateRequest = z.infer<typeof VesselUpdateRequest>;
