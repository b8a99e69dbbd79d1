import { describe, expect, it } from 'vitest';
import { withoutLinkToken } from './lead-links.ts';

describe('a private link written down', () => {
  it("leaves the token out of the page's, its data's and its photos' addresses, and nothing else", () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv_-';
    expect(withoutLinkToken(`/q/${token}`)).toBe('/q/[token]');
    expect(withoutLinkToken(`/q/${token}?latest=1`)).toBe('/q/[token]?latest=1');
    expect(withoutLinkToken(`/q/${token}.data`)).toBe('/q/[token].data');
    expect(withoutLinkToken(`/q/${token}/photos/2`)).toBe('/q/[token]/photos/2');
    expect(withoutLinkToken('/q/not-a-token-but-secret-anyway')).toBe('/q/[token]');
    expect(withoutLinkToken('/catalog?q=/q/x')).toBe('/catalog?q=/q/x');
    expect(withoutLinkToken('/quote')).toBe('/quote');
  });
});
