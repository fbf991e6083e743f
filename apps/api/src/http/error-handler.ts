import { NON_FIELD_ERRORS, type ValidationErrorBody } from '@hullscope/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.js';

function validationBody(validation: { instancePath: string; message?: string }[]): ValidationErrorBody {
  const body: ValidationErrorBody = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? NON_FIELD_ERRORS;
    (body[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return body;
}

const clientErrorDetails: Record<number, string> = {
  413: 'The request body is too large.',
  415: 'Unsupported media type.',
};

/** Maps every error to the API's shapes: field errors (400) or `{detail}`; internals never leak. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no resource: the same answer as an unknown one.
      if (error.validationContext === 'params') return reply.code(404).send({ detail: 'Not found.' });
      return reply.code(400).send(validationBody(error.validation));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its contract schema',
      );
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        clientErrorDetails[status] ??
        (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON.' : error.message);
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
}
