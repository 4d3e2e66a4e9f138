// Longer than 400 lines on purpose: one state machine whose scan loop and record bookkeeping share the
// parser's state (cell arrays, carried bytes, line counts); apart, every byte would pay a call.
import { ConversionError, type InputPosition } from '../errors.js';
import { CELL_DOUBLED, CELL_ESCAPE, CELL_HIGH, CELL_QUOTED, CELL_TRAILING } from './cell-flags.js';

/** Called once per record with the bytes holding it; cell ranges are in the parser's `starts`/`ends`/`flags`. */
export type RowHandler = (data: Uint8Array, count: number) => void;

/**
 * Converts whole records in the same pass that parses them, where it can; the parser offers it
 * every record before scanning that record itself.
 */
export interface RecordShortcut {
  /**
   * Converts the complete records from `start` on, stopping before the first one it cannot take
   * (or one `end` cuts); returns the index after the last record taken (`start` when none).
   */
  writeRecords(data: Uint8Array, start: number, end: number): number;
  /** Records taken by the last call. */
  readonly records: number;
  /** Line breaks passed by the last call, those inside quoted cells included. */
  readonly lines: number;
}

/** Records to leave to the general scan after the shortcut refused one outright, at most. */
const MAX_SHORTCUT_PAUSE = 1024;

/** Cells per record above this fail with TOO_MANY_COLUMNS rather than exhausting memory. */
export const MAX_COLUMNS = 1 << 20;

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

// Byte classes. Structural classes are small numbers; the rest are the CELL_* flag the byte sets.
const DELIMITER = 1;
const LINE_FEED = 2;
const CARRIAGE_RETURN = 3;
const QUOTE_MARK = 4;

// Parser states between bytes.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const AFTER_QUOTE = 3;

function byteClasses(delimiter: number, quoted: boolean): Uint8Array {
  const table = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) table[b] = CELL_ESCAPE;
  table[0x5c] = CELL_ESCAPE;
  for (let b = 0x80; b < 256; b++) table[b] = CELL_HIGH;
  table[LF] = LINE_FEED;
  table[CR] = CARRIAGE_RETURN;
  if (quoted) {
    table[QUOTE] = QUOTE_MARK;
  } else {
    // Inside an unquoted cell a quote is an ordinary character (lenient, like most readers).
    table[QUOTE] = CELL_ESCAPE;
    table[delimiter] = DELIMITER;
  }
  return table;
}

/**
 * A push-based RFC 4180 state machine over UTF-8 bytes. It never builds strings: each record is
 * handed over as byte ranges into a buffer that stays valid only during the callback. A record
 * cut by a chunk boundary is carried into an owned buffer and the scan resumes where it stopped,
 * so no byte is scanned twice and one huge field costs linear time.
 *
 * Dialect: `"` quotes, `""` inside quotes is one quote, records end at CRLF, LF or a lone CR;
 * a quote inside an unquoted cell is literal; text after a closing quote is kept literally.
 */
export class CsvParser {
  /** Cell starts of the record being handed over. */
  starts = new Int32Array(64);
  /** Cell ends (exclusive) of the record being handed over. */
  ends = new Int32Array(64);
  /** CELL_* flags of the record being handed over. */
  flags = new Uint8Array(64);
  /** 1-based line where the record being handed over starts. */
  rowLine = 1;
  /** Records handed over so far, the current one included during the callback. */
  records = 0;
  /** Rows before the data (1 with a header row): errors number data records, as users count them. */
  headerRows = 0;
  /** Offered each record first when set; the records it takes are never handed over. */
  shortcut: RecordShortcut | undefined;
  /** Cells a record should have (the header's count), 0 while unknown: judges whether a quote was stray. */
  expectedCells = 0;
  /** Told each time a quote that would have swallowed what follows is read as a literal character instead. */
  onStrayQuote: ((position: InputPosition) => void) | undefined;

