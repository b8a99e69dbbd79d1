import { describe, expect, it } from 'vitest';
import { isPageNavigation } from './fetch-metadata.ts';

describe('a page navigation, by fetch metadata', () => {
  it.each([
    [
      'a link followed (Chrome, Firefox, Safari)',
      { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' },
      true,
    ],
    [
      'a form posted from the page',
      { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' },
      true,
    ],
    [
      'a link on another site',
      { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' },
      true,
    ],
    ['no metadata at all (an older browser, curl, a link checker)', {}, true],
    [
      'an <img> on another site',
      { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' },
      false,
    ],
    [
      'an <img> on the page itself',
      { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'same-origin' },
      false,
    ],
    [
      'an <iframe> on another site',
      { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' },
      false,
    ],
    [
      "a script's fetch()",
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' },
      false,
    ],
    [
      'a <script src>',
      { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' },
      false,
    ],
    ['the destination in capitals', { 'sec-fetch-dest': 'Document' }, true],
    [
      'a mode without a destination: navigate',
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' },
      true,
    ],
    [
      'a mode without a destination: no-cors',
      { 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' },
      false,
    ],
    ['only a site', { 'sec-fetch-site': 'cross-site' }, false],
  ])('%s → %s', (_what, headers, expected) => {
    expect(isPageNavigation(headers)).toBe(expected);
  });
});
