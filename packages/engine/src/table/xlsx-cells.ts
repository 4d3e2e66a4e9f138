import type { CellWriter } from '../flatten/cell-writer.js';
import { columnLetters, type RowBuffer } from '../flatten/row-buffer.js';
import { ByteBuilder } from '../json/byte-builder.js';
import { INCOMPLETE, type JsonCursor } from '../json/json-cursor.js';
import { decodeString, holdsLoneSurrogate } from '../json/json-string.js';
import { utf8Characters } from '../utf8/utf8-sequence.js';
import { NotedCells } from './noted-cells.js';
import { checkCellLength, tooManyRows, XLSX_MAX_CELL_CHARS, XLSX_MAX_ROWS } from './xlsx-limits.js';

const encoder = new TextEncoder();
const NUMBER_OPEN = encoder.encode('><v>');
const NUMBER_CLOSE = encoder.encode('</v></c>');
const TRUE_CELL = encoder.encode(' t="b"><v>1</v></c>');
const FALSE_CELL = encoder.encode(' t="b"><v>0</v></c>');
const TEXT_OPEN = encoder.encode(' t="inlineStr"><is><t xml:space="preserve">');
const TEXT_CLOSE = encoder.encode('</t></is></c>');

/**
 * XLSX cells, as the tail of a `<c r="B7"` element (the row buffer writes the reference).
 * Text is an inline string; a number is numeric only when a spreadsheet keeps it exactly
 * (at most 15 significant digits, inside the double range), otherwise it is text so nothing is rounded.
 * A cell past Excel's row or length limit fails (TOO_MANY_ROWS, CELL_TOO_LONG) at its record.
 */
export class XlsxCellWriter implements CellWriter {
  private readonly decoded = new ByteBuilder();
  /** The strings holding a lone surrogate escape (`\ud800`), written with U+FFFD in its place. */
  readonly loneSurrogates = new NotedCells();
  countsCharacters = false;
  characters = 0;

  constructor(
    private readonly rows: RowBuffer,
    private readonly cursor: JsonCursor,
    /** The header of column `col` (0-based), to name the column of a cell that fails. */
    private readonly header: (col: number) => string = () => '',
  ) {}

  string(col: number, buf: Uint8Array, i: number, end: number): number {
    this.decoded.length = 0;
    const close = decodeString(buf, i, end, this.cursor, this.decoded);
    if (close < 0) return INCOMPLETE;
    const text = this.decoded.view();
    // Only a string decoded with U+FFFD (EF BF BD) in it can have held one.
    if (text.includes(0xbd) && holdsLoneSurrogate(buf, i, close - 1)) {
      this.loneSurrogates.noteString(col, buf, i, close - 1);
    }
    if (this.countsCharacters) this.characters = utf8Characters(text, 0, text.length);
    // A string's position is its opening quote.
    this.textCell(col, text, i - 1);
    return close;
  }

  literal(col: number, buf: Uint8Array, start: number, end: number): void {
    const first = buf[start];
    if (first === 116 || first === 102) {
      this.beginCell(col);
      this.write(first === 116 ? TRUE_CELL : FALSE_CELL);
      this.rows.endCell();
    } else if (keepsExactly(buf, start, end)) {
      this.beginCell(col);
      this.write(NUMBER_OPEN);
      this.write(buf.subarray(start, end));
      this.write(NUMBER_CLOSE);
      this.rows.endCell();
    } else this.textCell(col, buf.subarray(start, end), start);
  }

  empty(col: number): void {
    this.beginCell(col);
    this.rows.endCell();
  }

  commitRecord(): void {
    this.loneSurrogates.commitRecord();
  }

  abortRecord(): void {
    this.loneSurrogates.abortRecord();
  }

  container(col: number, text: Uint8Array): void {
    this.text(col, text);
  }

  noteLoneSurrogate(col: number, buf: Uint8Array, start: number, end: number): void {
    this.loneSurrogates.noteString(col, buf, start, end);
  }

  text(col: number, bytes: Uint8Array): void {
    this.textCell(col, bytes, -1);
  }

