import { defineConfig } from 'vitest/config';

/** `npm run test:fast` (scripts/test-stages.ts) sets this; `npm test` does not. */
const fast = process.env.NESTMARK_FAST_TESTS === '1';

/**
 * The slowest suites, which `npm run test:fast` leaves out and `npm test` runs: each took 5 s or
 * more on a loaded 2-core machine, or waits out a real time limit. Add a suite here when it makes
 * the inner loop drag.
 */
const SLOW = [
  'server/features/bookmarks-io/import-corpus.api.test.ts',
  'server/features/bookmarks-io/import-crash.api.test.ts',
  'server/features/bookmarks-io/bookmarks-io.api.test.ts',
  'server/features/bookmarks-io/account-backup.api.test.ts',
  'server/features/link-preview/preview-queue.api.test.ts',
  'server/features/link-preview/favicon-cache.test.ts',
  'server/features/users/users.api.test.ts',
  'server/features/auth/password-reset.api.test.ts',
  'server/test/fuzz/contract-fuzz.api.test.ts',
  'server/cli/cli.test.ts',
  'server/cli/cli.api.test.ts',
  'web/src/features/tags/tag-rename.test.tsx',
  'web/src/features/posts/bulk-action-bar.test.tsx',
  'web/src/routes/collection.test.tsx',
];
const slow = fast ? SLOW : [];

/**
 * Whether each test file imports its modules afresh. `npm test` isolates every file; the fast run
 * lets the node projects' files share one import of the server per worker, which takes most of
 * their time otherwise (a test that leaks module state would then show only in `npm test`). The
 * web tests replace modules per file (`vi.mock`) and are always isolated.
 */
const isolateNodeTests = !fast;

/**
 * Test projects (ARCHITECTURE.md#tests):
 * - unit: pure logic beside its code (`*.test.ts`), the browser extension's too;
 * - api-sqlite / api-postgres: the same API tests (`*.api.test.ts`) through `app.inject`, once per
 *   database; each test file gets a fresh database (server/test/test-app.ts);
 * - web: React components and hooks in jsdom;
 * - cluster: server processes on one PostgreSQL database behind a proxy (`*.cluster.test.ts`,
 *   `npm run test:cluster`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          isolate: isolateNodeTests,
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'extension/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.cluster.test.ts', ...slow],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          environment: 'node',
          isolate: isolateNodeTests,
          include: ['server/**/*.api.test.ts'],
          exclude: slow,
          env: { NESTMARK_TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          // PostgreSQL is where several processes share files: its run keeps them in the
          // database file store (FILE_STORE=database), SQLite's on disk.
          env: { NESTMARK_TEST_DB: 'postgres', NESTMARK_TEST_FILE_STORE: 'database' },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['server/**/*.cluster.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: slow,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