  private readonly unquotedClasses: Uint8Array;
  private readonly quotedClasses: Uint8Array;
  private readonly maxRecordBytes: number;
  private carry = new Uint8Array(0);
  private carryLength = 0;
  /** Absolute input offset of data[0] in the current scan. */
  private base = 0;
  private position = 0;
  private rowStart = 0;
  private count = 0;
  private state = FIELD_START;
  private cellStart = 0;
  private cellFlags = 0;
  private quoteEnd = 0;
  private skipLineFeed = false;
  private line = 1;
  private lineStart = 0;
  private quoteLine = 0;
  private quoteColumn = 0;
  /**
   * Index of the opening quote of the record's first quoted cell that spans a line break or has text after its
   * closing quote (either may be a stray quote), -1 when none.
   */
  private strayQuote = -1;
  private straySpans = false;
  private strayCells = 0;
  private strayLine = 0;
  private strayColumn = 0;
  /** Text followed the closing quote of that cell (`"oops,3⏎4,5,6⏎7,"ok",9` closes at the wrong quote). */
  private strayTrailing = false;
  /** Records the general scan takes before the shortcut is offered one again, and the next such pause. */
  private shortcutPause = 0;
  private nextShortcutPause = 1;

  constructor(
    delimiter: number,
    private readonly maxFieldBytes: number,
    private readonly onRow: RowHandler,
  ) {
    this.unquotedClasses = byteClasses(delimiter, false);
    this.quotedClasses = byteClasses(delimiter, true);
    this.maxRecordBytes = maxFieldBytes * 4;
  }

  /** Parses the next chunk of input; complete records are handed to the callback before it returns. */
  push(chunk: Uint8Array): void {
    let data = chunk;
    if (this.carryLength > 0) {
      const need = this.carryLength + chunk.length;
      if (this.carry.length < need) {
        const grown = new Uint8Array(Math.max(need, Math.min(this.carry.length * 2, need + this.maxFieldBytes)));
        grown.set(this.carry.subarray(0, this.carryLength));
        this.carry = grown;
      }
      this.carry.set(chunk, this.carryLength);
      data = this.carry.subarray(0, need);
    }
    this.scan(data, false);
    if (this.quotedFieldTooLarge(data.length)) {
      // A quote left open would swallow the rest of the input: it is read again as a literal character.
      this.readQuoteAsLiteral(this.cellStart - 1, this.count, this.quoteLine, this.quoteColumn);
      this.scan(data, false);
    }
    this.checkSizes(data.length);
    this.keepUnfinished(data);
  }

  /** Whether every byte pushed so far belongs to a record handed over: no record is cut by the last chunk's end. */
  get betweenRecords(): boolean {
    return this.carryLength === 0;
  }

  /** Leaves the next record to the general scan, so that its handler sees it. */
  pauseShortcut(): void {
    if (this.shortcutPause === 0) this.shortcutPause = 1;
  }

  /** Parses what is left at the end of input: the last record may lack a line break. */
  end(): void {
    this.scan(this.carry.subarray(0, this.carryLength), true);
    this.carryLength = 0;
  }

  /** Line, column and offset of a byte of the record being handed over (for error messages). */
  locate(data: Uint8Array, index: number): InputPosition {
    let line = this.rowLine;
    let lineStart = this.rowStart;
    for (let k = this.rowStart; k < index; k++) {
      const b = data[k];
      if (b === LF || (b === CR && data[k + 1] !== LF)) {
        line++;
        lineStart = k + 1;
      }
    }
    return { line, column: index - lineStart + 1, offset: this.base + index };
  }

