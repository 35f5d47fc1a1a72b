import { z } from 'zod';

/**
 * Largest id, order number or position the API takes: PostgreSQL's `integer` is 32-bit signed, and
 * both databases must answer alike (a larger one is a 400, never a database error).
 */
export const INTEGER_MAX = 2 ** 31 - 1;

/**
 * A whole number from `min` to {@link INTEGER_MAX}, written as a JSON number or as its decimal
 * digits in a string (`12` or `"12"`: paths and queries are text, and some clients send body ids
 * as strings). Anything else is a 400: `"1.5"`, `"1e3"`, `""`, `" 1"`, `"abc"`, `-1`.
 */
function wholeNumber(min: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]+$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(INTEGER_MAX));
}

/** The one schema of an id wherever the API takes one: path, query or body. */
export const id = wholeNumber(1);

/** An id, or 0 where 0 means Uncategorized (PRODUCT.md#entities). */
export const idOrZero = wholeNumber(0);

/** A positive integer id in a path, e.g. `/api/posts/{id}`; anything else is a 400. */
export const idParams = z.object({ id });

/**
 * A boolean in a query string: `true`/`1` are true, `false`/`0` false; anything else is a 400.
 * The client may pass a real boolean, which URLSearchParams turns into `true`/`false`.
 */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** UTC instant as ISO-8601 text, e.g. `2026-11-22T13:41:00.000Z`. */
export const timestamp = z.string();

/** Every successful JSON body is `{ "data": … }` (ARCHITECTURE.md#wire-format). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** Error codes, one per HTTP status family the API uses. */
export const errorCodes = [
  'VALIDATION', // 400
  'UNAUTHENTICATED', // 401
  'FORBIDDEN', // 403
  'NOT_FOUND', // 404
  'CONFLICT', // 409
  'PAYLOAD_TOO_LARGE', // 413
  'UNSUPPORTED_MEDIA_TYPE', // 415
  'UNPROCESSABLE', // 422
  'RATE_LIMITED', // 429
  'INTERNAL', // 500
  'UNAVAILABLE', // 503
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error body: `{ "error": { code, message, fields? } }`; `fields` maps a field path to messages. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
