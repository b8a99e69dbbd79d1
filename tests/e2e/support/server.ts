/** Where the server that global setup started answers. */
import { inject } from 'vitest';

/** Origin of the server under test (also its BASE_URL), e.g. http://127.0.0.1:41234 */
export const baseUrl = (): string => inject('baseUrl');

/** Absolute URL of a path on the server under test. */
export const urlOf = (path: string): string => new URL(path, baseUrl()).toString();