  private scan(data: Uint8Array, eof: boolean): void {
    const n = data.length;
    const unquoted = this.unquotedClasses;
    const quoted = this.quotedClasses;
    let i = this.position;
    if (this.skipLineFeed && i < n) {
      // The previous chunk ended with CR; a LF starting this one belongs to the same line break.
      if (data[i] === LF) {
        i++;
        this.rowStart = i;
        this.lineStart = this.base + i;
      }
      this.skipLineFeed = false;
    }
    let state = this.state;
    let start = this.cellStart;
    let flags = this.cellFlags;
    for (;;) {
      if (state === FIELD_START) {
        if (this.count === 0 && this.shortcut !== undefined && i < n) i = this.takeShortcut(this.shortcut, data, i);
        if (i >= n) {
          // A delimiter right before the end of input opens one more (empty) cell.
          if (eof && this.count > 0) {
            this.addCell(i, i, 0);
            this.finishRow(data, i);
          }
          break;
        }
        if (data[i] === QUOTE) {
          state = QUOTED;
          flags = CELL_QUOTED;
          this.quoteLine = this.line;
          this.quoteColumn = this.base + i - this.lineStart + 1;
          i++;
          start = i;
        } else {
          state = UNQUOTED;
          flags = 0;
          start = i;
        }
      }
      if (state === UNQUOTED) {
        let c = 0;
        while (i < n) {
          c = unquoted[data[i] ?? 0] ?? 0;
          if (c === 0) {
            i++;
          } else if (c >= CELL_ESCAPE) {
            flags |= c;
            i++;
          } else {
            break;
          }
        }
        if (i >= n) {
          if (eof) {
            this.addCell(start, n, flags);
            this.finishRow(data, n);
            state = FIELD_START;
          }
          break;
        }
        this.addCell(start, i, flags);
        state = FIELD_START;
        if (c !== DELIMITER && this.strayQuote >= 0 && this.literalQuoteFits(data)) {
          i = this.readStrayQuoteAsLiteral();
          state = UNQUOTED;
          start = this.cellStart;
          flags = this.cellFlags;
          continue;
        }
        i = c === DELIMITER ? i + 1 : this.endLine(data, i, c);
        continue;
      }
      if (state === QUOTED) {
        let closed = false;
        while (i < n) {
          const c = quoted[data[i] ?? 0] ?? 0;
          if (c === 0) {
            i++;
          } else if (c >= CELL_ESCAPE) {
            flags |= c;
            i++;
          } else if (c === QUOTE_MARK) {
            if (i + 1 >= n && !eof) break; // the next byte decides between `""` and a closing quote
            if (data[i + 1] === QUOTE) {
              flags |= CELL_DOUBLED;
              i += 2;
            } else {
              this.quoteEnd = i;
              i++;
              closed = true;
              break;
            }
          } else {
            // A line break inside quotes is data, but it still starts a new input line.
            flags |= CELL_ESCAPE;
            if (this.strayQuote < 0) this.markSpanningQuote(start - 1, true);
            if (c === CARRIAGE_RETURN || data[i - 1] !== CR) this.line++;
            i++;
            this.lineStart = this.base + i;
          }
        }
        if (!closed) {
          if (!eof) break;
          // Never closed: the quote is read again as a literal character, and what follows as usual.
          i = this.readQuoteAsLiteral(start - 1, this.count, this.quoteLine, this.quoteColumn);
          state = UNQUOTED;
          start = this.cellStart;
          flags = this.cellFlags;
          continue;
        }
        state = AFTER_QUOTE;
      }
      // AFTER_QUOTE: only a delimiter or a line break may follow; anything else is kept as text.
      if (i >= n) {
        if (eof) {
          this.addCell(start, this.quoteEnd, flags);
          this.finishRow(data, n);
          state = FIELD_START;
        }
        break;
      }
      const c = unquoted[data[i] ?? 0] ?? 0;
      if (c === DELIMITER) {
        this.addCell(start, this.quoteEnd, flags);
        state = FIELD_START;
        i++;
      } else if (c === LINE_FEED || c === CARRIAGE_RETURN) {
        this.addCell(start, this.quoteEnd, flags);
        state = FIELD_START;
        if (this.strayQuote >= 0 && this.literalQuoteFits(data)) {
          i = this.readStrayQuoteAsLiteral();
          state = UNQUOTED;
          start = this.cellStart;
          flags = this.cellFlags;
          continue;
        }
        i = this.endLine(data, i, c);
      } else {
        flags |= CELL_TRAILING | CELL_ESCAPE;
        if (this.strayQuote < 0) this.markSpanningQuote(start - 1, false);
        this.strayTrailing = true;
        state = UNQUOTED;
      }
    }
    this.position = i;
    this.state = state;
    this.cellStart = start;
    this.cellFlags = flags;
  }

