import { repeated } from '../byte-words.js';
import type { CellWriter } from '../flatten/cell-writer.js';
import type { RowBuffer } from '../flatten/row-buffer.js';
import { mayNeedFormulaGuard, needsFormulaGuard } from '../formula-guard.js';
import { INCOMPLETE, type JsonCursor } from '../json/json-cursor.js';
import { isJsonNumber } from '../json/json-scalars.js';
import {
  BACKSLASH,
  decodeEscape,
  HIGH,
  isLoneSurrogateEscape,
  PLAIN,
  QUOTE,
  REPLACEMENT,
  scanString,
  stringByteClasses,
} from '../json/json-string.js';
import { SNIFFED_DELIMITERS } from '../options.js';
import { utf8CodePoint, utf8SequenceLength, writeCodePoint } from '../utf8/utf8-sequence.js';
import type { Utf8Trust } from '../utf8/utf8-trust.js';
import { NotedCells } from './noted-cells.js';

const QUOTES = repeated(0x22);
const BACKSLASHES = repeated(0x5c);
const decoder = new TextDecoder();

/** A byte class for the CSV delimiter inside strings: such a cell must be quoted. */
const DELIMITER = 5;

/** Bytes that can appear in an unquoted number, boolean or empty container cell. */
const LITERAL_BYTES = '0123456789.eE+-truefalsn[]{}';

/**
 * CSV/TSV cells. Quoting is the contract with csv2json, which infers types only from unquoted cells:
 * a string is quoted when it is empty, holds the delimiter (or any of `,;|` and tab, which csv2json may
 * sniff as the delimiter), a quote, CR or LF, or would read back as
 * something else (a JSON number, `true`, `false`, text starting with `[` or `{`). With `excelSafe`, text
 * a spreadsheet would run gets a leading `'` (the rule is in formula-guard.ts), counted in `guarded`.
 * Numbers and booleans are written as they are.
 */
export class CsvCellWriter implements CellWriter {
  private readonly classes = stringByteClasses();
  /** `classes` for input whose UTF-8 is already checked: bytes >= 0x80 are plain (the delimiter is ASCII). */
  private readonly trustedClasses: Uint8Array;
  private readonly delimiter: Uint8Array;
  private readonly delimiterCode: number;
  /** The delimiter could occur inside a number or literal, which must then be quoted. */
  private readonly literalRisk: boolean;
  /** The ASCII bytes of the DELIMITER class, each repeated in a word (the last one again when fewer than four). */
  private readonly d0: number;
  private readonly d1: number;
  private readonly d2: number;
  private readonly d3: number;
  /** Views for word loads and stores, kept while the reader's and the row buffer's arrays stay the same. */
  private input: Uint8Array = new Uint8Array(0);
  private inputView: DataView = new DataView(new ArrayBuffer(0));
  private output: Uint8Array = new Uint8Array(0);
  private outputView: DataView = new DataView(new ArrayBuffer(0));
  /** The cells the formula guard changed. */
  readonly guarded = new NotedCells();
  /** The strings holding a lone surrogate escape (`\ud800`), written with U+FFFD in its place. */
  readonly loneSurrogates = new NotedCells();
  countsCharacters = false;
  characters = 0;

  constructor(
    private readonly rows: RowBuffer,
    private readonly cursor: JsonCursor,
    delimiter: string,
    private readonly excelSafe: boolean,
    private readonly trust: Utf8Trust,
  ) {
    this.delimiter = new TextEncoder().encode(delimiter);
    this.delimiterCode = delimiter.codePointAt(0) as number;
    // Text holding any delimiter a reader might sniff is quoted too, so a one-column file cannot be misread.
    // A raw tab is invalid inside JSON strings (it stays a CONTROL byte); an escaped one is checked below.
    const words: number[] = [];
    for (const code of [this.delimiterCode, ...SNIFFED_DELIMITERS.map((d) => d.charCodeAt(0))]) {
      if (code >= 0x20 && code < 0x80 && this.classes[code] !== DELIMITER) {
        this.classes[code] = DELIMITER;
        words.push(repeated(code));
      }
    }
    this.trustedClasses = this.classes.slice();
    if (this.delimiterCode < 0x80) this.trustedClasses.fill(PLAIN, 0x80);
    const last = words.at(-1) ?? QUOTES;
    this.d0 = words[0] ?? last;
    this.d1 = words[1] ?? last;
    this.d2 = words[2] ?? last;
    this.d3 = words[3] ?? last;
    this.literalRisk = LITERAL_BYTES.includes(delimiter);
  }

