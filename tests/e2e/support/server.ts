/** Where the shared server that global setup started for this file's worker answers. */
import { inject } from 'vitest';

/**
 * Origin of the server under test (also its BASE_URL), e.g. http://127.0.0.1:41234: the shared
 * server of the worker running this file (VITEST_POOL_ID is 1…maxWorkers, different for files
 * running at the same time), so two files running at once never share a server.
 */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[worker - 1];
  if (!url) throw new Error(`No shared server for worker ${worker} (${urls.length} started)`);
  return url;
};

/** Absolute URL of a path on the server under test. */
export const urlOf = (path: string): string => new URL(path, baseUrl()).toString();
