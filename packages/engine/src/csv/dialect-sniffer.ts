import { type CsvDialect, delimiterCore } from './dialect.js';
import { isNumberText } from './table-edges.js';

/** Rows of the sample that take part in sniffing, and the most bytes they are read from. */
const SNIFF_ROWS = 100;
const SNIFF_TEXT_BYTES = 16 * 1024;
/** Rows (header included) a sample needs before an unusual delimiter, a quote other than `"` or an escape is considered. */
const MIN_ROWS_FOR_EVIDENCE = 3;
/** The least fit a reading needs to be taken at all. */
const MIN_FIT = 0.5;
/** Rows before the header a preamble may take, at most. */
const MAX_PREAMBLE_ROWS = 20;
/** Characters that never delimit: letters, digits, quotes, the backslash and those inside numbers and words. */
const NEVER_DELIMITERS = /[\p{L}\p{N}"'\\.\-_\r\n[\]{}()=+]/u;
/**
 * The first line some files carry for Excel, naming their delimiter (`sep=;`): not a row of the table. Read as
 * a row, it became the header and the real header a record.
 */
const SEP_DIRECTIVE = /^\uFEFF?sep=([^\r\n])(?:\r\n|\r|\n)/i;
/** Candidates tried first; ties go to the earlier one. */
const USUAL_DELIMITERS = [',', ';', '\t', '|'];

/** One way of reading the sample, with how well it fits. */
interface Reading {
  dialect: CsvDialect;
  rows: string[][];
  skip: number;
  /** The share of body rows that fit, the preamble left out. */
  share: number;
  score: number;
}

/** What the sniffer decided: the dialect and its confidence (0 to 1). */
export interface SniffedDialect {
  dialect: CsvDialect;
  confidence: number;
}

/** The parts of a dialect that are given by hand; the others are sniffed. */
export type GivenDialect = Partial<CsvDialect>;

/**
 * Splits text into rows of cells under a dialect, the way the reader would (a quote opens a quoted cell
 * only at the start of a cell, after the delimiter's spaces). The last row is left out unless `complete`,
 * since the sample may cut it short.
 */
export function splitRows(text: string, dialect: CsvDialect, complete: boolean, maxRows = SNIFF_ROWS): string[][] {
  const { core, skipSpaces } = delimiterCore(dialect.delimiter);
  const { quote, escape: escapeChar } = dialect;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n && rows.length < maxRows) {
    const ch = text[i] as string;
    if (atCellStart && ch === quote) {
      // A quoted cell: up to the closing quote, then anything up to the delimiter is kept as text.
      i++;
      for (;;) {
        if (i >= n) {
          if (complete) row.push(cell);
          return complete ? [...rows, row] : rows;
        }
        const q = text[i] as string;
        if (escapeChar !== null && q === escapeChar && i + 1 < n) {
          cell += text[i + 1];
          i += 2;
        } else if (q === quote) {
          if (text[i + 1] === quote && escapeChar === null) {
            cell += quote;
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          cell += q;
          i++;
        }
      }
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (text.startsWith(core, i)) {
      row.push(cell);
      cell = '';
      i += core.length;
      if (skipSpaces) while (text[i] === ' ') i++;
      atCellStart = true;
    } else if (ch === '\n' || ch === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      atCellStart = true;
    } else {
      cell += ch;
      i++;
    }
  }
  if (complete && i >= n && (cell !== '' || row.length > 0) && rows.length < maxRows) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function isBlank(row: readonly string[]): boolean {
  return row.length === 1 && row[0] === '';
}

/** The most frequent cell count among rows of two cells or more (the larger on a tie), 0 when none. */
function modalCount(rows: readonly string[][]): number {
  const frequency = new Map<number, number>();
  for (const row of rows) if (row.length >= 2) frequency.set(row.length, (frequency.get(row.length) ?? 0) + 1);
  let best = 0;
  let bestFrequency = 0;
  for (const [count, times] of frequency) {
    if (times > bestFrequency || (times === bestFrequency && count > best)) {
      best = count;
      bestFrequency = times;
    }
  }
  return best;
}

function filledCells(row: readonly string[]): number {
  let filled = 0;
  for (const cell of row) if (cell.trim() !== '') filled++;
  return filled;
}

/**
 * Whether a row can be the header of a body of `width` cells: wide enough (one cell short still fits: some
 * writers leave the name of a last or row-name column out), mostly filled in, and mostly not numbers.
 */
function fitsAsHeader(row: readonly string[], width: number): boolean {
  if (row.length < width - 1) return false;
  let numbers = 0;
  for (const cell of row) if (isNumberText(cell.trim())) numbers++;
  return filledCells(row) >= Math.max(2, Math.ceil(row.length / 2)) && numbers * 2 < row.length;
}

/**
 * Whether a row before the header is a preamble row: of another width than the table and nearly empty for a
 * table this wide (a title, a note, `key,value` lines), or of the table's width and empty but for its first
 * cell (`PREAMBLE,,,,` as a spreadsheet exports a title). A row of the table's width with two names or more
 * is never one, so an RFC 4180 file whose header names two columns is never cut.
 */
function isPreambleRow(row: readonly string[], width: number): boolean {
  const filled = filledCells(row);
  if (row.length !== width) return filled <= Math.max(1, Math.floor(width / 3));
  return filled === 0 || (filled === 1 && width >= 3 && (row[0] ?? '').trim() !== '');
}

/** Rows that are not blank. */
function records(rows: readonly string[][]): number {
  return rows.filter((row) => !isBlank(row)).length;
}

/** Whether every row that is not blank has the same number of cells (one included). */
function splitsAlike(rows: readonly string[][]): boolean {
  const counts = new Set(rows.filter((row) => !isBlank(row)).map((row) => row.length));
  return counts.size <= 1;
}

/**
 * Whether RFC 4180 quoting finds the delimiter only in the header row: every later row is one cell, any
 * delimiter in it inside a quoted cell. That is a one-column file whose name is or holds the delimiter (`*`
 * over rows of quoted JSON), not a sign of other quoting, which would split the quoted cells at it.
 */
function splitsHeaderOnly(rows: readonly string[][]): boolean {
  const body = rows.slice(1).filter((row) => !isBlank(row));
  return (rows[0]?.length ?? 0) >= 2 && body.length > 0 && body.every((row) => row.length === 1);
}

/** Whether a row is split into cells that are all empty: a delimiter that stands alone on the line. */
function splitsIntoNothing(row: readonly string[] | undefined): boolean {
  return row !== undefined && row.length >= 2 && row.every((cell) => cell === '');
}

/** Rows after `header` split into two cells or more. */
function splitRowsAfter(rows: readonly string[][], header: number): number {
  let split = 0;
  for (let r = header + 1; r < rows.length; r++) if ((rows[r]?.length ?? 0) >= 2) split++;
  return split;
}

/**
 * Rows before the header: a run of nearly empty rows at the start (a title, a note, `key,value` lines, a row
 * of bare delimiters; at most 20) followed by a row that fits as the header of the rows after it, of which
 * there must be two or more. 0 otherwise: a file that starts with its header is never cut.
 */
function preambleRows(rows: readonly string[][]): number {
  const filled = rows.filter((row) => !isBlank(row));
  const width = modalCount(filled.slice(Math.floor(filled.length / 3)));
  if (width < 2) return 0;
  const limit = Math.min(MAX_PREAMBLE_ROWS, rows.length - 3);
  for (let r = 0; r <= limit; r++) {
    const row = rows[r] ?? [];
    if (fitsAsHeader(row, width)) return splitRowsAfter(rows, r) >= 2 ? r : 0;
    if (!isPreambleRow(row, width)) return 0;
  }
  return 0;
}

/**
 * How well a reading fits, 0 to 1: the share of body rows (after any preamble) with the body's cell count,
 * plus half the share of other rows of two cells or more up to the header's width (ragged rows: columns
 * added or left empty over time). Rows skipped as a preamble count twice against it: `price;qty` read with
 * `,` would need one skipped to fit. 0 when the header row is not split at all.
 */
function fitOf(rows: readonly string[][], skip: number): { fit: number; share: number; width: number } {
  // The header is the row after the preamble, even when it reads as blank (`""`, one empty name).
  const header = rows[skip]?.length ?? 0;
  if (header < 2) return { fit: 0, share: 0, width: 0 };
  const body = rows.slice(skip).filter((row) => !isBlank(row));
  const width = modalCount(body);
  let exact = 0;
  let ragged = 0;
  for (const row of body) {
    if (row.length === width) exact++;
    else if (row.length >= 2 && row.length <= Math.max(width, header)) ragged++;
  }
  const fitting = exact + ragged / 2;
  return { fit: fitting / (body.length + 2 * skip), share: fitting / body.length, width };
}

/**
 * Candidate delimiters: the usual four, then any other character found outside letters and digits in the
 * first rows, then `,` and `;` followed by spaces where at least half of them are.
 */
function candidateDelimiters(text: string): string[] {
  const candidates = new Set(USUAL_DELIMITERS);
  const firstLines = text
    .slice(0, 4096)
    .split(/\r\n|\r|\n/, 3)
    .join('');
  for (const ch of firstLines) if (!NEVER_DELIMITERS.test(ch) && ch.charCodeAt(0) < 0x80) candidates.add(ch);
  const withSpaces: string[] = [];
  for (const base of [',', ';']) {
    const uses = text.split(base).length - 1;
    const spaced = text.split(`${base} `).length - 1;
    if (uses > 0 && spaced * 2 >= uses) withSpaces.push(`${base} `);
  }
  return [...candidates, ...withSpaces];
}

/**
 * Ties between readings go to the simpler one: the usual delimiters in order, `"`, no escape; but `, ` before
 * `,` when nearly every comma has a space after it (the spaces are then not part of the values).
 */
function simplicity(dialect: CsvDialect, text: string): number {
  const spaced = dialect.delimiter.length === 2 && dialect.delimiter.endsWith(' ');
  const base = spaced ? dialect.delimiter[0] : dialect.delimiter;
  const mostlySpaced = spaced && text.split(dialect.delimiter).length * 10 >= text.split(base ?? '').length * 9;
  const usual = USUAL_DELIMITERS.indexOf(dialect.delimiter);
  return (
    (mostlySpaced ? -1 : usual < 0 ? 10 : usual) + (dialect.quote === '"' ? 0 : 20) + (dialect.escape === null ? 0 : 40)
  );
}

/**
 * Reads the start of a CSV file under every plausible dialect (any delimiter of the first rows, `,` or `;`
 * followed by spaces, `"` or `'` quotes, doubled quotes or a backslash escape) and keeps the one whose rows
 * split most consistently; then finds the preamble before the header. Parts given by hand are kept as given.
 * Confidence is the winner's fit, lowered when a different delimiter fits almost as well. A first line `sep=;`
 * names the delimiter and is skipped.
 */
export function sniffDialect(sample: Uint8Array, complete: boolean, given: GivenDialect = {}): SniffedDialect {
  // A character cut at the end of the bytes read becomes U+FFFD in a row that is left out anyway.
  const text = new TextDecoder('utf-8').decode(sample.subarray(0, SNIFF_TEXT_BYTES));
  const whole = complete && sample.length <= SNIFF_TEXT_BYTES;
  const directive = SEP_DIRECTIVE.exec(text);
  if (directive === null) return sniffText(text, whole, given);
  // The directive's delimiter, unless one is given; the rows after it are sniffed, and it is skipped before them.
  const rest = sniffText(text.slice(directive[0].length), whole, {
    ...given,
    delimiter: given.delimiter ?? (directive[1] as string),
    ...(given.skipRows === undefined ? {} : { skipRows: Math.max(0, given.skipRows - 1) }),
  });
  return { ...rest, dialect: { ...rest.dialect, skipRows: given.skipRows ?? rest.dialect.skipRows + 1 } };
}

function sniffText(text: string, whole: boolean, given: GivenDialect): SniffedDialect {
  const delimiters = given.delimiter === undefined ? candidateDelimiters(text) : [given.delimiter];
  const quotes = given.quote === undefined ? ['"', "'"] : [given.quote];
  const escapes = given.escape === undefined ? [null, '\\'] : [given.escape];
  const readings: Reading[] = [];
  for (const delimiter of delimiters) {
    const headerRows = given.headerRows ?? 1;
    const plainRows = splitRows(text, { delimiter, quote: '"', escape: null, skipRows: 0, headerRows }, whole);
    for (const quote of quotes) {
      for (const escapeChar of escapes) {
        const plainQuoting = quote === '"' && escapeChar === null;
        if (escapeChar !== null && !text.includes(escapeChar + quote)) continue;
        if (quote !== '"' && !text.includes(quote)) continue;
        // Where RFC 4180 quoting splits every row alike, no other quoting is tried: such a file reads as it always has.
        if (!plainQuoting && (splitsAlike(plainRows) || splitsHeaderOnly(plainRows))) continue;
        const dialect = { delimiter, quote, escape: escapeChar, skipRows: 0, headerRows };
        const rows = plainQuoting ? plainRows : splitRows(text, dialect, whole);
        // Other quoting, and a delimiter other than the usual four, need evidence: a header and two rows, also
        // under RFC 4180 quoting, since other quoting makes rows of a line break that `"` quotes
        // (`"'@\r"` + `''@` is two records, not three of `'`-quoted cells split at `@`).
        const unusual = !plainQuoting || !USUAL_DELIMITERS.includes(delimiter);
        if (unusual && Math.min(records(rows), records(plainRows)) < MIN_ROWS_FOR_EVIDENCE) continue;
        const skip = preambleRows(rows);
        // A header of nothing but an unusual delimiter is a one-column file named by that character (`*` over
        // `*` and `" "`), not a table whose every column is unnamed.
        if (!USUAL_DELIMITERS.includes(delimiter) && splitsIntoNothing(rows[skip])) continue;
        const { fit, share, width } = fitOf(rows, skip);
        // A space splits names and words too: only a table of three columns or more is taken as space-delimited.
        if (delimiter === ' ' && width < 3) continue;
        readings.push({ dialect, rows, skip, share, score: fit });
      }
    }
  }
  readings.sort((a, b) => b.score - a.score || simplicity(a.dialect, text) - simplicity(b.dialect, text));
  const best = readings[0];
  const fallback: CsvDialect = {
    delimiter: given.delimiter ?? ',',
    quote: given.quote ?? '"',
    escape: given.escape === undefined ? null : given.escape,
    skipRows: given.skipRows ?? 0,
    headerRows: given.headerRows ?? 1,
  };
  // Half the rows fitting or fewer is no evidence of a delimiter: a one-column file (`# #` holds a space) stays one,
  // as surely as no candidate split its rows (a list of names: 1; one where `;` fits half the rows: 0.5).
  if (best === undefined || best.share <= MIN_FIT) {
    const split = readings.reduce((most, reading) => Math.max(most, reading.share), 0);
    return { dialect: fallback, confidence: Math.round((1 - split) * 100) / 100 };
  }
  // A rival is another delimiter, not a part of this one (` ` and `,` both split `a, b` as `, ` does).
  const chosen = best.dialect.delimiter;
  const rival = readings.find((reading) => {
    const other = reading.dialect.delimiter;
    return !chosen.includes(other.trim() || other) && !other.includes(chosen.trim() || chosen);
  });
  const rivalScore = rival?.score ?? 0;
  // With stacked header rows given, the upper ones are part of the header, not of the preamble.
  const skipRows = given.skipRows ?? Math.max(0, best.skip - ((given.headerRows ?? 1) - 1));
  const dialect = { ...best.dialect, skipRows };
  const confidence = Math.round(best.share * (1 - rivalScore / best.score / 2) * 100) / 100;
  return { dialect, confidence };
}
