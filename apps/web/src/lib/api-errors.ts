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

/** The human reason of an error body: `detail`, or the field messages joined. */
export function messageOf(data: unknown, fallback: string): string {
  if (data !== null && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') {
    return data.detail;
  }
  const fields = fieldErrorsOf(data);
  if (fields) {
    return Object.entries(fields)
      .map(([field, messages]) =>
        field === NON_FIELD_ERRORS ? messages.join(' ') : `${field}: ${messages.join(' ')}`,
      )
      .join(' ');
  }
  return fallback;
}

/** The reason shown after 'text: ' in failure toasts, whatever was thrown. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