  string(col: number, buf: Uint8Array, i: number, end: number): number {
    const rows = this.rows;
    rows.beginCell(col);
    // The decoded string is at most its raw length + 3 (quotes, guard). Reserve room for all the buffered
    // bytes, unless that is a lot (after a huge record): then measure this string first.
    let need = end - i + 4;
    if (need > 1 << 22 && rows.pos + need > rows.out.length) {
      const close = scanString(buf, i, end, this.cursor);
      if (close < 0) return INCOMPLETE;
      need = close - i + 4;
    }
    rows.reserve(need);
    const out = rows.out;
    this.refreshViews(buf, out);
    const inputView = this.inputView;
    const outputView = this.outputView;
    const { d0, d1, d2, d3 } = this;
    // Counting characters, bytes >= 0x80 take the byte path below, which counts them, as unchecked UTF-8 does.
    const trusted = this.trust.trusted && !this.countsCharacters;
    const classes = trusted ? this.trustedClasses : this.classes;
    const high = trusted && this.delimiterCode < 0x80 ? 0 : -1;
    const start = rows.pos;
    let p = start;
    let j = i;
    let quote = false;
    let lone = false;
    /** Bytes beyond the first of each character: escapes and UTF-8 sequences. */
    let extra = 0;
    for (;;) {
      // Four plain bytes per load and store while there are. A byte needs a look when it is < 0x20, a
      // quote, a backslash, of the DELIMITER class, or >= 0x80 in UTF-8 not yet checked (`high` is -1
      // then, else 0): bit tricks test all four at once (for
      // each byte, `(x - 1) & ~x` has its top bit set where x is 0; a borrow can only mark more bytes
      // when one already matched, so the test is exact).
      while (j + 4 <= end) {
        const word = inputView.getInt32(j, true);
        const q = word ^ QUOTES;
        const b = word ^ BACKSLASHES;
        const x0 = word ^ d0;
        const x1 = word ^ d1;
        const x2 = word ^ d2;
        const x3 = word ^ d3;
        const marks =
          (word & high) |
          ((word - 0x20202020) & ~word) |
          ((q - 0x01010101) & ~q) |
          ((b - 0x01010101) & ~b) |
          ((x0 - 0x01010101) & ~x0) |
          ((x1 - 0x01010101) & ~x1) |
          ((x2 - 0x01010101) & ~x2) |
          ((x3 - 0x01010101) & ~x3);
        if ((marks & 0x80808080) !== 0) break;
        outputView.setInt32(p, word, true);
        j += 4;
        p += 4;
      }
      // Then byte by byte up to the byte that needs a look, which is dealt with below.
      let c = buf[j] as number;
      let kind = classes[c];
      while (kind === PLAIN) {
        out[p++] = c;
        c = buf[++j] as number;
        kind = classes[c];
      }
      if (kind === QUOTE) break;
      else if (kind === BACKSLASH) {
        const escaped = decodeEscape(buf, j, end, this.cursor);
        if (escaped < 0) return INCOMPLETE;
        const cp = escaped >> 4;
        if (cp === REPLACEMENT && isLoneSurrogateEscape(buf, j)) lone = true;
        j += escaped & 15;
        extra += (escaped & 15) - 1;
        if (cp === 34) {
          out[p++] = 34;
          out[p++] = 34;
          quote = true;
        } else {
          if (
            cp === 10 ||
            cp === 13 ||
            cp === 9 ||
            cp === this.delimiterCode ||
            (cp < 0x80 && classes[cp] === DELIMITER)
          ) {
            quote = true;
          }
          p = writeCodePoint(out, p, cp);
        }
      } else if (kind === HIGH) {
        // Two- and three-byte characters outside the special ranges, checked inline; the rest in full.
        const b1 = buf[j + 1] as number;
        if (c >= 0xc2 && c < 0xe0 && (b1 & 0xc0) === 0x80 && j + 1 < end && this.delimiterCode < 0x80) {
          out[p++] = c;
          out[p++] = b1;
          j += 2;
          extra += 1;
          continue;
        }
        const b2 = buf[j + 2] as number;
        if (
          c > 0xe0 &&
          c < 0xf0 &&
          c !== 0xed &&
          (b1 & 0xc0) === 0x80 &&
          (b2 & 0xc0) === 0x80 &&
          j + 2 < end &&
          this.delimiterCode < 0x80
        ) {
          out[p++] = c;
          out[p++] = b1;
          out[p++] = b2;
          j += 3;
          extra += 2;
          continue;
        }
        const length = utf8SequenceLength(buf, j, end);
        if (length < 0) return INCOMPLETE;
        if (length === 0) this.cursor.fail('INVALID_UTF8', 'Invalid UTF-8 in a string', j);
        if (this.delimiterCode >= 0x80 && utf8CodePoint(buf, j, length) === this.delimiterCode) quote = true;
        for (let k = 0; k < length; k++) out[p++] = buf[j++] as number;
        extra += length - 1;
      } else if (kind === DELIMITER) {
        out[p++] = c;
        j++;
        quote = true;
      } else {
        if (j >= end) return INCOMPLETE;
        this.cursor.fail('JSON_SYNTAX', 'Unescaped control character in a string', j);
      }
    }
    if (lone) this.loneSurrogates.noteString(col, buf, i, j);
    this.characters = j - i - extra;
    // Most text starts with a letter and needs neither quotes nor a guard: skip the checks. (The guard's
    // other first bytes, + - ' tab CR, are below 58.)
    const first = out[start] as number;
    const plain =
      !quote &&
      p > start &&
      first > 57 &&
      first !== 61 &&
      first !== 64 &&
      first !== 91 &&
      first !== 123 &&
      first !== 102 &&
      first !== 116;
    rows.pos = plain ? p : this.finishText(col, out, start, p, quote);
    rows.endCell();
    return j + 1;
  }

