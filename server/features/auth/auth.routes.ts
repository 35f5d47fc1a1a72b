import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../../contract/auth.ts';
import { bearerToken } from '../../http/authentication.ts';
import { bindEndpoint } from '../../http/endpoint.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/** API.md: POST /api/auth/login, /refresh, /logout, /forgot, /reset; GET /api/auth/me. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  passwordReset: PasswordResetService,
): void {
  bindEndpoint(app, authEndpoints.login, async ({ body, request }) => ({
    data: await auth.login(body.email, body.password, request.ip),
  }));
  bindEndpoint(app, authEndpoints.refresh, async ({ request }) => ({
    data: await auth.refresh(bearerToken(request)),
  }));
  bindEndpoint(app, authEndpoints.me, async ({ actor }) => ({ data: await auth.me(actor) }));
  bindEndpoint(app, authEndpoints.logout, ({ actor }) => auth.logout(actor));
  bindEndpoint(app, authEndpoints.forgot, async ({ body, request }) => ({
    data: await passwordReset.requestReset(body.email, request.ip),
  }));
  bindEndpoint(app, authEndpoints.reset, async ({ body }) => ({
    data: await passwordReset.reset(body.email, body.token, body.password),
  }));
}
