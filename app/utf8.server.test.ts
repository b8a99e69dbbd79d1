import { describe, expect, it } from 'vitest';
import { utf8 } from './utf8.server.ts';

describe('utf8', () => {
  it.each([
    ['ASCII', '<p class="x">Showing 1-24 of 4969 parts</p>'],
    ['Latin-1', '© Parts Hunters MB · Café'],
    ['outside Latin-1', 'Showing 1–24 of 4969 parts, Loading parts…, we’ll'],
    ['a surrogate pair', 'Hitch 🚜 pin'],
    ['empty', ''],
  ])('gives the bytes Buffer.from gives: %s', (_name, text) => {
    expect(utf8(text).equals(Buffer.from(text))).toBe(true);
    expect(utf8(text).toString('utf8')).toBe(text);
  });

  it('writes a lone surrogate as U+FFFD, like Buffer.from, instead of failing', () => {
    const text = `a\ud800b`;
    expect(utf8(text).equals(Buffer.from(text))).toBe(true);
    expect([...utf8(text)]).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
  });
});
