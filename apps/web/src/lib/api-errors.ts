import { NON_FIELD_ERRORS } from '@hullscope/contract';

/** A non-2xx answer: the status, the parsed body and a message fit for 'text: {reason}' toasts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 2xx answer whose body does not match the contract schema. */
export class ApiValidationError extends Error {
  constructor(readonly schemaName: string) {
    super(`API Validation Error: ${schemaName}`);
    this.name = 'ApiValidationError';
  }
}

/** `{field: [messages]}`, the 400 shape of the API; null for anything else. */
export function fieldErrorsOf(data: unknown): Record<string, string[]> | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const entries = Object.entries(data);
  if (entries.length === 0) return null;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of entries) {
    if (!Array.isArray(messages) || !messages.every((message) => typeof message === 'string')) return null;
    fields[field] = messages;
  }
  return fields;
}

/** A form's labels by API field name; a field without one is named from its API name. */
export type FieldLabels = Readonly<Record<string, string>>;

/** `old_password` → 'Old password': never an API name in front of a user. */
function fieldLabel(field: string, labels: FieldLabels): string {
  const label = labels[field] ?? field.replace(/_/g, ' ').replace(/\d+$/, ' (repeated)');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * Every message of a 400 field-error body, each on its own and in front of it the field's label
 * (none for `non_field_errors`); empty for any other body.
 */
export function fieldMessagesOf(data: unknown, labels: FieldLabels = {}): string[] {
  const fields = fieldErrorsOf(data);
  if (!fields) return [];
  return Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((message) =>
      // An empty label: the messages name their subject themselves (an upload's file names).
      field === NON_FIELD_ERRORS || labels[field] === ''
        ? message
        : `${fieldLabel(field, labels)}: ${message}`,
    ),
  );
}

/** The human reason of an error body: `detail`, or the field messages one after another. */
export function messageOf(data: unknown, fallback: string): string {
  if (data !== null && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') {
    return data.detail;
  }
  const messages = fieldMessagesOf(data);
  return messages.length > 0 ? messages.join('\n') : fallback;
}

/** The reason shown after 'text: ' in failure toasts, whatever was thrown. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
