import { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, JsonCursor, NEED_MORE_BYTES } from './json-cursor.js';
import { decodeKey, scanString } from './json-string.js';
import { ABSENT, locateRecords } from './records-locator.js';
import { recordsPathSegment } from './records-path.js';
import { skipValue } from './skip-value.js';

/** How the records look: objects/scalars (`records`), or arrays whose first one is the header (`rows`). */
export type RecordsForm = 'records' | 'rows';

/** Receives records one at a time, as bytes in the reader's buffer. */
export interface RecordSink {
  /** Called once, before the first record. */
  begin(form: RecordsForm): void;
  /**
   * Reads and writes the record whose first byte is at `i`; `depth` containers are open around it.
   * Returns its end, or INCOMPLETE to be called again from `i` with more bytes (undoing any partial output).
   */
  record(buf: Uint8Array, i: number, end: number, depth: number): number;
  /** The key of the map member whose value is the next record (records that are a map's members only). */
  recordKey?(key: string): void;
}

/** Options of the document reader. */
export interface DocumentReaderOptions {
  /** Keys leading to the records array, when given. */
  recordsPath: readonly string[] | null;
  maxDepth: number;
  /** Told where auto-detection found the records array. */
  onRecordsPath?: (path: string) => void;
  /**
   * An object at `recordsPath` (or, with an empty path, the top-level object) is a map whose members are the
   * records, each key handed to the sink first (a flattening plan's `records.shape: map`).
   */
  recordsMap?: boolean;
}

/**
 * A top-level object this small is read whole first, to tell a single object or a wrapper from the first
 * line of JSON Lines; a bigger one is streamed as a wrapper around its records array.
 */
const PROBE_LIMIT = 8 << 20;

enum State {
  Start,
  ObjectProbe,
  Wrapper,
  Single,
  ArrayFirst,
  ArrayElement,
  ArrayAfter,
  WrapperTail,
  MapFirst,
  MapKey,
  MapValue,
  MapAfter,
  LinesRecord,
  LinesAfter,
  End,
  Done,
}

/**
 * The top level of a JSON document, pushed chunk by chunk: finds where the records are (an array, an array
 * at a path inside an object, JSON Lines, a lone object or scalar) and hands each record to the sink.
 *
 * Every step restarts from `start`, the first byte not yet consumed. When a step needs bytes that have not
 * arrived, the reader waits until the buffered bytes from `start` have doubled before trying again, so one
 * huge record costs linear time, not quadratic.
 */
export class DocumentReader {
  /** Records handed to the sink so far. */
  records = 0;
  private buf = new Uint8Array(1 << 16);
  private start = 0;
  private end = 0;
  private waitFor = 0;
  private state = State.Start;
  private wrapperLevels = 0;
  private recordsDepth = 0;
  private readonly scratch = new ByteBuilder();

  constructor(
    private readonly sink: RecordSink,
    private readonly options: DocumentReaderOptions,
    /** Positions for errors; shared with the sink's scanners. */
    readonly cursor: JsonCursor = new JsonCursor(),
  ) {}

  /** Feeds the next UTF-8 chunk. */
  push(chunk: Uint8Array): void {
    this.append(chunk);
    if (this.end - this.start >= this.waitFor) this.pump();
  }

  /** Ends the input: reads what is left and fails on a truncated document. */
  finish(): void {
    this.cursor.final = true;
    this.pump();
  }

