import { type CsvDialect, delimiterCore } from './dialect.js';

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const SPACE = 0x20;

// States between bytes, as in the parser.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const AFTER_QUOTE = 3;

/** A byte buffer that grows as it is written. */
class Bytes {
  data = new Uint8Array(1024);
  length = 0;

  push(byte: number): void {
    if (this.length === this.data.length) this.grow(1);
    this.data[this.length++] = byte;
  }

  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.data.length) this.grow(bytes.length);
    this.data.set(bytes, this.length);
    this.length += bytes.length;
  }

  private grow(need: number): void {
    const grown = new Uint8Array(Math.max(this.data.length * 2, this.length + need));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}

/**
 * Rewrites CSV of another dialect (a longer delimiter such as `, `, `'` quotes, a backslash escape) as RFC 4180
 * CSV with a one-byte delimiter, streaming, so that the fast reader reads it unchanged. Quoted cells stay quoted
 * (they stay strings); an unquoted cell is quoted only when it holds the new delimiter or `"`, which no number,
 * boolean or null does. Line breaks are kept as they were, so line numbers in reports stay the input's.
 * A quote left open at the end is written open too: the reader then re-reads it as a literal and reports it.
 */
export class DialectNormalizer {
  /** The delimiter of the rewritten CSV. */
  readonly delimiter: string;
  private readonly core: Uint8Array;
  private readonly skipSpaces: boolean;
  private readonly quote: number;
  private readonly escape: number;
  private readonly out = new Bytes();
  private readonly cell = new Bytes();
  private pending = new Uint8Array(0);
  private state = FIELD_START;
  private skipping = false;
  private cellQuoted = false;
  private cellNeedsQuotes = false;
  private cellsInRow = 0;

  constructor(dialect: CsvDialect) {
    const { core, skipSpaces } = delimiterCore(dialect.delimiter);
    this.core = new TextEncoder().encode(core);
    this.skipSpaces = skipSpaces;
    this.delimiter = core.length === 1 ? core : ',';
    this.quote = dialect.quote.charCodeAt(0);
    this.escape = dialect.escape === null ? -1 : dialect.escape.charCodeAt(0);
  }

  /** Rewrites the next chunk; bytes that need the next chunk to be understood wait for it. */
  push(chunk: Uint8Array): Uint8Array {
    let data = chunk;
    if (this.pending.length > 0) {
      data = new Uint8Array(this.pending.length + chunk.length);
      data.set(this.pending);
      data.set(chunk, this.pending.length);
    }
    const used = this.scan(data, false);
    this.pending = data.slice(used);
    return this.take();
  }

  /** Rewrites what is left at the end of input. */
  end(): Uint8Array {
    this.scan(this.pending, true);
    this.pending = new Uint8Array(0);
    if (this.state === QUOTED) {
      this.writeCell(false);
    } else if (this.state !== FIELD_START || this.cellsInRow > 0) {
      this.writeCell(true);
    }
    return this.take();
  }

  private take(): Uint8Array {
    const taken = this.out.data.slice(0, this.out.length);
    this.out.length = 0;
    return taken;
  }

  /** Scans from the start of `data`; returns how many bytes it used. */
  private scan(data: Uint8Array, eof: boolean): number {
    const n = data.length;
    const core = this.core;
    const first = core[0] ?? 0;
    const cell = this.cell;
    const wanted = Math.max(core.length, 2);
    let i = 0;
    while (i < n) {
      if (!eof && n - i < wanted) break; // a delimiter, `''` or an escape may go on in the next chunk
      const b = data[i] ?? 0;
      if (this.state === QUOTED) {
        if (b === this.escape && i + 1 < n) {
          this.keep(data[i + 1] ?? 0);
          i += 2;
        } else if (b === this.quote) {
          if (this.escape < 0 && data[i + 1] === this.quote) {
            this.keep(b);
            i += 2;
          } else {
            this.state = AFTER_QUOTE;
            i++;
          }
        } else {
          this.keep(b);
          i++;
        }
        continue;
      }
      if (this.state === FIELD_START) {
        if (this.skipping && b === SPACE) {
          i++;
          continue;
        }
        this.skipping = false;
        if (b === this.quote) {
          this.state = QUOTED;
          this.cellQuoted = true;
          i++;
          continue;
        }
        this.state = UNQUOTED;
      }
      if (b === first && this.matches(data, i)) {
        this.writeCell(true);
        i += core.length;
        this.state = FIELD_START;
        this.skipping = this.skipSpaces;
      } else if (b === LF || b === CR) {
        if (b === LF && this.state === UNQUOTED && cell.length === 0 && this.cellsInRow === 0 && !this.cellQuoted) {
          // The LF of a CRLF (or a blank line): nothing to close.
          this.out.push(b);
        } else {
          this.writeCell(true);
          this.out.push(b);
        }
        this.cellsInRow = 0;
        this.state = FIELD_START;
        i++;
      } else if (b === this.escape && i + 1 < n) {
        this.keep(data[i + 1] ?? 0);
        i += 2;
      } else {
        this.keep(b);
        i++;
      }
    }
    return i;
  }

  private matches(data: Uint8Array, at: number): boolean {
    const core = this.core;
    for (let k = 1; k < core.length; k++) if (data[at + k] !== core[k]) return false;
    return true;
  }

  private keep(byte: number): void {
    if (byte === QUOTE || byte === LF || byte === CR || byte === this.delimiter.charCodeAt(0))
      this.cellNeedsQuotes = true;
    this.cell.push(byte);
  }

  /** Writes the cell read so far (quoted when it was or must be; `closed` false leaves the quote open). */
  private writeCell(closed: boolean): void {
    const out = this.out;
    if (this.cellsInRow > 0) out.push(this.delimiter.charCodeAt(0));
    const cell = this.cell.data.subarray(0, this.cell.length);
    if (this.cellQuoted || this.cellNeedsQuotes) {
      out.push(QUOTE);
      for (const byte of cell) {
        out.push(byte);
        if (byte === QUOTE) out.push(QUOTE);
      }
      if (closed) out.push(QUOTE);
    } else {
      out.append(cell);
    }
    this.cell.length = 0;
    this.cellQuoted = false;
    this.cellNeedsQuotes = false;
    this.cellsInRow++;
  }
}
