/**
 * U+0000, the one character PostgreSQL cannot store in text (decision 0095): refused wherever it
 * is typed into a field or a sheet's cell, in these words.
 */
export const UNSTORABLE_TEXT = 'Remove the invisible character (U+0000) from this field.';
export const UNSTORABLE_CELL = 'Remove the invisible character (U+0000) from this cell.';

export const NUL = '\u0000';

export const holdsUnstorable = (text: string): boolean => text.includes(NUL);
