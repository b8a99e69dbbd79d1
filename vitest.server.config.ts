/**
 * HTTP tests against the production build run as it runs in production (`node server/index.ts`,
 * one process or several): tests/server/. They open no browser, so they run beside the unit tests
 * (scripts/test.ts) instead of taking a browser worker's turn. Global setup starts the shared server
 * (tests/e2e/support/global-setup.ts, one per worker; here one worker); files that need another
 * configuration start their own. Run with `npm run test:server` after a build (`npm run test:build`).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    // the database tests' setup provides the PostgreSQL URL to the files that start servers on it
    globalSetup: ['tests/support/global-setup.ts', 'tests/e2e/support/global-setup.ts'],
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // one file at a time: they start servers of their own, beside the unit tests
    fileParallelism: false,
  },
});
