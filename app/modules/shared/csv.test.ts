import { describe, expect, it } from 'vitest';
import {
  BOM,
  csvDateTime,
  csvDay,
  CsvSyntaxError,
  neutralizeFormula,
  parseCsv,
  restoreFormula,
  toCsv,
} from './csv.ts';

describe('CSV writing', () => {
  it('quotes commas, quotes and line breaks, uses CRLF and starts with a BOM', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', null, 7, '']])).toBe(
      `${BOM}a,"b,c","say ""hi""","two\nlines",,7,\r\n`,
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['safe = text', 'safe = text'],
    ['12.50', '12.50'],
  ])('neutralizes formulas: %j → %j', (cell, safe) => {
    expect(neutralizeFormula(cell)).toBe(safe);
    expect(restoreFormula(neutralizeFormula(cell))).toBe(cell);
  });

  it('never lets a formula reach a spreadsheet cell unescaped', () => {
    const csv = toCsv([['=1+1', '@cmd', '+x', '-y']]);
    expect(parseCsv(csv)).toEqual([["'=1+1", "'@cmd", "'+x", "'-y"]]);
  });

  it('writes what staff see without an apostrophe: phones, times, names, negative numbers', () => {
    expect(parseCsv(toCsv([['(204) 555-0147', '2026-11-24 14:30', 'Safety & Compliance', -12.5]]))).toEqual([
      ['(204) 555-0147', '2026-11-24 14:30', 'Safety & Compliance', '-12.5'],
    ]);
    // a number a spreadsheet would run as a formula keeps its guard
    expect(parseCsv(toCsv([['+442079460958']]))).toEqual([["'+442079460958"]]);
  });

  it("leaves an apostrophe that does not guard a formula alone on import ('s Hertogenbosch)", () => {
    expect(restoreFormula("'s Hertogenbosch")).toBe("'s Hertogenbosch");
  });
});

describe('times in exports (America/Winnipeg)', () => {
  it.each([
    // winter: UTC-6
    ['2026-01-15T20:05:59.999Z', '2026-01-15 14:05'],
    // summer: UTC-5
    ['2026-07-01T04:30:00.000Z', '2026-06-30 23:30'],
    // the night daylight time begins: 01:59 CST, then 03:00 CDT
    ['2026-03-08T07:59:00.000Z', '2026-03-08 01:59'],
    ['2026-03-08T08:00:00.000Z', '2026-03-08 03:00'],
  ])('%s → %s', (iso, local) => {
    expect(csvDateTime(iso)).toBe(local);
  });

  it('keeps an empty time empty', () => {
    expect(csvDateTime(null)).toBeNull();
  });

  it("names a file by Winnipeg's date, not UTC's (an evening export)", () => {
    expect(csvDay(new Date('2026-11-25T03:30:00.000Z'))).toBe('2026-11-24');
    expect(csvDay(new Date('2026-11-25T06:30:00.000Z'))).toBe('2026-11-25');
  });
});

describe('CSV reading', () => {
  it.each([
    [
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [`${BOM}a,b\n`, [['a', 'b']]],
    ['"x, y","he said ""no"""\n', [['x, y', 'he said "no"']]],
    ['"multi\nline",z\n', [['multi\nline', 'z']]],
    [
      'a,,c\n\n\n1,2,3\n',
      [
        ['a', '', 'c'],
        ['1', '2', '3'],
      ],
    ],
    ['only\n', [['only']]],
    ['a,"",c', [['a', '', 'c']]],
  ])('%j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('round-trips whatever it writes', () => {
    const rows = [
      ['sku', 'title', 'specs'],
      ['PH-1', 'Axle, 7,000 lb "heavy"', 'Capacity: 7,000 lb\nBrakes: 12 in'],
      ['PH-2', '=cmd|/c calc', ''],
    ];
    expect(parseCsv(toCsv(rows)).map((r) => r.map(restoreFormula))).toEqual(rows);
  });

  it.each([
    ['a,"open\n1,2', 'A quoted field is never closed', 1],
    ['a,b\n"x"y,2', 'Unexpected text after a closing quote', 2],
  ])('reports broken quoting with the row: %j', (text, message, row) => {
    expect(() => parseCsv(text)).toThrow(CsvSyntaxError);
    try {
      parseCsv(text);
    } catch (err) {
      expect(err).toMatchObject({ message, row });
    }
  });
});