  /**
   * Lets the shortcut take the records from `i` on; returns where the general scan goes on. When it
   * refuses the very first record, the next ones are left to the general scan for a while (twice
   * as long each time in a row), so that input it never takes costs little extra.
   */
  private takeShortcut(shortcut: RecordShortcut, data: Uint8Array, i: number): number {
    if (this.shortcutPause > 0) {
      this.shortcutPause--;
      return i;
    }
    const next = shortcut.writeRecords(data, i, data.length);
    if (next === i) {
      this.shortcutPause = this.nextShortcutPause;
      this.nextShortcutPause = Math.min(this.nextShortcutPause * 2, MAX_SHORTCUT_PAUSE);
      return i;
    }
    this.nextShortcutPause = 1;
    this.records += shortcut.records;
    this.line += shortcut.lines;
    this.lineStart = this.base + next;
    this.rowStart = next;
    this.rowLine = this.line;
    return next;
  }

  /** Ends the record at the line break at `i`; returns the index after the break. */
  private endLine(data: Uint8Array, i: number, c: number): number {
    let next = i + 1;
    if (c === CARRIAGE_RETURN) {
      if (next < data.length) {
        if (data[next] === LF) next++;
      } else {
        this.skipLineFeed = true;
      }
    }
    this.line++;
    this.lineStart = this.base + next;
    this.finishRow(data, next);
    return next;
  }

