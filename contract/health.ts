import { z } from 'zod';
import { envelope } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and readiness: 200 when the database answers, 503 when it does not.',
    auth: 'none',
    status: 200,
    response: envelope(z.object({ status: z.literal('ok') })),
  }),
};
