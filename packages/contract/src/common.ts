import { z } from 'zod';

/** Messages shared by the web forms and the server, worded as in spec §5. */
export const messages = {
  required: 'Required',
  invalidEmail: 'Please enter a valid email',
  invalidEmailProfile: 'This is not a valid email.',
  passwordRepeat: 'Password repeat must equal the new password',
  projectName: 'Please enter a name',
  projectLocation: 'Please enter a location',
} as const;

/** A required, trimmed, non-empty string; missing, null and blank all read "Required" (or `message`). */
export function requiredText(message: string = messages.required, maxLength = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(maxLength, `Ensure this field has no more than ${maxLength} characters.`);
}

/** An optional free-text field that may be sent empty. */
export function optionalText(maxLength = 255) {
  return z.string().trim().max(maxLength, `Ensure this field has no more than ${maxLength} characters.`);
}

export const id = z.number().int().positive();
/** Path parameters arrive as strings; a non-numeric id is simply not found. */
export const idParam = z.coerce.number().int().positive();
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
