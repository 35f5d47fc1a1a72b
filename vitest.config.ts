import { defineConfig } from 'vitest/config';

/**
 * Test projects (ARCHITECTURE.md#tests):
 * - unit: pure logic beside its code (`*.test.ts`);
 * - api-sqlite / api-postgres: the same API tests (`*.api.test.ts`) through `app.inject`, once per
 *   database; each test file gets a fresh database (server/test/test-app.ts);
 * - web: React components and hooks in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          exclude: ['**/*.api.test.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          env: { NESTMARK_TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          env: { NESTMARK_TEST_DB: 'postgres' },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
