import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerApiTokenRoutes } from './features/api-tokens/api-tokens.routes.ts';
import { createApiTokensService } from './features/api-tokens/api-tokens.service.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createPasswordResetService } from './features/auth/password-reset.service.ts';
import { createAccountBackupService } from './features/bookmarks-io/account-backup.service.ts';
import { createBookmarksIoService } from './features/bookmarks-io/bookmarks-io.service.ts';
import { registerBookmarksIoRoutes } from './features/bookmarks-io/bookmarks-io.routes.ts';
import { createImportJobsService } from './features/bookmarks-io/import-jobs.service.ts';
import { createCollectionsService } from './features/collections/collections.service.ts';
import { registerCollectionRoutes } from './features/collections/collections.routes.ts';
import { createFileStore } from './features/files/file-store.ts';
import { registerFileRoutes } from './features/files/files.routes.ts';
import { createFilesService } from './features/files/files.service.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { createHealthService } from './features/health/health.service.ts';
import { registerMetrics } from './features/metrics/metrics.routes.ts';
import { registerFeedRoutes } from './features/feeds/feeds.routes.ts';
import { createFeedsService } from './features/feeds/feeds.service.ts';
import { createFaviconCache } from './features/link-preview/favicon-cache.ts';
import { createGuardedFetcher, type LinkFetcher } from './features/link-preview/guarded-fetcher.ts';
import { registerLinkPreviewRoutes } from './features/link-preview/link-preview.routes.ts';
import { createLinkPreviewService } from './features/link-preview/link-preview.service.ts';
import { createPreviewWorker, type PreviewWorker } from './features/link-preview/preview-worker.ts';
import { registerPageCopyRoutes } from './features/page-copies/page-copies.routes.ts';
import { copyCapsOf } from './features/page-copies/copy-caps.ts';
import { createExtractionPool } from './features/page-copies/extraction-pool.ts';
import { createPageCopyBackup } from './features/page-copies/page-copies.backup.ts';
import { createPageCopiesService } from './features/page-copies/page-copies.service.ts';
import {
  createPageCopyWorker,
  type PageCopyWorker,
} from './features/page-copies/page-copy-worker.ts';
import { createPostsService } from './features/posts/posts.service.ts';
import { registerPostRoutes } from './features/posts/posts.routes.ts';
import { registerShareRoutes } from './features/shares/shares.routes.ts';
import { createSharesService } from './features/shares/shares.service.ts';
import { createTagsService } from './features/tags/tags.service.ts';
import { registerRecycleBinRoutes } from './features/recycle-bin/recycle-bin.routes.ts';
import {
  createRecycleBinService,
  scheduleRecycleBinPurge,
} from './features/recycle-bin/recycle-bin.service.ts';
import { registerTagRoutes } from './features/tags/tags.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { registerApiDocs, registerOpenApi } from './http/api-docs.ts';
import { registerAuthentication } from './http/authentication.ts';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { serializeRequest } from './http/request-log.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerForegroundRequests } from './http/foreground.ts';
import { registerRequestTextRule } from './http/request-text.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { contractCompilers } from './http/serializer.ts';
import { registerWebApp } from './http/web-app.ts';
import type { Clock } from './lib/clock.ts';
import { createLogMailer, createSmtpMailer, type Mailer } from './lib/mailer.ts';

export interface AppDependencies {
  config: Config;
  db: Db;
  clock: Clock;
  /** Default: SMTP from `config.smtpUrl` / `config.mailFrom`, else mails go to the log. */
  mailer?: Mailer;
  /** Directory of the built web app (`dist/web`); undefined serves the API only. */
  webRoot?: string;
  /** Request logging at `config.logLevel`; off in tests. Default on. */
  logging?: boolean;
  /** Where log lines go (JSON) instead of stdout; tests read them. */
  logStream?: { write(line: string): void };
  /**
   * Every outbound HTTP request (link previews, their images, favicons) goes through this
   * SSRF-guarded fetcher. Default: `createGuardedFetcher()`, which reaches public addresses only.
   * Tests and the e2e server pass one with a test-only allowance for their local page server; the
   * app closes only a fetcher it created.
   */
  fetcher?: LinkFetcher;
  /**
   * Fill link previews in the background as posts are saved, and resume pending ones at start
   * (default true). Tests and benchmarks turn it off and run `app.previews.drain()` themselves.
   */
  backgroundPreviews?: boolean;
  /**
   * Make page copies in the background (default true). Tests turn it off and run
   * `app.pageCopies.drain()` themselves.
   */
  backgroundCopies?: boolean;
  /**
   * Check every JSON response against its contract schema (see responseSerializerCompiler):
   * tests turn it on, so a response that breaks the contract fails a test. Default off.
   */
  strictResponses?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The link preview worker (see AppDependencies.backgroundPreviews). */
    previews: PreviewWorker;
    /** The page copy worker (see AppDependencies.backgroundCopies). */
    pageCopies: PageCopyWorker;
  }
}

