import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_LAUNCH_OPTIONS,
  E2E_PAGES_PORT,
  E2E_PORT,
  OWNER,
  SMTP_PORT,
} from './e2e/fixtures.ts';

const PORT = E2E_PORT;

/**
 * Browser journeys against the production build (`npm run build`), served by the real server
 * on SQLite in a throwaway data directory, with a page server for link previews beside it
 * (e2e/e2e-server.mjs). Chromium is Debian's (`/usr/bin/chromium`); Playwright never downloads a
 * browser. Mails go to the SMTP server of the global setup (e2e/global-setup.ts).
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  timeout: 60_000,
  workers: 1,
  // On CI (a shared, loaded machine) a journey that fails once runs once more; the report still
  // names it flaky, so a timing problem is seen and fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: 'rm -rf e2e/.run-data && node e2e/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      E2E_PAGES_PORT: String(E2E_PAGES_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'e2e/.run-data',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'Nestmark <nestmark@nestmark.test>',
      LOG_LEVEL: 'warn',
    },
  },
});
