/** The pause before the cluster's primary replaces a dead worker. */
import { expect, it } from 'vitest';
import { createRestartBackoff } from './cluster.ts';

const options = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

it('doubles the pause for each worker that dies soon after it started, up to the maximum', () => {
  const backoff = createRestartBackoff(options);
  expect([1, 2, 3, 4, 5, 6, 7].map(() => backoff.next(500))).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
  ]);
});

it('starts again from the shortest pause after a worker that had run for a while', () => {
  const backoff = createRestartBackoff(options);
  backoff.next(500);
  backoff.next(500);
  expect(backoff.next(59_999)).toBe(4_000);
  expect(backoff.next(60_000)).toBe(1_000);
  expect(backoff.next(10)).toBe(2_000);
});
