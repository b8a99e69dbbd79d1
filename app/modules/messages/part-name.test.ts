import { describe, expect, it } from 'vitest';
import { linePartName, PART_NAME_CHARS, partName, shortPartName } from './part-name.ts';

describe('a short part name', () => {
  it.each([
    // short enough: as written, no ellipsis
    ['Hydraulic pump', 'Hydraulic pump'],
    ['  Alternator  ', 'Alternator'],
    // the first sentence only
    ['Hydraulic pump leaks. Need it fast', 'Hydraulic pump leaks'],
    // cut after the last whole word that fits, with an ellipsis
    [
      'Driver-side headlight assembly cracked after hitting a deer on Highway 12',
      'Driver-side headlight assembly cracked...',
    ],
    ['Hydraulic pump leaks at the shaft seal and the case', 'Hydraulic pump leaks at the shaft seal...'],
    // no comma or dash left before the ellipsis
    [
      'Starter motor, solenoid, bendix, ring gear, and the flywheel',
      'Starter motor, solenoid, bendix, ring...',
    ],
    // brackets flattened: none left to nest inside a text's own
    ['Mirror arm (left) [heated]', 'Mirror arm left heated'],
    ['Headlight (Aftermarket (Depo)), M2', 'Headlight Aftermarket Depo, M2'],
    // one word longer than the room is kept whole, never cut
    ['x'.repeat(50), 'x'.repeat(50)],
    ['', ''],
    [null, ''],
    ['(  )', ''],
  ])('%j → %j', (text, expected) => {
    expect(shortPartName(text)).toBe(expected);
  });

  it('never cuts inside a word, and adds the ellipsis only when it cut', () => {
    const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'.split(' ');
    for (let n = 1; n <= words.length; n++) {
      const text = words.slice(0, n).join(' ');
      const short = shortPartName(text);
      const cut = short.endsWith('...');
      const kept = cut ? short.slice(0, -3) : short;
      expect(cut).toBe(text.length > PART_NAME_CHARS);
      expect(kept.length).toBeLessThanOrEqual(PART_NAME_CHARS);
      // what is kept is whole words of the text, from its start
      expect(text.startsWith(kept)).toBe(true);
      expect([' ', undefined]).toContain(text[kept.length]);
    }
  });
});

describe("a lead's part name", () => {
  it.each([
    [
      { description: 'Hydraulic pump leaks at the shaft seal. Fast' },
      'Hydraulic pump leaks at the shaft seal',
    ],
    [{ description: 'Pump', shortPartName: 'JD 6120 hyd pump' }, 'JD 6120 hyd pump'],
    [{ description: 'Pump', shortPartName: '  ' }, 'Pump'],
    [{ description: null, partNumber: 'RE12345' }, 'RE12345'],
    [{ description: '', partNumber: null }, 'your part'],
  ])('%j → %j', (lead, expected) => {
    expect(partName(lead)).toBe(expected);
  });

  it("names the order's first line by the lead's part name, another line by its own words", () => {
    const lead = { description: 'Driver-side headlight assembly cracked after hitting a deer' };
    const first = { id: 7, part: 'Driver-side headlight, 2016 Freightliner M2 (Aftermarket (Depo))' };
    expect(linePartName(first, 7, lead)).toBe('Driver-side headlight assembly cracked...');
    expect(linePartName({ id: 9, part: 'Bracket (lower), for the headlight' }, 7, lead)).toBe(
      'Bracket lower, for the headlight',
    );
  });
});
