import { NON_FIELD_ERRORS, type DetailErrorBody, type ValidationErrorBody } from '@hullscope/contract';

/** An error with a status and a body in the API's error shapes (architecture.md §3). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ValidationErrorBody | DetailErrorBody,
    /** Sent as `Retry-After` (seconds), for 429 and 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'ApiError';
  }
}

/** 400 with messages per field, e.g. `{ username: ['A user with that username already exists.'] }`. */
export function fieldErrors(errors: ValidationErrorBody): ApiError {
  return new ApiError(400, errors);
}

export function nonFieldError(message: string): ApiError {
  return fieldErrors({ [NON_FIELD_ERRORS]: [message] });
}

/** 400 `{detail}`: the request could not be read at all, so no field is to blame. */
export const badRequest = (detail: string) => new ApiError(400, { detail });
export const notFound = (detail = 'Not found.') => new ApiError(404, { detail });
export const unauthorized = (detail: string) => new ApiError(401, { detail });
export const forbidden = (detail: string) => new ApiError(403, { detail });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new ApiError(429, { detail }, retryAfterSeconds);
export const serviceUnavailable = (detail: string) => new ApiError(503, { detail });

/** Collects field messages so a form gets every problem at once, not one per submit. */
export class FieldErrorCollector {
  private readonly errors: ValidationErrorBody = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw fieldErrors(this.errors);
  }
}