  private append(chunk: Uint8Array): void {
    const kept = this.end - this.start;
    if (this.end + chunk.length + 1 > this.buf.length) {
      const size = kept + chunk.length + 1;
      const target = size <= this.buf.length ? this.buf : new Uint8Array(Math.max(size, this.buf.length * 2));
      if (target === this.buf) target.copyWithin(0, this.start, this.end);
      else target.set(this.buf.subarray(this.start, this.end));
      this.buf = target;
      this.cursor.base += this.start;
      this.start = 0;
      this.end = kept;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
    this.buf[this.end] = 0;
  }

  private pump(): void {
    const cursor = this.cursor;
    while (this.state !== State.Done) {
      const line = cursor.line;
      const lineStart = cursor.lineStart;
      let progressed: boolean;
      try {
        progressed = this.step();
      } catch (error) {
        if (error !== NEED_MORE_BYTES) throw error;
        progressed = false;
      }
      if (progressed) continue;
      cursor.line = line;
      cursor.lineStart = lineStart;
      if (cursor.final) this.truncated();
      this.waitFor = 2 * (this.end - this.start);
      return;
    }
  }

  private truncated(): never {
    const cursor = this.cursor;
    for (let i = this.start; i < this.end; i++) {
      if (this.buf[i] === 10) {
        cursor.line++;
        cursor.lineStart = cursor.base + i + 1;
      }
    }
    return cursor.fail('JSON_TRUNCATED', 'Unexpected end of input', this.end);
  }

  /** Advances one step; false when it needs more input. */
  private step(): boolean {
    const { buf, end, cursor } = this;
    switch (this.state) {
      case State.Start: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) {
          if (cursor.final) cursor.fail('EMPTY_INPUT', 'The input is empty: no JSON value found', i);
          return false;
        }
        const c = buf[i];
        this.start = i;
        if (c === 91) {
          if (this.options.recordsPath !== null) {
            cursor.fail('RECORDS_PATH_NOT_FOUND', 'A records path was given but the input is an array', i);
          }
          this.start = i + 1;
          this.recordsDepth = 1;
          this.state = State.ArrayFirst;
        } else if (c === 123 && this.options.recordsMap === true && this.options.recordsPath?.length === 0) {
          this.start = i + 1;
          this.recordsDepth = 1;
          this.state = State.MapFirst;
        } else if (c === 123) {
          this.state = this.options.recordsPath !== null ? State.Wrapper : State.ObjectProbe;
        } else {
          if (this.options.recordsPath !== null) {
            cursor.fail('RECORDS_PATH_NOT_FOUND', 'A records path was given but the input is not an object', i);
          }
          this.sink.begin('records');
          this.state = State.LinesRecord;
        }
        return true;
      }
      case State.ObjectProbe:
        return this.probeObject();
      case State.Wrapper: {
        const line = cursor.line;
        const lineStart = cursor.lineStart;
        const found = locateRecords(
          buf,
          this.start,
          end,
          cursor,
          this.options.recordsPath,
          this.options.maxDepth,
          this.scratch,
          this.options.recordsMap === true,
        );
        if (found === INCOMPLETE) return false;
        if (found === ABSENT) {
          if (this.options.recordsPath !== null) {
            cursor.fail(
              'RECORDS_PATH_NOT_FOUND',
              `No array at "${this.options.recordsPath.map(recordsPathSegment).join('.')}"`,
              this.start,
            );
          }
          cursor.line = line;
          cursor.lineStart = lineStart;
          this.sink.begin('records');
          this.state = State.Single;
          return true;
        }
        if (this.options.recordsPath === null) this.options.onRecordsPath?.(found.keys.join('.'));
        this.wrapperLevels = found.keys.length;
        this.recordsDepth = found.keys.length + 1;
        this.start = found.contentStart;
        this.state = found.map ? State.MapFirst : State.ArrayFirst;
        return true;
      }
      case State.MapFirst: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        this.sink.begin('records');
        if (buf[i] === 125) {
          this.start = i + 1;
          this.state = this.wrapperLevels > 0 ? State.WrapperTail : State.End;
        } else this.state = State.MapKey;
        return true;
      }
      case State.MapKey:
        return this.mapKey();
      case State.MapValue: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        if (this.readRecord(i, this.recordsDepth) < 0) return false;
        this.state = State.MapAfter;
        return true;
      }
      case State.MapAfter: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        const c = buf[i];
        if (c === 44) {
          this.start = i + 1;
          this.state = State.MapKey;
        } else if (c === 125) {
          this.start = i + 1;
          this.state = this.wrapperLevels > 0 ? State.WrapperTail : State.End;
        } else cursor.unexpected(buf, i, end, "',' or '}' after a record");
        return true;
      }
      case State.Single: {
        const e = this.readRecord(this.start, 0);
        if (e < 0) return false;
        this.state = State.End;
        return true;
      }
      case State.ArrayFirst: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        this.start = i;
        if (buf[i] === 93) {
          this.start = i + 1;
          this.state = this.wrapperLevels > 0 ? State.WrapperTail : State.End;
          return true;
        }
        this.sink.begin(buf[i] === 91 ? 'rows' : 'records');
        this.state = State.ArrayElement;
        return true;
      }
      case State.ArrayElement: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        if (this.readRecord(i, this.recordsDepth) < 0) return false;
        this.state = State.ArrayAfter;
        return true;
      }
      case State.ArrayAfter: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        const c = buf[i];
        if (c === 44) {
          this.start = i + 1;
          this.state = State.ArrayElement;
        } else if (c === 93) {
          this.start = i + 1;
          this.state = this.wrapperLevels > 0 ? State.WrapperTail : State.End;
        } else cursor.unexpected(buf, i, end, "',' or ']' after a record");
        return true;
      }
      case State.WrapperTail:
        return this.wrapperTail();
      case State.LinesRecord: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        if (this.readRecord(i, 0) < 0) return false;
        this.state = State.LinesAfter;
        return true;
      }
      case State.LinesAfter: {
        const line = cursor.line;
        const i = cursor.ws(buf, this.start);
        if (i >= end) {
          if (!cursor.final) return false;
          this.state = State.Done;
          return true;
        }
        if (cursor.line === line) cursor.unexpected(buf, i, end, 'the end of input or a new line');
        this.start = i;
        this.state = State.LinesRecord;
        return true;
      }
      case State.End: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) {
          if (!cursor.final) return false;
          this.state = State.Done;
          return true;
        }
        return cursor.unexpected(buf, i, end, 'the end of input');
      }
      default:
        return true;
    }
  }

  private readRecord(i: number, depth: number): number {
    this.cursor.record = this.records + 1;
    const e = this.sink.record(this.buf, i, this.end, depth);
    if (e < 0) return e;
    this.records++;
    this.start = e;
    return e;
  }

  /** A map member's key and its `:`; the key goes to the sink before the value is read as a record. */
  private mapKey(): boolean {
    const { buf, end, cursor } = this;
    let i = cursor.ws(buf, this.start);
    if (i >= end) return false;
    if (buf[i] !== 34) cursor.unexpected(buf, i, end, 'a key string');
    const close = scanString(buf, i + 1, end, cursor);
    if (close < 0) return false;
    const key = decodeKey(buf, i + 1, close - 1, cursor, this.scratch);
    i = cursor.ws(buf, close);
    if (i >= end) return false;
    if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
    this.sink.recordKey?.(key);
    this.start = i + 1;
    this.state = State.MapValue;
    return true;
  }

  /** A top-level object: JSON Lines when another value follows on a later line, else a wrapper or one row. */
  private probeObject(): boolean {
    const { buf, end, cursor } = this;
    const line = cursor.line;
    const lineStart = cursor.lineStart;
    const e = skipValue(buf, this.start, end, 0, this.options.maxDepth, cursor);
    if (e < 0) {
      if (end - this.start < PROBE_LIMIT) return false;
      cursor.line = line;
      cursor.lineStart = lineStart;
      this.state = State.Wrapper;
      return true;
    }
    const valueLine = cursor.line;
    const next = cursor.ws(buf, e);
    if (next >= end && !cursor.final) return false;
    if (next < end && cursor.line === valueLine) cursor.unexpected(buf, next, end, 'the end of input or a new line');
    cursor.line = line;
    cursor.lineStart = lineStart;
    if (next < end) {
      this.sink.begin('records');
      this.state = State.LinesRecord;
    } else this.state = State.Wrapper;
    return true;
  }

  /** After the records array: validates and skips the rest of the wrapper objects, one property per step. */
  private wrapperTail(): boolean {
    const { buf, end, cursor } = this;
    let i = cursor.ws(buf, this.start);
    if (i >= end) return false;
    const c = buf[i];
    if (c === 125) {
      this.start = i + 1;
      this.wrapperLevels--;
      if (this.wrapperLevels === 0) this.state = State.End;
      return true;
    }
    if (c !== 44) cursor.unexpected(buf, i, end, "',' or '}'");
    i = cursor.ws(buf, i + 1);
    if (i >= end) return false;
    if (buf[i] !== 34) cursor.unexpected(buf, i, end, 'a key string');
    i = scanString(buf, i + 1, end, cursor);
    if (i < 0) return false;
    i = cursor.ws(buf, i);
    if (i >= end) return false;
    if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
    i = skipValue(buf, i + 1, end, this.wrapperLevels, this.options.maxDepth, cursor);
    if (i < 0) return false;
    this.start = i;
    return true;
  }
}