  private addCell(start: number, end: number, flags: number): void {
    const k = this.count;
    if (k === this.starts.length) {
      if (k >= MAX_COLUMNS) {
        throw new ConversionError('TOO_MANY_COLUMNS', `A record has more than ${MAX_COLUMNS} cells`, {
          line: this.rowLine,
          record: this.recordNumber(),
        });
      }
      const starts = new Int32Array(k * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(k * 2);
      ends.set(this.ends);
      this.ends = ends;
      const grownFlags = new Uint8Array(k * 2);
      grownFlags.set(this.flags);
      this.flags = grownFlags;
    }
    this.starts[k] = start;
    this.ends[k] = end;
    this.flags[k] = flags;
    this.count = k + 1;
  }

  /** Remembers the first quoted cell of the record that goes on past a line break or past its closing quote. */
  private markSpanningQuote(quote: number, spans: boolean): void {
    this.strayQuote = quote;
    this.straySpans = spans;
    this.strayCells = this.count;
    this.strayLine = this.quoteLine;
    this.strayColumn = this.quoteColumn;
    this.strayTrailing = false;
  }

  /**
   * Whether the record that just ended should be read with the quote at `strayQuote` as a literal: it has the
   * wrong cell count (or its quoted cell spans lines and text follows its closing quote), and the record read
   * from that quote on with the quote as a literal has the right count.
   */
  private literalQuoteFits(data: Uint8Array): boolean {
    const expected = this.expectedCells;
    if (expected === 0) return false;
    if (this.count === expected && !(this.straySpans && this.strayTrailing)) return false;
    let cells = this.strayCells + 1;
    const classes = this.unquotedClasses;
    let inQuotes = false;
    let atCellStart = false;
    for (let k = this.strayQuote + 1; k < data.length; k++) {
      const b = data[k] ?? 0;
      if (inQuotes) {
        if (b === QUOTE) {
          if (data[k + 1] === QUOTE) k++;
          else inQuotes = false;
        }
        continue;
      }
      if (atCellStart && b === QUOTE) {
        inQuotes = true;
        atCellStart = false;
        continue;
      }
      const c = classes[b];
      if (c === LINE_FEED || c === CARRIAGE_RETURN) break;
      atCellStart = c === DELIMITER;
      if (atCellStart) cells++;
    }
    return cells === expected;
  }

  private readStrayQuoteAsLiteral(): number {
    return this.readQuoteAsLiteral(this.strayQuote, this.strayCells, this.strayLine, this.strayColumn);
  }

  /**
   * Goes back to the quote at `quote` and reads it as a literal character of an unquoted cell, the record
   * holding `cells` cells before it; reports it. Returns where the scan goes on (after the quote).
   */
  private readQuoteAsLiteral(quote: number, cells: number, line: number, column: number): number {
    this.count = cells;
    this.line = line;
    this.lineStart = this.base + quote - (column - 1);
    this.strayQuote = -1;
    this.state = UNQUOTED;
    this.cellStart = quote;
    this.cellFlags = CELL_ESCAPE;
    this.position = quote + 1;
    this.onStrayQuote?.({ line, column, record: this.recordNumber() });
    return quote + 1;
  }

  private finishRow(data: Uint8Array, next: number): void {
    this.strayQuote = -1;
    this.records++;
    this.onRow(data, this.count);
    this.count = 0;
    this.rowStart = next;
    this.rowLine = this.line;
  }

  /** The data record being read, or undefined while reading the header row. */
  private recordNumber(): number | undefined {
    const record = this.records + 1 - this.headerRows;
    return record > 0 ? record : undefined;
  }

  private quotePosition(): InputPosition {
    return { line: this.quoteLine, column: this.quoteColumn, record: this.recordNumber() };
  }

  private quotedFieldTooLarge(length: number): boolean {
    return (
      this.state === QUOTED && (this.cellFlags & CELL_QUOTED) !== 0 && length - this.cellStart > this.maxFieldBytes
    );
  }

  /** Fails before memory grows past the limits (a quote left open was read again as a literal before this). */
  private checkSizes(length: number): void {
    if (this.state !== FIELD_START && length - this.cellStart > this.maxFieldBytes) {
      const quoted = (this.cellFlags & CELL_QUOTED) !== 0;
      throw new ConversionError(
        'CSV_FIELD_TOO_LARGE',
        quoted
          ? `Quoted field is larger than ${this.maxFieldBytes} bytes; is its closing quote missing?`
          : `Field is larger than ${this.maxFieldBytes} bytes`,
        quoted
          ? this.quotePosition()
          : { line: this.line, column: this.base + this.cellStart - this.lineStart + 1, record: this.recordNumber() },
      );
    }
    if (length - this.rowStart > this.maxRecordBytes) {
      throw new ConversionError('CSV_FIELD_TOO_LARGE', `Record is larger than ${this.maxRecordBytes} bytes`, {
        line: this.rowLine,
        record: this.recordNumber(),
      });
    }
  }

  /** Moves the unfinished record to the front of the owned carry buffer and rebases every index. */
  private keepUnfinished(data: Uint8Array): void {
    const from = this.rowStart;
    const length = data.length - from;
    if (length > 0) {
      if (data.buffer === this.carry.buffer) {
        this.carry.copyWithin(0, from, data.length);
      } else {
        if (this.carry.length < length) this.carry = new Uint8Array(length + 64 * 1024);
        this.carry.set(data.subarray(from));
      }
    }
    this.carryLength = length;
    this.base += from;
    this.position -= from;
    this.cellStart -= from;
    this.quoteEnd -= from;
    if (this.strayQuote >= 0) this.strayQuote -= from;
    for (let k = 0; k < this.count; k++) {
      this.starts[k] = (this.starts[k] ?? 0) - from;
      this.ends[k] = (this.ends[k] ?? 0) - from;
    }
    this.rowStart = 0;
  }
}
