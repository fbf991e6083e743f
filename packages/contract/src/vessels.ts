import { z } from 'zod';
import { id, isoDateTime, messages, optionalText, requiredText } from './common.js';
import { readWholeNumber } from './grouped-numbers.js';
import { VesselInspection } from './inspections.js';
import { particularAnswerFields, particularRequestFields } from './vessel-particulars.js';

/**
 * The IMO ship identification number: seven digits, the last a check digit. The first six are
 * weighted 7, 6, 5, 4, 3, 2; the last digit of their sum is the seventh (9074729: 9·7 + 0·6 + 7·5 +
 * 4·4 + 7·3 + 2·2 = 139, check digit 9).
 */
export function imoCheckDigit(firstSixDigits: string): number {
  let sum = 0;
  for (let index = 0; index < 6; index += 1) sum += Number(firstSixDigits[index]) * (7 - index);
  return sum % 10;
}

export function hasValidImoCheckDigit(digits: string): boolean {
  return /^\d{7}$/.test(digits) && imoCheckDigit(digits) === Number(digits[6]);
}

/** How IMO numbers are written: "9074729", "IMO 9074729", "IMO9074729" (any case of "IMO"). */
const WRITTEN_IMO_NUMBER = /^(?:IMO\s*)?(\d{7})$/i;

/** The seven digits of a well-formed IMO number, whatever its check digit; else null. */
function writtenImoDigits(value: string): string | null {
  return WRITTEN_IMO_NUMBER.exec(value.trim())?.[1] ?? null;
}

/** The seven digits of a well-formed IMO number with a valid check digit, else null. */
export function normaliseImoNumber(value: string): string | null {
  const digits = writtenImoDigits(value);
  return digits !== null && hasValidImoCheckDigit(digits) ? digits : null;
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
  /** Seven digits that fail the check: most often one digit mistyped, so say which digit would fit. */
  wrongImoCheckDigit: (digits: string) =>
    `IMO ${digits}: the check digit should be ${imoCheckDigit(digits)} — please check the number`,
  imoNumberTaken: 'You already have a vessel with this IMO number.',
  invalidCountry: 'Select a valid country.',
  wholeNumber: 'Please enter a whole number',
  ambiguousPoint: (digits: string) =>
    `Please enter a whole number: a point may mark decimals, so write ${digits} or ${Number(digits).toLocaleString('en')}`,
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
    const digits = writtenImoDigits(value);
    if (digits === null) {
      context.issues.push({ code: 'custom', message: vesselMessages.invalidImoNumber, input: value });
      return z.NEVER;
    }
    if (!hasValidImoCheckDigit(digits)) {
      context.issues.push({
        code: 'custom',
        message: vesselMessages.wrongImoCheckDigit(digits),
        input: value,
      });
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

/** Gross tonnage as typed: digits, grouped or not (`readWholeNumber`); blank is null. */
function typedGrossTonnage(value: string, context: z.RefinementCtx): number | null {
  if (value === '') return null;
  const reading = readWholeNumber(value);
  if (reading.kind === 'number') return reading.value;
  const message =
    reading.kind === 'ambiguous-point'
      ? vesselMessages.ambiguousPoint(reading.digits)
      : vesselMessages.wholeNumber;
  context.issues.push({ code: 'custom', message, input: value });
  return z.NEVER;
}

/** The vessel form's text field, a text field like any other first: "24,500" and "24 500" are 24500. */
export const grossTonnageText = optionalText(64).transform(typedGrossTonnage).pipe(grossTonnage.nullable());

/**
 * The API takes the number, or text as a form holds it (issue 45: "24,500" was refused); a client
 * that sends numbers sees no change. One transform rather than a union of the two schemas, whose
 * failure would be zod's "Invalid input" instead of the field's message.
 */
const grossTonnageField = z
  .union([z.number(), z.string()], { error: vesselMessages.wholeNumber })
  .transform((value, context) => {
    const parsed = (typeof value === 'number' ? grossTonnage : grossTonnageText).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      context.issues.push({ code: 'custom', message: issue.message, input: value });
    return z.NEVER;
  })
  .nullable()
  .optional()
  .describe('Whole number from 1 to 1000000; also text with digit groups: "24,500", "24 500", "24\'500"');

export const Vessel = z
  .object({
    id,
    name: z.string(),
    imo_number: z.string().nullable().describe('7 digits'),
    flag: z.string().nullable().describe('ISO 3166-1 alpha-2 code'),
    vessel_type: z.string().nullable(),
    gross_tonnage: z.number().int().nullable(),
    antifouling_system: z.string().nullable(),
    ...particularAnswerFields,
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
  gross_tonnage: grossTonnageField,
  antifouling_system: nullableText(ANTIFOULING_SYSTEM_MAX_LENGTH).describe(
    'Free text, e.g. the coating product and when it was applied',
  ),
  ...particularRequestFields,
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
