import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../contract/endpoint.ts';

/** How the OpenAPI document names the three kinds of Bearer credential. */
const SCHEMES = {
  accessToken: 'accessToken',
  personalAccessToken: 'personalAccessToken',
  shareToken: 'shareToken',
} as const;

const DESCRIPTION = `The HTTP API of Nestmark (docs/API.md). Every call takes and answers JSON; errors are \`{"error": {"code", "message", "fields"}}\`.

**Personal access tokens** are for scripts, the command line and browser extensions. Make one under
My Account → Access tokens (or \`POST /api/tokens\` from a signed-in session); it is shown once.
Send it as a Bearer token:

\`\`\`sh
curl -H "Authorization: Bearer nm_…" "https://nestmark.example/api/posts?limit=10"
curl -H "Authorization: Bearer nm_…" "https://nestmark.example/api/posts/check?url=https://example.com/"
\`\`\`

A \`read\` token may call every GET; a \`write\` token every call but managing tokens, users, passwords
and email addresses, which only a signed-in session may do. Choose **Authorize** above to try the
calls here with one.`;

/**
 * The OpenAPI security requirement of an endpoint: which Bearer credentials it takes (see
 * `registerAuthentication`): none, or a session's access token, a personal access token unless
 * `sessionOnly`, and a share token where `user-or-share`.
 */
export function securityOf(
  endpoint: Pick<Endpoint, 'auth' | 'sessionOnly'>,
): Record<string, string[]>[] | undefined {
  if (endpoint.auth === 'none') return undefined;
  return [
    { [SCHEMES.accessToken]: [] },
    ...(endpoint.sessionOnly ? [] : [{ [SCHEMES.personalAccessToken]: [] }]),
    ...(endpoint.auth === 'user-or-share' ? [{ [SCHEMES.shareToken]: [] }] : []),
  ];
}

/**
 * The API's description, generated from the contract's schemas as routes are bound: register this
 * before any route, and serve it with {@link registerApiDocs}.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Nestmark API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SCHEMES.accessToken]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token of a signed-in session (`POST /api/auth/login`): lives 60 minutes, renewed with `POST /api/auth/refresh`.',
          },
          [SCHEMES.personalAccessToken]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'nm_…',
            description:
              'A personal access token (`nm_` and 43 characters), made under My Account or with `POST /api/tokens`. Scope `read`: GET calls only; `write`: every call but token, user, password and email management (403). Expired or revoked: 401.',
          },
          [SCHEMES.shareToken]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of an active public share: reads what the share opens.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/**
 * The description served: OpenAPI 3 at `GET /api/openapi.json`, and the same document readable at
 * `/api/docs` (Swagger UI, served from the package's files: no third-party origin, within the
 * app's Content-Security-Policy). Registered after the rate limit, which then counts these too.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: 'Nestmark API' },
    uiConfig: { validatorUrl: null, deepLinking: true, persistAuthorization: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