  /** Adds the formula guard and the quotes a text cell needs; returns its new end. */
  private finishText(col: number, out: Uint8Array, start: number, p: number, quote: boolean): number {
    let end = p;
    if (
      this.excelSafe &&
      end > start &&
      mayNeedFormulaGuard(out[start] as number) &&
      needsFormulaGuard(out, start, end)
    ) {
      // The writer has doubled every `"` of the text already.
      if (this.guarded.note())
        this.guarded.example(col, decoder.decode(out.subarray(start, end)).replaceAll('""', '"'));
      out.copyWithin(start + 1, start, end);
      out[start] = 39;
      end++;
    }
    if (quote || end === start || looksTyped(out, start, end)) {
      out.copyWithin(start + 1, start, end);
      out[start] = 34;
      end++;
      out[end++] = 34;
    }
    return end;
  }

  /** Makes the word views follow the reader's and the row buffer's current arrays. */
  private refreshViews(buf: Uint8Array, out: Uint8Array): void {
    if (buf !== this.input) {
      this.input = buf;
      this.inputView = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    if (out !== this.output) {
      this.output = out;
      this.outputView = new DataView(out.buffer, out.byteOffset, out.byteLength);
    }
  }

  literal(col: number, buf: Uint8Array, start: number, end: number): void {
    const rows = this.rows;
    rows.beginCell(col);
    rows.reserve(end - start + 2);
    const out = rows.out;
    let p = rows.pos;
    const quote = this.literalRisk && this.holdsDelimiter(buf, start, end);
    if (quote) out[p++] = 34;
    for (let k = start; k < end; k++) out[p++] = buf[k] as number;
    if (quote) out[p++] = 34;
    rows.pos = p;
    rows.endCell();
  }

  private holdsDelimiter(buf: Uint8Array, start: number, end: number): boolean {
    const d = this.delimiter[0];
    for (let k = start; k < end; k++) if (buf[k] === d) return true;
    return false;
  }

  empty(col: number): void {
    this.rows.beginCell(col);
    this.rows.endCell();
  }

  commitRecord(): void {
    this.guarded.commitRecord();
    this.loneSurrogates.commitRecord();
  }

  abortRecord(): void {
    this.guarded.abortRecord();
    this.loneSurrogates.abortRecord();
  }

  container(col: number, text: Uint8Array): void {
    this.literal(col, text, 0, text.length);
  }

  noteLoneSurrogate(col: number, buf: Uint8Array, start: number, end: number): void {
    this.loneSurrogates.noteString(col, buf, start, end);
  }

  text(col: number, bytes: Uint8Array): void {
    const rows = this.rows;
    rows.beginCell(col);
    rows.reserve(bytes.length * 2 + 4);
    const out = rows.out;
    const start = rows.pos;
    const d = this.delimiter;
    let p = start;
    let quote = false;
    for (let k = 0; k < bytes.length; k++) {
      const c = bytes[k] as number;
      if (c === 34) {
        out[p++] = 34;
        quote = true;
      } else if (c === 10 || c === 13 || c === 9 || (this.classes[c] === DELIMITER && c < 0x80)) quote = true;
      else if (c === d[0] && matchesAt(bytes, k, d)) quote = true;
      out[p++] = c;
    }
    rows.pos = this.finishText(col, out, start, p, quote);
    rows.endCell();
  }
}

function matchesAt(bytes: Uint8Array, k: number, pattern: Uint8Array): boolean {
  for (let m = 1; m < pattern.length; m++) if (bytes[k + m] !== pattern[m]) return false;
  return true;
}

/** True when unquoted text would read back as a non-string: a JSON number, true, false, or `[`/`{` text. */
export function looksTyped(out: Uint8Array, start: number, end: number): boolean {
  const first = out[start] as number;
  if (first === 91 || first === 123) return true;
  const length = end - start;
  if (first === 116) return length === 4 && out[start + 1] === 114 && out[start + 2] === 117 && out[start + 3] === 101;
  if (first === 102) {
    return (
      length === 5 &&
      out[start + 1] === 97 &&
      out[start + 2] === 108 &&
      out[start + 3] === 115 &&
      out[start + 4] === 101
    );
  }
  if (first === 45 || (first >= 48 && first <= 57)) return isJsonNumber(out, start, end);
  return false;
}
