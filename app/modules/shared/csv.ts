/**
 * CSV as spreadsheets read and write it (RFC 4180): fields with commas, quotes or line breaks are
 * quoted, quotes doubled, CRLF line ends; a UTF-8 byte-order mark so Excel reads accents right.
 * Every export of the back office (leads, insights, catalog) writes through `toCsv` (decision 0136).
 *
 * Formula injection: a text cell that begins with = + - @ (or a tab or carriage return) is run as
 * a formula by Excel, LibreOffice and Google Sheets ('=HYPERLINK(…)' from a hostile product title
 * or a customer's name lands in a staff member's spreadsheet). Export prefixes such cells, and only
 * those, with an apostrophe, so the spreadsheet keeps them as text; import removes that one
 * apostrophe again, so a round trip is lossless. Numbers are written as numbers (a negative one is
 * a number, not a formula), and values are written the way staff see them, which keeps the
 * apostrophe rare: a phone as (204) 555-0147, a time as 2026-11-24 14:30. Pure: no I/O.
 */
import { wallClock } from './calendar.ts';

export type CsvCell = string | number | null | undefined;

export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a text cell a spreadsheet would evaluate as a formula with an apostrophe. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Undoes `neutralizeFormula` on import. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows → CSV text (with BOM, CRLF). Numbers are written as given; text cells are neutralized. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const lines = rows.map((row) =>
    row
      .map((cell) => {
        if (cell === null || cell === undefined) return '';
        if (typeof cell === 'number') return String(cell);
        return quote(neutralizeFormula(cell));
      })
      .join(','),
  );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a spreadsheet cell: its America/Winnipeg wall-clock time, 'YYYY-MM-DD HH:MM'
 * (Excel, LibreOffice and Google Sheets read it as a date and time; it sorts as text too).
 */
export function csvDateTime(iso: string | null): string | null {
  if (iso === null) return null;
  const t = wallClock(new Date(iso));
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
}

/** The America/Winnipeg date of an instant, 'YYYY-MM-DD': the day in an export's file name. */
export function csvDay(instant: Date): string {
  const t = wallClock(instant);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

export class CsvSyntaxError extends Error {
  readonly row: number;
  constructor(message: string, row: number) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.row = row;
  }
}

/**
 * CSV text → rows of cells (raw: apostrophes kept; see `restoreFormula`). Accepts CRLF, LF or CR
 * line ends, a leading BOM, and quoted fields spanning lines. Blank lines are skipped. Throws
 * CsvSyntaxError (with the 1-based row) for a quote left open or text after a closing quote.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
    cell = '';
    afterQuote = false;
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else cell += ch;
      i++;
      continue;
    }
    if (ch === ',') {
      row.push(cell);
      cell = '';
      afterQuote = false;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      if (ch === '\r' && input[i + 1] === '\n') i++;
    } else if (ch === '"' && cell === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvSyntaxError('Unexpected text after a closing quote', rows.length + 1);
    } else cell += ch;
    i++;
  }
  if (quoted) throw new CsvSyntaxError('A quoted field is never closed', rows.length + 1);
  if (cell !== '' || row.length) endRow();
  return rows;
}
