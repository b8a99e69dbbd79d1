import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId, ROW_ID_MESSAGE, rowIdSchema } from './row-id.ts';

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

describe('rowIdSchema', () => {
  it('gives the id, and refuses what parseRowId refuses with its message or the field’s own', () => {
    expect(rowIdSchema().parse('42')).toBe(42);
    expect(rowIdSchema().parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    for (const raw of [2 ** 31, '2147483648', 1e30, -1, 1.5, 'abc', '', undefined, null]) {
      expect(
        rowIdSchema()
          .safeParse(raw)
          .error?.issues.map((i) => i.message),
      ).toEqual([ROW_ID_MESSAGE]);
      expect(rowIdSchema('Choose a supplier.').safeParse(raw).error?.issues[0]?.message).toBe(
        'Choose a supplier.',
      );
    }
    expect(rowIdSchema().optional().nullable().parse(null)).toBeNull();
    expect(rowIdSchema().optional().parse(undefined)).toBeUndefined();
  });
});
