import { z } from 'zod';
import { envelope } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

const count = z.number().int().nonnegative();

/**
 * What `GET /api/health` found (docs/API.md, health). Every check passed, or the answer is a 503
 * naming the failing ones; `status` stays for clients that read only it.
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  checks: z.object({
    /** A trivial query answered, in this many milliseconds. */
    database: z.object({ status: z.literal('ok'), latency_ms: z.number().nonnegative() }),
    /** The store of uploaded images, thumbnails and favicons may be read and written. */
    file_store: z.object({ status: z.literal('ok') }),
    /** Background work waiting across all processes of the database (at most a few seconds old). */
    jobs: z.object({
      /** Link posts outside the recycle bin whose preview is still to be fetched. */
      previews_pending: count,
      /** Bookmark imports running. */
      imports_running: count,
    }),
  }),
});

export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary:
      'Liveness and readiness: 200 with the database latency, the file store and the job backlog when the database and the file store answer; 503 naming the failing check when not.',
    auth: 'none',
    status: 200,
    response: envelope(healthSchema),
  }),
};
