/**
 * One Chromium for each worker of the browser suite, launched once for the run instead of once per
 * test file (vitest.e2e.config.ts): a file connects to its worker's browser (launchBrowser() in
 * ./browser.ts), and closing that connection closes the contexts the file opened, so each file
 * still starts with no page, cookie or storage of another. Launching and closing Chromium cost
 * about 2 s of processor time; the suite launched it some 35 times (decision 0185).
 */
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Playwright endpoints of the shared browsers, one per worker (VITEST_POOL_ID 1…maxWorkers) */
    browserEndpoints: string[];
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  const browsers: BrowserServer[] = await Promise.all(
    Array.from({ length: workers }, () => chromium.launchServer(CHROMIUM_OPTIONS)),
  );
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  return async function teardown() {
    await Promise.all(browsers.map((browser) => browser.close()));
  };
}
