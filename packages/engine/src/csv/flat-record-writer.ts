// Longer than 400 lines on purpose: one hand-written loop (the hot path of CSV to JSON) with the byte
// tables and constants it reads. Cut into functions per cell it would pay calls in its innermost
// steps, and its constants stay module-local so that the loop reads them as constants.
import { repeated } from '../byte-words.js';
import type { OutputBuffer } from '../json-out/output-buffer.js';
import { needsJsonEscape, writeEscape } from '../json-out/string-writer.js';
import { utf8SequenceLength } from '../utf8/utf8-sequence.js';
import type { Utf8Trust } from '../utf8/utf8-trust.js';
import type { RecordShortcut } from './csv-parser.js';

const QUOTES = repeated(0x22);
const BACKSLASHES = repeated(0x5c);

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * Longest record taken here; longer ones go the general way. It bounds the output room reserved
 * per record (every input byte may become a 6-byte `\u00XX` escape) and the work lost on a bail.
 */
const MAX_RECORD_BYTES = 16 * 1024;
/** Headers whose keys need more bytes than this are not worth a shortcut (the room is reserved per record). */
const MAX_PREFIX_BYTES = 64 * 1024;

// What a byte does inside a cell. 0 means it is copied as it is.
const STOP = 1;
const ESCAPE = 2;
const HIGH = 3;
const CLOSE = 4;
const LINE_BREAK = 5;

// What a cell becomes, judged by its first byte (types on).
const PLAIN = 0;
const EMPTY = 1;
const NUMBER = 2;
const WORD = 3;
const BAIL = 4;

// Bytes of JSON numbers.
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;
/** `e`; `E | 0x20` is `e` too. */
const EXPONENT_E = 0x65;
const NUMBER_BYTES = '0123456789.eE+-';
// The parts of a number, in order.
const INTEGER_PART = 0;
const FRACTION_PART = 1;
const EXPONENT_PART = 2;

/** What each byte does in an unquoted and a quoted cell; with `trusted` UTF-8, bytes >= 0x80 are copied as they are. */
function byteTables(delimiter: number, trusted: boolean): { unquoted: Uint8Array; quoted: Uint8Array } {
  const unquoted = new Uint8Array(256);
  const quoted = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const kind = b >= 0x80 ? (trusted ? 0 : HIGH) : needsJsonEscape(b) ? ESCAPE : 0;
    unquoted[b] = kind;
    quoted[b] = kind;
  }
  quoted[QUOTE] = CLOSE;
  quoted[LF] = LINE_BREAK;
  quoted[CR] = LINE_BREAK;
  unquoted[LF] = STOP;
  unquoted[CR] = STOP;
  unquoted[delimiter] = STOP;
  return { unquoted, quoted };
}

/** What an unquoted cell may become, by its first byte; BAIL marks cells `cellKind` must judge. */
function startShapes(delimiter: number, typed: boolean, guarded: boolean): Uint8Array {
  const table = new Uint8Array(256);
  if (typed) {
    // Numbers are checked by a grammar that cannot stop at a delimiter inside one (`;` never is).
    const numberShape = NUMBER_BYTES.includes(String.fromCharCode(delimiter)) ? BAIL : NUMBER;
    for (const c of '-0123456789') table[c.charCodeAt(0)] = numberShape;
    table[0x74] = WORD; // true
    table[0x66] = WORD; // false
    table[0x5b] = BAIL; // JSON array text
    table[0x7b] = BAIL; // JSON object text
  }
  if (guarded) table[0x27] = BAIL;
  if (typed) {
    table[LF] = EMPTY;
    table[CR] = EMPTY;
    table[delimiter] = EMPTY;
  } else {
    table[delimiter] = PLAIN;
  }
  return table;
}

/** First content bytes that make a quoted cell more than a plain string (JSON text, a guarded formula). */
function quotedBails(typed: boolean, guarded: boolean): Uint8Array {
  const table = new Uint8Array(256);
  if (typed) {
    table[0x5b] = 1;
    table[0x7b] = 1;
  }
  if (guarded) table[0x27] = 1;
  return table;
}

/**
 * Whether any byte of the little-endian word needs more than a copy: < 0x20, `"`, `\`, a byte of
 * `extra` (the delimiter, repeated), or >= 0x80 unless `high` is 0 (UTF-8 already checked; -1 otherwise).
 * Bit tricks test all four bytes at once: for each byte, `(x - 1) & ~x` has its top bit set where x
 * is 0 (and `- 0x20` where x < 0x20); a borrow can only mark more bytes when one already matched, so
 * the answer is exact.
 */
