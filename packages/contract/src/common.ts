import { z } from 'zod';

/** Messages shared by the web forms and the server, worded as in spec §5. */
export const messages = {
  required: 'Required',
  invalidEmail: 'Please enter a valid email',
  invalidEmailProfile: 'This is not a valid email.',
  passwordRepeat: 'Password repeat must equal the new password',
  projectName: 'Please enter a name',
  projectLocation: 'Please enter a location',
  controlCharacters: 'This field may not contain control characters.',
  directionControls: 'This field may not contain text-direction control characters.',
} as const;

/**
 * C0 controls (NUL included), DEL and C1 controls: nothing a person types into a form. PostgreSQL
 * refuses NUL in text outright, and the others hide in names and break files built from them.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, but tab, line feed and carriage return, which multi-line text holds. */
const CONTROL_CHARACTER_BUT_LINE_BREAK = /(?![\t\n\r])\p{Cc}/u;
/**
 * Unicode's Bidi_Control: marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F,
 * U+202A–U+202E, U+2066–U+2069). They change the order in which text is shown, so "Hull
 * <U+202E>fdp.exe" reads "Hull exe.pdf": a name could pass for another. Right-to-left scripts need
 * none of them; the bidirectional algorithm orders them by itself.
 */
const DIRECTION_CONTROL = /\p{Bidi_Control}/u;

const noControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);
const tooLong = (maxLength: number) => `Ensure this field has no more than ${maxLength} characters.`;

/** Refuses control and text-direction characters in a line of text shown to people (names, places, codes). */
function asSingleLine(text: z.ZodString) {
  return text
    .refine(noControlCharacters, messages.controlCharacters)
    .refine((value) => !DIRECTION_CONTROL.test(value), messages.directionControls);
}

/**
 * A required, trimmed, non-empty line of text without control or text-direction characters;
 * missing, null and blank all read "Required" (or `message`).
 */
export function requiredText(message: string = messages.required, maxLength = 255) {
  return asSingleLine(z.string({ error: message }).trim().min(1, message).max(maxLength, tooLong(maxLength)));
}

/** An optional line of free text that may be sent empty; no control or text-direction characters. */
export function optionalText(maxLength = 255) {
  return asSingleLine(z.string().trim().max(maxLength, tooLong(maxLength)));
}

/**
 * Free text over several lines (a description): line breaks and tabs are kept, other control
 * characters refused. Text-direction marks are allowed: no one is identified by a description.
 */
export function multilineText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, tooLong(maxLength))
    .refine((value) => !CONTROL_CHARACTER_BUT_LINE_BREAK.test(value), messages.controlCharacters);
}

/**
 * A password: required, and without control characters (which no keyboard types, and PostgreSQL
 * cannot compare). Trimmed as it always was, so existing passwords keep matching; any other
 * character is allowed, text-direction marks included, since a password is never shown.
 */
export function passwordText(maxLength = 256) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(maxLength, tooLong(maxLength))
    .refine(noControlCharacters, messages.controlCharacters);
}

/** Ids are 32-bit integer keys on PostgreSQL: a larger number names nothing (and must not reach it). */
export const MAX_DATABASE_ID = 2_147_483_647;
export const id = z.number().int().positive().max(MAX_DATABASE_ID);
/** Path parameters arrive as strings; a non-numeric or out-of-range id is simply not found. */
export const idParam = z.coerce.number().int().positive().max(MAX_DATABASE_ID);
export const isoDateTime = z.string().describe('ISO 8601 date-time (UTC)');

/** Answer of an action whose body the web app does not use, e.g. registration. */
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** 400: `{ "<field>": ["message", …], "non_field_errors": [...] }`, as the Django REST framework. */
export const ValidationErrorBody = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'ValidationError', description: 'Field name (or non_field_errors) to its messages' });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** 401, 403, 404, 409, 413, 415, 429 and 500: `{ "detail": "message" }`. */
export const DetailErrorBody = z.object({ detail: z.string() }).meta({ id: 'DetailError' });
export type DetailErrorBody = z.infer<typeof DetailErrorBody>;

/** A 400 is field errors, or `{detail}` when the body could not be read at all (e.g. malformed JSON). */
export const BadRequestBody = z.union([ValidationErrorBody, DetailErrorBody]).meta({ id: 'BadRequest' });

export const NON_FIELD_ERRORS = 'non_field_errors';

const invalidInteger = 'A valid integer is required.';

/**
 * A whole number in a query string, worded as the Django REST framework words it. Only digits (and a
 * leading minus, so a negative value reads as out of range): an empty, decimal or repeated value is
 * refused rather than read as 0, NaN or the last one.
 */
export function queryInteger(min: number, max: number) {
  return z
    .string({ error: invalidInteger })
    .regex(/^-?\d{1,16}$/, invalidInteger)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `Ensure this value is greater than or equal to ${min}.`)
        .max(max, `Ensure this value is less than or equal to ${max}.`),
    );
}

/**
 * A yes/no query parameter: `true` or `false` (also 1/0), anything else refused rather than read
 * as false.
 */
export function queryBoolean() {
  return z
    .enum(['true', 'false', '1', '0'], { error: 'Must be a valid boolean.' })
    .transform((value) => value === 'true' || value === '1');
}

/** The most entries one page of `GET /api/projects/?limit=` or `GET /api/vessels/?limit=` holds. */
export const LIST_PAGE_MAX = 500;

/**
 * Optional paging of the project and vessel lists, as the thumbnail list pages: without either
 * parameter the whole list, as the spec describes it. An offset past the end gives an empty page,
 * not an error. Every answer carries the whole list's length in `X-Total-Count`.
 */
export const ListPageQuery = z.object({
  offset: queryInteger(0, MAX_DATABASE_ID).optional(),
  limit: queryInteger(1, LIST_PAGE_MAX).optional(),
});
export type ListPageQuery = z.output<typeof ListPageQuery>;

/**
 * How sure the model was of a prediction (issue 19 §2), on every answer that names a prediction:
 * additive, so the spec's clients can ignore them. Both are null for a prediction made before
 * confidences were recorded.
 */
export const predictionConfidenceFields = {
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .optional()
    .describe(
      "The mean over the image's pixels of each pixel's largest class probability, 0 to 1 (three decimals); null when not recorded",
    ),
  low_confidence: z
    .boolean()
    .nullable()
    .optional()
    .describe(
      "True when confidence is below the server's bound for the photo's quality grade (PREDICTION_LOW_CONFIDENCE_BELOW for a good photo or one never measured, PREDICTION_LOW_CONFIDENCE_BELOW_FAIR for a fair or poor one): poor visibility or a surface unlike what the model learnt; the result should be checked by eye. Null when confidence is",
    ),
  reviewed_by: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Who corrected or accepted the mask (issue 39): shown as "reviewed by <name>" instead of the confidence flag; null while unreviewed',
    ),
};
