import { describe, expect, it } from 'vitest';
import {
  cutAtWord,
  DESCRIPTION_MAX,
  fitDescription,
  fitExactTitle,
  fitTitle,
  squashSpaces,
  TITLE_MAX,
} from './text-fit.ts';

const LONG_WORD = 'Averyveryveryveryveryveryveryveryveryveryverylongwordwithnospaces';

/** True when `fitted` ends with a whole word or sentence of `original` (or is `original` itself). */
function endsAtWord(original: string, fitted: string): boolean {
  // all of it, or its whole sentences
  if (fitted === squashSpaces(original)) return true;
  if (squashSpaces(original).startsWith(fitted) && /[.!?]$/.test(fitted)) return true;
  const kept = fitted.slice(0, -1);
  const next = squashSpaces(original).charAt(kept.length);
  return fitted.endsWith('…') && squashSpaces(original).startsWith(kept) && (next === ' ' || /\W/.test(next));
}

describe('cutAtWord', () => {
  it.each([
    ['a short text is unchanged', 'Trailer parts in Brandon.', 30, 'Trailer parts in Brandon.'],
    ['a text of exactly the limit is unchanged', 'abcde fghij', 11, 'abcde fghij'],
    [
      'a long text is cut at the last word that fits',
      'Trailer parts shipped across Manitoba',
      24,
      'Trailer parts shipped…',
    ],
    ['the cut never splits a word', 'Hydraulic cylinders and hoses', 20, 'Hydraulic cylinders…'],
    ['a cut that falls right after a word keeps it', 'Hitch pins and clips', 11, 'Hitch pins…'],
    ['a trailing comma is trimmed before the ellipsis', 'Hubs, drums, bearings, seals', 14, 'Hubs, drums…'],
    [
      'a sentence that ends in the last third of the room ends the text, with its full stop',
      'Same-day quotes. Text us a photo now',
      20,
      'Same-day quotes.',
    ],
    ['a dangling ampersand and its space are trimmed', 'Hydraulics & fittings in Brandon', 14, 'Hydraulics…'],
    ['a closing quote is kept', 'Ask for the “Dan” special today', 23, 'Ask for the “Dan”…'],
    ['a trailing dash is trimmed', 'Lights – LED and incandescent', 12, 'Lights…'],
    ['a dangling little word is dropped', 'Get a parts quote in minutes today', 24, 'Get a parts quote…'],
    [
      'a clause that ends in the last third of the room is where the cut goes',
      'Text a photo of your part for an all-in price and ETA, with delivery across Central Manitoba.',
      80,
      'Text a photo of your part for an all-in price and ETA…',
    ],
    [
      'a clause that ends early is not: the last word that fits is',
      'Axles, hubs and drums for trailers of every size across Manitoba',
      40,
      'Axles, hubs and drums for trailers…',
    ],
    [
      "an abbreviation's full stop ends no sentence",
      'Delivered weekly to Niverville and Ste. Anne and Lorette',
      50,
      'Delivered weekly to Niverville and Ste. Anne…',
    ],
    ['a single long word is cut at the limit', LONG_WORD, 20, `${LONG_WORD.slice(0, 19)}…`],
    ['whitespace runs count as one space', 'Trailer\n   parts  here', 30, 'Trailer parts here'],
  ])('%s', (_name, text, max, expected) => {
    const cut = cutAtWord(text, max);
    expect(cut).toBe(expected);
    expect(cut.length).toBeLessThanOrEqual(max);
  });
});

describe('fitDescription: at most 160 characters, cut at a word', () => {
  it('keeps a description that fits, word for word', () => {
    const text =
      'Hydraulic cylinders, hoses and fittings in Brandon, quoted the same day. Text a photo of your part for an all-in price and ETA.';
    expect(fitDescription(text)).toBe(text);
    const exactly = `${'word '.repeat(31)}abcde`;
    expect(exactly).toHaveLength(DESCRIPTION_MAX);
    expect(fitDescription(exactly)).toBe(exactly);
  });

  it.each([
    'Trailer axles, hubs, drums and bearings in Portage la Prairie, quoted the same day. Text a photo of your part for an all-in price and ETA, with delivery across Central Manitoba.',
    `${'Grease the hubs before winter. '.repeat(8)}Done.`,
    `${'x'.repeat(150)} ${'y'.repeat(30)}`,
    'A'.repeat(400),
  ])('cuts a long one within 160 at a word boundary: %#', (text) => {
    const fitted = fitDescription(text);
    expect(fitted.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(fitted.endsWith('…') || squashSpaces(text).startsWith(fitted)).toBe(true);
    if (/\s/.test(text)) expect(endsAtWord(text, fitted)).toBe(true);
    expect(fitted).not.toMatch(/[\s,;:.–-]…$/);
  });
});

describe('fitExactTitle: a title taken as written, within 60', () => {
  it.each([
    ['keeps one that fits', '404 Page Not Found', '404 Page Not Found'],
    [
      "drops an author's ' | brand' first",
      'How to Identify a Trailer Axle by Its Tag | Manitoba Trailer Parts',
      'How to Identify a Trailer Axle by Its Tag',
    ],
    [
      'then cuts at a word',
      'The Complete Guide to Choosing Hydraulic Hoses for Farm Equipment in Manitoba',
      'The Complete Guide to Choosing Hydraulic Hoses for Farm…',
    ],
    ['a single long word', LONG_WORD, `${LONG_WORD.slice(0, TITLE_MAX - 1)}…`],
  ])('%s', (_name, title, expected) => {
    expect(fitExactTitle(title)).toBe(expected);
    expect(fitExactTitle(title).length).toBeLessThanOrEqual(TITLE_MAX);
  });
});

describe('fitTitle with a site name that leaves no room', () => {
  it('gives the page its own words rather than a title that is all brand', () => {
    const name = 'The Manitoba Agricultural and Trailer Parts Sourcing Company Ltd';
    expect(fitTitle('Parts Sourcing', name)).toBe('Parts Sourcing');
    expect(fitTitle('Parts Sourcing', name).length).toBeLessThanOrEqual(TITLE_MAX);
  });
});
