import { z } from 'zod';

/** A positive integer id in a path, e.g. `/api/posts/{id}`; anything else is a 400. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * A boolean in a query string: `true`/`1` are true, `false`/`0` false; anything else is a 400.
 * The client may pass a real boolean, which URLSearchParams turns into `true`/`false`.
 */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** UTC instant as ISO-8601 text, e.g. `2026-11-22T13:41:00.000Z`. */
export const timestamp = z.string();

/** Every successful JSON body is `{ "data": … }` (DESIGN.md, wire format). */
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