  /** Starts a cell, unless its row would be past the sheet's last one. */
  private beginCell(col: number): void {
    const rows = this.rows;
    // The header is sheet row 1, so data row n is sheet row n + 1; an exploded record's element k (its
    // `owner`) writes the record's k-th row.
    if (rows.rows + Math.max(rows.owner, 1) >= XLSX_MAX_ROWS) throw tooManyRows({ record: this.cursor.record });
    rows.beginCell(col);
  }

  /** A text cell whose value starts at buffer index `at` of the input (-1: not in the input as such). */
  private textCell(col: number, bytes: Uint8Array, at: number): void {
    // Only text of more bytes than a cell's characters can be too long: the position is found just then.
    if (bytes.length > XLSX_MAX_CELL_CHARS) {
      const header = this.header(col);
      const cell = `The cell in column ${columnLetters(col)}${header === '' ? '' : ` ("${header}")`}`;
      checkCellLength(bytes, cell, at < 0 ? { record: this.cursor.record } : this.cursor.positionAt(at));
    }
    const rows = this.rows;
    this.beginCell(col);
    this.write(TEXT_OPEN);
    rows.reserve(bytes.length * 7 + TEXT_CLOSE.length);
    const p = escapeXlsxText(bytes, rows.out, rows.pos);
    rows.pos = p;
    this.write(TEXT_CLOSE);
    rows.endCell();
  }

  private write(bytes: Uint8Array): void {
    const rows = this.rows;
    rows.reserve(bytes.length);
    rows.out.set(bytes, rows.pos);
    rows.pos += bytes.length;
  }
}

/**
 * Writes UTF-8 text for an XLSX inline string at `p` (room for 7 bytes per input byte): XML entities,
 * CR kept as `&#13;`, and `_xHHHH_` for what XML cannot hold (control characters, U+FFFE, U+FFFF) and
 * for a literal `_x0041_`-like sequence. Returns the position after it.
 */
export function escapeXlsxText(bytes: Uint8Array, out: Uint8Array, p: number): number {
  for (let k = 0; k < bytes.length; k++) {
    const c = bytes[k] as number;
    if (c === 38) p = ascii(out, p, '&amp;');
    else if (c === 60) p = ascii(out, p, '&lt;');
    else if (c === 62) p = ascii(out, p, '&gt;');
    else if (c === 13) p = ascii(out, p, '&#13;');
    else if ((c < 0x20 && c !== 9 && c !== 10) || (c === 95 && looksEscaped(bytes, k))) {
      p = ascii(out, p, `_x${c.toString(16).padStart(4, '0').toUpperCase()}_`);
    } else if (c === 0xef && bytes[k + 1] === 0xbf && ((bytes[k + 2] as number) & 0xfe) === 0xbe) {
      p = ascii(out, p, bytes[k + 2] === 0xbe ? '_xFFFE_' : '_xFFFF_');
      k += 2;
    } else out[p++] = c;
  }
  return p;
}

function ascii(out: Uint8Array, p: number, text: string): number {
  for (let k = 0; k < text.length; k++) out[p++] = text.charCodeAt(k);
  return p;
}

/** `_x0041_` in a cell means "A" to a spreadsheet, so a literal one must have its underscore escaped. */
function looksEscaped(bytes: Uint8Array, k: number): boolean {
  if (bytes[k + 1] !== 120 || bytes[k + 6] !== 95) return false;
  for (let m = k + 2; m < k + 6; m++) {
    const c = (bytes[m] as number) | 0x20;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** True when a spreadsheet number keeps this literal's value: at most 15 significant digits, a finite non-zero double (or plain 0). */
export function keepsExactly(buf: Uint8Array, start: number, end: number): boolean {
  let digits = 0;
  let leading = true;
  let k = start;
  if (buf[k] === 45) k++;
  for (; k < end; k++) {
    const c = buf[k] as number;
    if (c === 101 || c === 69) break;
    if (c === 46) continue;
    if (leading && c === 48) continue;
    leading = false;
    digits++;
  }
  if (digits > 15) return false;
  const text = new TextDecoder().decode(buf.subarray(start, end));
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  if (value === 0) return digits === 0 && buf[start] !== 45;
  return Math.abs(value) >= 2.2250738585072014e-308;
}
