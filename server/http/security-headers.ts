import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { contractCompilers } from './serializer.ts';

/**
 * Browser features no page of Nestmark uses, switched off for it and anything it embeds. The
 * clipboard (copying a share link) is left as browsers set it.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * Security headers on every response (helmet's, worked out once by @fastify/helmet; SECURITY.md):
 * - Content-Security-Policy: scripts, styles, fonts, workers and API calls from Nestmark's own
 *   origin only, no inline script (web/index.html loads everything from files), no plugins, no
 *   framing by other sites (`frame-ancestors 'none'`), forms and `<base>` to itself. Images may
 *   come from any https origin, because notes embed images by address; `data:` and `blob:` for
 *   the editor's and the icons' inline images. Inline styles stay allowed: React, Tiptap and the
 *   toasts set `style` attributes, which cannot run code.
 * - `X-Frame-Options: DENY` for browsers without CSP 3, `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: no-referrer` (addresses of a self-hosted instance are nobody's business),
 *   a Permissions-Policy, and Strict-Transport-Security only when the app is served over https
 *   (`httpsOnly`, from `APP_URL`), so plain-http home servers keep working.
 * Routes that send their own Content-Security-Policy (stored files: `default-src 'none';
 * sandbox`) keep it: a route's headers are set after these.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { httpsOnly }: { httpsOnly: boolean },
): Promise<void> {
  const headers = Object.entries(
    await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(httpsOnly && { upgradeInsecureRequests: [] }),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: httpsOnly ? { maxAge: 180 * 24 * 60 * 60 } : false,
      // Cross-origin isolation would block images that notes embed from other sites.
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', async (_request, reply) => {
    // As helmet sets them, on the response itself.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * The headers @fastify/helmet sets with `options`, worked out once at start: the plugin builds
 * helmet's middleware anew for every request (parsing the policy again each time), which took a
 * quarter of the time of a page of posts on SQLite. None of them depends on the request.
 */
async function helmetHeaders(options: FastifyHelmetOptions) {
  // With the app's compilers: Fastify would load its default ones (ajv) for this alone.
  const probe = Fastify({
    schemaController: { compilersFactory: contractCompilers({ strict: false }) },
  });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', (_request, reply) => reply.getHeaders());
    return (await probe.inject('/')).json<Record<string, string | number | string[]>>();
  } finally {
    await probe.close();
  }
}
