import type { ErrorCode } from '../../contract/common.ts';

/**
 * An error the API answers with a 4xx JSON body `{ error: { code, message, fields? } }`.
 * Services throw these; the error handler (server/http/error-handler.ts) renders them.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Response headers that belong to the error, e.g. `retry-after` of a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400: the request is malformed or a field is invalid. */
export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError(400, 'VALIDATION', message, fields);

/** 401: missing, invalid or expired credentials. */
export const unauthenticated = (message = 'Authentication required.') =>
  new AppError(401, 'UNAUTHENTICATED', message);

/** 403: the actor is known and may see the thing, but may not do this. */
export const forbidden = (message = 'You may not do this.') =>
  new AppError(403, 'FORBIDDEN', message);

/** 404: it does not exist, or the actor may not know it exists. */
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found.`);

/** 409: it conflicts with existing data. */
export const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError(409, 'CONFLICT', message, fields);

/** 413: the upload is larger than the configured limit. */
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);

/** 422: well-formed, but not something that can be done. */
export const unprocessable = (message: string, fields?: Record<string, string[]>) =>
  new AppError(422, 'UNPROCESSABLE', message, fields);

/** 429: too many attempts; the client may try again after `retryAfterSeconds` (`Retry-After`). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