function hasSpecialByte(word: number, extra: number, high: number): boolean {
  const quote = word ^ QUOTES;
  const backslash = word ^ BACKSLASHES;
  const other = word ^ extra;
  const marks =
    (word & high) |
    ((word - 0x20202020) & ~word) |
    ((quote - 0x01010101) & ~quote) |
    ((backslash - 0x01010101) & ~backslash) |
    ((other - 0x01010101) & ~other);
  return (marks & 0x80808080) !== 0;
}

function isWord(data: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (data[start + k] !== word[k]) return false;
  return true;
}

function startsWith(data: Uint8Array, start: number, end: number, prefix: Uint8Array): boolean {
  if (end - start < prefix.length) return false;
  for (let k = 1; k < prefix.length; k++) if (data[start + k] !== prefix[k]) return false;
  return true;
}

const TRUE_BYTES = new TextEncoder().encode('true');
const FALSE_BYTES = new TextEncoder().encode('false');

/** How the writer lays out each record: the bytes around and between the cells. */
export interface FlatRecordLayout {
  /** Written before every record (`,\n`; nothing for JSON Lines). */
  lead: Uint8Array;
  /** What is written before each column's value (`{"a":`, `,"b":`), all columns in a row. */
  prefixes: Uint8Array;
  /** Where each column's prefix ends in `prefixes`. */
  prefixEnds: Int32Array;
  /** Written after every record (`}`, plus a line break for JSON Lines). */
  tail: Uint8Array;
  /**
   * The header row's first cell and delimiter as written: a record starting so is left to the general parser,
   * which checks whether it repeats the header (a second table). Empty when the header has one column.
   */
  headerStart: Uint8Array;
}

/**
 * The fast way for flat headers: parses each record and writes its JSON in the same pass, cell
 * by cell, from the input straight into the output buffer. It takes only records it can write
 * exactly as `ParsedFlatRecordWriter` would: the right number of cells, each a plain string, a number,
 * a boolean or null, valid UTF-8, with a line break at the end. At the first record that is
 * anything else (ragged, blank, JSON text, a guarded formula, text after a closing quote, bad
 * UTF-8, cut by the end of the chunk, or very long) it rolls that record back and stops, and the
 * general parser takes it, with its notices and errors.
 *
 * The loops are written out by hand on purpose: plain text moves four bytes per load and store
 * (DataView words checked with bit tricks), other bytes cost one table lookup each, numbers are
 * checked against the grammar while they are copied, and there are no per-cell calls and no
 * `subarray`/`set` (too costly for pieces of a few bytes).
 */
export class FlatRecordWriter implements RecordShortcut {
  records = 0;
  lines = 0;
  /** Records written since the start. */
  total = 0;
  private readonly unquoted: Uint8Array;
  private readonly quoted: Uint8Array;
  private readonly trustedUnquoted: Uint8Array;
  private readonly trustedQuoted: Uint8Array;
  private readonly shapes: Uint8Array;
  private readonly quotedBail: Uint8Array;
  private readonly columns: number;
  private readonly reserve: number;
  /** Each column's prefix as little-endian 32-bit words, the last one padded with zeros. */
  private readonly prefixWords: Int32Array;
  /** Where each column's words end in `prefixWords`. */
  private readonly prefixWordEnds: Int32Array;
  /** Each column's prefix length. */
  private readonly prefixLengths: Int32Array;
  /** The first byte of `layout.headerStart`, -1 when it is empty. */
  private readonly headerFirst: number;

  constructor(
    private readonly out: OutputBuffer,
    private readonly layout: FlatRecordLayout,
    private readonly delimiter: number,
    typed: boolean,
    guarded: boolean,
    private readonly trust: Utf8Trust,
  ) {
    const tables = byteTables(delimiter, false);
    this.unquoted = tables.unquoted;
    this.quoted = tables.quoted;
    const trustedTables = byteTables(delimiter, true);
    this.trustedUnquoted = trustedTables.unquoted;
    this.trustedQuoted = trustedTables.quoted;
    this.shapes = startShapes(delimiter, typed, guarded);
    this.quotedBail = quotedBails(typed, guarded);
    this.columns = layout.prefixEnds.length;
    this.prefixLengths = new Int32Array(this.columns);
    this.prefixWordEnds = new Int32Array(this.columns);
    const words: number[] = [];
    let from = 0;
    for (let c = 0; c < this.columns; c++) {
      const to = layout.prefixEnds[c] ?? 0;
      this.prefixLengths[c] = to - from;
      for (let k = from; k < to; k += 4) {
        let word = 0;
        for (let b = 0; b < 4 && k + b < to; b++) word |= (layout.prefixes[k + b] ?? 0) << (8 * b);
        words.push(word);
      }
      this.prefixWordEnds[c] = words.length;
      from = to;
    }
    this.prefixWords = Int32Array.from(words);
    this.headerFirst = layout.headerStart.length > 0 ? (layout.headerStart[0] ?? 0) : -1;
    // Every input byte may become 6 (`\u00XX`), and an empty cell `null` or `""` (its delimiter counts).
    this.reserve =
      layout.lead.length + layout.prefixes.length + 3 * this.columns + layout.tail.length + 6 * MAX_RECORD_BYTES + 16;
  }

