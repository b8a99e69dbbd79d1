import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId } from './row-id.ts';

describe('parseRowId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    [42, 42],
    ['2147483647', MAX_ROW_ID],
  ])('%j → %d', (raw, id) => {
    expect(parseRowId(raw)).toBe(id);
  });

  it.each([
    '0',
    '-1',
    '2147483648',
    '9999999999',
    '99999999999999999999',
    '+1',
    ' 1',
    '1 ',
    '1e0',
    '1.0',
    '0x1',
    '',
    'abc',
    0,
    1.5,
    2 ** 31,
    Number.NaN,
    undefined,
    null,
    ['1'],
  ])('%j names no row', (raw) => {
    expect(parseRowId(raw)).toBeUndefined();
  });
});
