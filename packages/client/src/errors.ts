/**
 * What goes wrong talking to a Hullscope server, as three kinds a caller can tell apart: the server
 * answered with an error, the server could not be reached, or its answer did not match the contract.
 */

/** A non-2xx answer: its status, its parsed body, and the server's own words as the message. */
export class HullscopeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'HullscopeApiError';
  }

  /** `{field: [messages]}`, the API's 400 shape; null for any other body. */
  get fieldErrors(): Record<string, string[]> | null {
    return fieldErrorsOf(this.body);
  }
}

/** No answer at all: the server is down, the address is wrong, or the connection broke. */
export class HullscopeNetworkError extends Error {
  constructor(
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`Could not reach ${url}: ${reasonOf(cause)}`);
    this.name = 'HullscopeNetworkError';
  }
}

/** A 2xx answer whose body does not match the contract: client and server versions differ. */
export class HullscopeResponseError extends Error {
  constructor(
    readonly schemaName: string,
    readonly issues: unknown,
  ) {
    super(`The server's answer does not match ${schemaName}: is the client older or newer than the server?`);
    this.name = 'HullscopeResponseError';
  }
}

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

/**
 * The API's message: `{detail}` for most errors, `{field: [messages]}` for invalid input (each
 * message after its field's name, so the reader knows which one), else the fallback.
 */
export function messageOf(data: unknown, fallback: string): string {
  if (data !== null && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') {
    return data.detail;
  }
  const fields = fieldErrorsOf(data);
  if (!fields) return typeof data === 'string' && data.trim() ? data.trim().slice(0, 500) : fallback;
  return Object.entries(fields)
    .flatMap(([field, messages]) =>
      messages.map((message) => (field === 'non_field_errors' ? message : `${field}: ${message}`)),
    )
    .join('\n');
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    // Node's fetch hides the reason (ECONNREFUSED, ENOTFOUND) in `cause`.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return `${error.message} (${cause.message})`;
    return error.message;
  }
  return String(error);
}
