import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, landingAfterSignIn } from './login.schema.ts';

describe('where signing in lands', () => {
  it.each([
    [null, DEFAULT_LANDING],
    ['', DEFAULT_LANDING],
    ['/admin/catalog', '/admin/catalog'],
    ['/admin/catalog?status=draft&page=2', '/admin/catalog?status=draft&page=2'],
    ['/admin/leads/42', '/admin/leads/42'],
    // never the sign-in page itself, another site, a scheme, or a page outside the back office
    ['/admin/login', DEFAULT_LANDING],
    ['/admin/login?redirectTo=/admin/blog', DEFAULT_LANDING],
    ['https://evil.example/admin/leads', DEFAULT_LANDING],
    ['//evil.example/admin/leads', DEFAULT_LANDING],
    ['/admin//evil.example', DEFAULT_LANDING],
    ['/\\evil.example', DEFAULT_LANDING],
    ['javascript:alert(1)', DEFAULT_LANDING],
    ['/catalog', DEFAULT_LANDING],
    ['/admin', DEFAULT_LANDING],
    [`/admin/${'a'.repeat(600)}`, DEFAULT_LANDING],
  ])('%j → %s', (redirectTo, expected) => {
    expect(landingAfterSignIn(redirectTo)).toBe(expected);
  });
});
