/**
 * The browser suite: real Chromium against the production build served by `node server/index.ts`
 * on a fresh database, one server per worker (see tests/e2e/support/global-setup.ts). Run with `npm run test:e2e`, which
 * builds first. No React Router plugin here: the tests drive the built site over HTTP only.
 * (package.json "imports" such as #app/* resolve natively if a test ever needs them.)
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // the database tests' setup provides the PostgreSQL URL to the files that start servers on it
    // (then the shared servers and the shared browsers, one of each per worker)
    globalSetup: [
      'tests/support/global-setup.ts',
      'tests/e2e/support/global-setup.ts',
      'tests/e2e/support/browser-setup.ts',
    ],
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    // a stop for a test that hangs, not a speed check (speed is the benchmarks', decision 0162): a
    // whole lead's life in the back office took 30 s on a shared machine that ran slow that day
    testTimeout: 60_000,
    // expect.poll waits as long as a Playwright action does (10 s, tests/e2e/support/browser.ts),
    // not its default 1 s: a photo check after the form's island hydrated took longer on a busy machine
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Two files at a time (the machines have 2 cores; E2E_WORKERS changes it), each driving its
    // worker's Chromium (tests/e2e/support/browser-setup.ts) against its worker's shared server
    // (tests/e2e/support/global-setup.ts).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS || 2),
    // the files of a worker share its module cache (Playwright's client, the support modules), as
    // the unit tests' do (vite.config.ts); each file still connects its own browser and makes its own
    // contexts and servers: about 0.5 s of processor time less per file (decision 0185)
    isolate: false,
  },
});