  /** Whether a header with these prefixes may use the writer at all. */
  static fits(prefixes: Uint8Array, columns: number): boolean {
    return columns > 0 && prefixes.length <= MAX_PREFIX_BYTES;
  }

  /** See RecordShortcut: writes whole records from `start` while it can. */
  writeRecords(data: Uint8Array, start: number, end: number): number {
    const out = this.out;
    const { lead, tail } = this.layout;
    const { prefixWords, prefixWordEnds, prefixLengths } = this;
    const trusted = this.trust.trusted;
    const unquoted = trusted ? this.trustedUnquoted : this.unquoted;
    const quoted = trusted ? this.trustedQuoted : this.quoted;
    const high = trusted ? 0 : -1;
    const { shapes, quotedBail, columns, delimiter, reserve, headerFirst } = this;
    const last = columns - 1;
    let records = 0;
    let lines = 0;
    // Input and output positions after the last whole record written.
    let done = start;
    out.ensure(reserve);
    let buffer = out.buffer;
    let view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const input = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const delimiters = repeated(delimiter);
    let committed = out.position;
    record: while (done < end) {
      if (buffer.length - committed < reserve) {
        out.position = committed;
        out.ensure(reserve);
        if (out.buffer !== buffer) {
          buffer = out.buffer;
          view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        }
        committed = out.position;
      }
      let i = done;
      if (data[i] === headerFirst && startsWith(data, i, end, this.layout.headerStart)) break;
      let p = committed;
      let recordLines = 0;
      const limit = Math.min(end, done + MAX_RECORD_BYTES);
      for (let k = 0; k < lead.length; k++) buffer[p++] = lead[k] ?? 0;
      let w = 0;
      for (let c = 0; c < columns; c++) {
        // Prefixes (`,"key":`) are a third of the output: written four bytes per store. The
        // padding of the last word lands where the value goes next, so it is overwritten.
        const wordEnd = prefixWordEnds[c] ?? 0;
        for (let q = p; w < wordEnd; q += 4) view.setInt32(q, prefixWords[w++] ?? 0, true);
        p += prefixLengths[c] ?? 0;
        if (i >= limit) break record;
        const first = data[i] ?? 0;
        if (first === QUOTE) {
          // Quoted: always a string; `""` is one quote, line breaks are escaped but still counted.
          i++;
          if (i < limit && quotedBail[data[i] ?? 0] !== 0) break record;
          buffer[p++] = QUOTE;
          for (;;) {
            // Four plain bytes per step while there are; the loop below takes the others.
            while (i + 4 <= limit) {
              const word = input.getInt32(i, true);
              if (hasSpecialByte(word, QUOTES, high)) break;
              view.setInt32(p, word, true);
              i += 4;
              p += 4;
            }
            if (i >= limit) break record;
            // The word held a special byte: copy up to it one by one, then deal with it.
            let b = data[i] ?? 0;
            let kind = quoted[b] ?? 0;
            while (kind === 0) {
              buffer[p++] = b;
              if (++i >= limit) break record;
              b = data[i] ?? 0;
              kind = quoted[b] ?? 0;
            }
            if (kind === CLOSE) {
              if (i + 1 >= limit) break record; // the next byte decides between `""` and the end
              if (data[i + 1] !== QUOTE) {
                i++;
                break;
              }
              buffer[p++] = 0x5c;
              buffer[p++] = QUOTE;
              i += 2;
            } else if (kind === HIGH) {
              const length = utf8SequenceLength(data, i, limit);
              if (length <= 0) break record;
              for (const next = i + length; i < next; ) buffer[p++] = data[i++] ?? 0;
            } else {
              if (kind === LINE_BREAK && (b === CR || data[i - 1] !== CR)) recordLines++;
              p = writeEscape(buffer, p, b);
              i++;
            }
          }
          buffer[p++] = QUOTE;
        } else {
          const shape = shapes[first] ?? 0;
          if (shape === EMPTY) {
            buffer[p++] = 0x6e;
            buffer[p++] = 0x75;
            buffer[p++] = 0x6c;
            buffer[p++] = 0x6c;
          } else {
            if (shape === BAIL) break record;
            const cellStart = i;
            const outStart = p;
            let text = true;
            if (shape === NUMBER) {
              // Copied as a number first, as most such cells are, checking the JSON number grammar
              // `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` on the way (the delimiter is never a
              // number byte here). A cell that turns out to be text is copied again as a string.
              if (first === MINUS) buffer[p++] = data[i++] ?? 0;
              // Runs of digits: the integer part, then the fraction after `.`, then the exponent after
              // `e` and its sign; each must be non-empty, and the integer part has no leading zero.
              let part = INTEGER_PART;
              let valid = true;
              for (;;) {
                const runStart = i;
                while (i < limit) {
                  const b = data[i] ?? 0;
                  if (b < DIGIT_ZERO || b > DIGIT_NINE) break;
                  buffer[p++] = b;
                  i++;
                }
                // Bytes past `limit` are never read: a load out of bounds would cost a deoptimization.
                if (i >= limit) break record;
                if (i === runStart || (part === INTEGER_PART && i - runStart > 1 && data[runStart] === DIGIT_ZERO)) {
                  valid = false;
                  break;
                }
                let b = data[i] ?? 0;
                if (b === DOT && part === INTEGER_PART) {
                  part = FRACTION_PART;
                } else if ((b | 0x20) === EXPONENT_E && part !== EXPONENT_PART) {
                  part = EXPONENT_PART;
                  if (i + 1 >= limit) break record;
                  const sign = data[i + 1] ?? 0;
                  if (sign === PLUS || sign === MINUS) {
                    buffer[p++] = b;
                    b = sign;
                    i++;
                  }
                } else {
                  break;
                }
                buffer[p++] = b;
                i++;
              }
              if (valid && unquoted[data[i] ?? 0] === STOP) {
                text = false;
              } else {
                i = cellStart;
                p = outStart;
                buffer[p++] = QUOTE;
              }
            } else {
              buffer[p++] = QUOTE;
            }
            if (text) {
              // An unquoted string: copy up to the delimiter or line break.
              for (;;) {
                // Four plain bytes per step while there are; the loop below takes the others.
                while (i + 4 <= limit) {
                  const word = input.getInt32(i, true);
                  if (hasSpecialByte(word, delimiters, high)) break;
                  view.setInt32(p, word, true);
                  i += 4;
                  p += 4;
                }
                if (i >= limit) break record;
                // The word held a special byte: copy up to it one by one, then deal with it.
                let b = data[i] ?? 0;
                let kind = unquoted[b] ?? 0;
                while (kind === 0) {
                  buffer[p++] = b;
                  if (++i >= limit) break record;
                  b = data[i] ?? 0;
                  kind = unquoted[b] ?? 0;
                }
                if (kind === STOP) {
                  break;
                } else if (kind === HIGH) {
                  const length = utf8SequenceLength(data, i, limit);
                  if (length <= 0) break record;
                  for (const next = i + length; i < next; ) buffer[p++] = data[i++] ?? 0;
                } else {
                  p = writeEscape(buffer, p, b);
                  i++;
                }
              }
              buffer[p++] = QUOTE;
              if (shape === WORD) {
                const word = isWord(data, cellStart, i, TRUE_BYTES)
                  ? TRUE_BYTES
                  : isWord(data, cellStart, i, FALSE_BYTES)
                    ? FALSE_BYTES
                    : undefined;
                if (word !== undefined) {
                  p = outStart;
                  for (let w = 0; w < word.length; w++) buffer[p++] = word[w] ?? 0;
                }
              }
            }
          }
        }
        // After the cell: a delimiter before every column but the last, a line break after it.
        if (i >= limit) break record;
        const after = data[i] ?? 0;
        if (c < last) {
          if (after !== delimiter) break record;
          i++;
        } else if (after === LF) {
          i++;
        } else if (after === CR) {
          if (i + 1 >= end) break record; // a LF in the next chunk would belong to this line break
          i += data[i + 1] === LF ? 2 : 1;
        } else {
          break record;
        }
      }
      for (let t = 0; t < tail.length; t++) buffer[p++] = tail[t] ?? 0;
      records++;
      lines += recordLines + 1;
      done = i;
      committed = p;
    }
    out.position = committed;
    this.records = records;
    this.lines = lines;
    this.total += records;
    return done;
  }
}
