import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORTS } from './test/support/browser';
import type { WorkerFixtures } from './test/e2e/support/fixtures';

/**
 * The browser tests (test/e2e, README.md 'Tests'): the embedded site in Debian's Chromium (CHROMIUM_BIN
 * from `infra/local/pulse-local env`; never `playwright install`), at the two widths every page is checked
 * at. A test for one width only is tagged @desktop or @mobile and is not listed in the other project, so
 * nothing is skipped: scripts/e2e-report.js fails the run on any skip, flake or unexpected result.
 */
const chromium = process.env.CHROMIUM_BIN;
if (!chromium) throw new Error('CHROMIUM_BIN is not set: eval "$(infra/local/pulse-local env)"');

export default defineConfig<object, WorkerFixtures>({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  // The server side compiled once for the run; every spec's site starts from it (test/e2e/support/build-site.ts).
  globalSetup: './test/e2e/support/build-site.ts',
  outputDir: 'test/e2e/artifacts/results',
  // Two cores on CI: each worker runs a site and a Chromium.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Real processes on a shared machine: generous, and every wait inside has its own deadline.
  timeout: 180_000,
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list'], ['json', { outputFile: 'test/e2e/artifacts/report.json' }]],
  use: {
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { viewportName: 'desktop', viewport: VIEWPORTS.desktop },
    },
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { viewportName: 'mobile', viewport: VIEWPORTS.mobile },
    },
  ],
});
