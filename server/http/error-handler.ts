import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../contract/common.ts';
import { AppError } from '../lib/errors.ts';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'VALIDATION',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

function body(code: ErrorCode, message: string, fields?: Record<string, string[]>): ApiErrorBody {
  return { error: { code, message, ...(fields && { fields }) } };
}

/**
 * Fastify's own refusals before any route runs (its `frameworkErrors`): a path that is not valid
 * percent-encoded UTF-8, or a path parameter longer than the router takes. Both are the client's
 * mistake: 400 in the usual shape (Fastify would answer its own shape, and 414 for the second).
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the path is too long.'
      : 'The path is not a valid URL.';
  void reply.code(400).send(body('VALIDATION', message));
}

/**
 * Renders every failure as `{ error: { code, message, fields? } }` (ARCHITECTURE.md#wire-format):
 * our AppErrors with their status; schema validation as 400 with a message per field; Fastify's
 * own 4xx (malformed JSON, body too large, wrong content type) with their status; anything else
 * as a logged 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = path || (error.validationContext ?? 'body');
        (fields[key] ??= []).push(issue.message ?? 'is invalid');
      }
      const [field, messages] = Object.entries(fields)[0] ?? ['request', []];
      const message = `${field}: ${messages[0] ?? 'is invalid'}`;
      return reply.code(400).send(body('VALIDATION', message, fields));
    }
    const status = error.statusCode ?? 500;
    const code = codeByStatus[status];
    if (status >= 400 && status < 500 && code) {
      return reply.code(status).send(body(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong on the server.'));
  });
}