/**
 * The one composition root: builds every service from its dependencies and binds every route.
 * Tests call it with a fresh database and drive it through `app.inject`.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  const app = Fastify({
    logger:
      deps.logging === false
        ? false
        : {
            level: config.logLevel,
            // Reset and share links carry tokens in their query: never into the log.
            serializers: { req: serializeRequest },
            ...(deps.logStream
              ? { stream: deps.logStream }
              : // Readable lines for a person at a terminal; JSON lines for log collectors.
                process.stdout.isTTY && {
                  transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
                }),
          },
    // Long enough for any post body; uploads have their own limit (multipart).
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    // `/api/tags/` is `/api/tags`: clients of the original API add the slash (docs/API.md).
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    schemaController: {
      compilersFactory: contractCompilers({ strict: deps.strictResponses === true }),
    },
  });
  registerErrorHandler(app);
  registerForegroundRequests(app);
  registerRequestTextRule(app);
  await registerSecurityHeaders(app, { httpsOnly: config.appUrl.startsWith('https:') });

  await registerOpenApi(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.importMaxBytes, files: 1, fields: 10 },
  });

  const auth = createAuthService({ db, clock, jwtSecret: config.jwtSecret });
  const shares = createSharesService({ db, clock });
  const apiTokens = createApiTokensService({ db, clock });
  registerAuthentication(app, {
    user: (token) => auth.authenticate(token),
    share: (token) => shares.authenticate(token),
    apiToken: (token) => apiTokens.authenticate(token),
  });
  await registerRateLimit(app, config.rateLimitPerMinute, { db, clock });

  const mailer =
    deps.mailer ??
    (config.smtpUrl && config.mailFrom
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createLogMailer(app.log));
  const passwordReset = createPasswordResetService({
    db,
    clock,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
  });
  // Mails still on their way are handed over before the server stops.
  app.addHook('onClose', () => passwordReset.settle());

  const fetcher = deps.fetcher ?? createGuardedFetcher();
  const store = await createFileStore(config.fileStore, {
    dataDir: config.dataDir,
    db,
    clock,
    s3: config.s3,
  });
  const files = createFilesService({
    db,
    clock,
    store,
    uploadMaxBytes: config.uploadMaxBytes,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  const favicons = createFaviconCache({ store, fetcher });
  const linkPreviews = createLinkPreviewService({ fetcher, favicons, files, clock });
  const extraction = createExtractionPool({ threads: config.copyConcurrency });
  const copyCaps = copyCapsOf(config);
  const pageCopies = createPageCopiesService({
    db,
    clock,
    fetcher,
    store,
    files,
    extraction,
    caps: copyCaps,
    accountMaxBytes: config.copiesAccountMaxBytes,
  });
  const copyWorker = createPageCopyWorker({
    db,
    clock,
    copies: pageCopies,
    log: app.log,
    concurrency: config.copyConcurrency,
    onHostFreed: () => previews.kick(),
  });
  app.decorate('pageCopies', copyWorker);
  const previews = createPreviewWorker({
    db,
    clock,
    previews: linkPreviews,
    files,
    log: app.log,
    concurrency: config.previewConcurrency,
    leaseMs: config.previewLeaseMs,
    pageCopies: {
      queue: (trx, postId) => pageCopies.queueAfterPreview(trx, postId),
      kick: copyWorker.kick,
    },
  });
  app.decorate('previews', previews);
  app.addHook('onReady', (done) => {
    if (deps.backgroundPreviews !== false) previews.start();
    if (deps.backgroundCopies !== false) copyWorker.start();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all([previews.stop(), copyWorker.stop()]);
    await extraction.close();
    if (!deps.fetcher) await fetcher.close();
  });

  const posts = createPostsService({ db, clock, onPreviewDue: previews.kick });
  const health = createHealthService({
    db,
    clock,
    store,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  // Before every other route: with METRICS_TOKEN set it times all of them.
  await registerMetrics(app, config.metricsToken, {
    db,
    health,
    previews,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  registerHealthRoutes(app, health);
  registerAuthRoutes(app, auth, passwordReset);
  registerApiTokenRoutes(app, apiTokens);
  registerUserRoutes(
    app,
    createUsersService({ db, clock, files, pageCopies, mailer, log: app.log }),
  );
  registerPostRoutes(app, posts);
  registerPageCopyRoutes(app, pageCopies, copyWorker);
  registerCollectionRoutes(app, createCollectionsService({ db, clock }));
  registerTagRoutes(app, createTagsService({ db, clock }));
  registerShareRoutes(app, shares);
  const recycleBin = createRecycleBinService({ db, clock, files, pageCopies });
  registerRecycleBinRoutes(app, recycleBin);
  if (config.recycleBinDays !== undefined) {
    const stopPurge = scheduleRecycleBinPurge({
      recycleBin,
      db,
      clock,
      days: config.recycleBinDays,
      log: app.log,
    });
    app.addHook('onClose', (_app, done) => {
      stopPurge();
      done();
    });
  }
  registerFileRoutes(app, files, config);
  registerLinkPreviewRoutes(app, linkPreviews, favicons);
  // Imports run in the background: at start, the ones a dead process left are marked failed;
  // on close, running ones roll back before the database closes.
  const imports = createImportJobsService({
    db,
    clock,
    logError: (error, message) => app.log.error({ err: error }, message),
    onPreviewsDue: previews.kick,
  });
  await imports.recoverInterrupted();
  app.addHook('onClose', () => imports.close());
  registerBookmarksIoRoutes(
    app,
    {
      imports,
      bookmarksIo: createBookmarksIoService({ db, clock, appUrl: config.appUrl }),
      backups: createAccountBackupService({
        db,
        clock,
        files,
        copies: createPageCopyBackup({
          db,
          clock,
          store,
          caps: copyCaps,
          accountMaxBytes: config.copiesAccountMaxBytes,
        }),
        onPreviewsDue: previews.kick,
        onCopiesDue: copyWorker.kick,
      }),
    },
    config,
  );
  registerFeedRoutes(
    app,
    createFeedsService({
      db,
      clock,
      appUrl: config.appUrl,
      shareActor: (token) => shares.authenticate(token),
    }),
  );
  await registerApiDocs(app);

  await registerWebApp(app, deps.webRoot);
  return app;
}
