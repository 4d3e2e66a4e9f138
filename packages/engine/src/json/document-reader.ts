import { ConversionError, type InputPosition } from '../errors.js';
import { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, JsonCursor, NEED_MORE_BYTES } from './json-cursor.js';
import { decodeKey, scanString } from './json-string.js';
import { chooseRecordSet, describeRecordSet, findRecordSets, type RecordSet, recordSetPath } from './record-sets.js';
import { ABSENT, locateRecords, type SkippedMember } from './records-locator.js';
import { TOP_LEVEL } from './records-path.js';
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

/** A member of a wrapper object left out of the conversion: not the records, nor on the way to them. */
export interface LeftOutPart {
  /** Its keys as a records path (`meta`, `data.links`). */
  path: string;
  /** Bytes of its value. */
  bytes: number;
  /** Scalars and empty containers in its value (counted only when the options ask). */
  values: number;
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
  /** Count the values of each part left out (`LeftOutPart.values`), for a comparison; 0 otherwise. */
  countLeftOutValues?: boolean;
}

/**
 * A top-level object this small is read whole first, to tell a single object or a wrapper from the first
 * line of JSON Lines, and surveyed to choose its records by size; a bigger one is streamed as a wrapper
 * around its first array of objects (checked at the end against the record sets it left out).
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
  /** The records path auto-detection chose by surveying the whole top-level object first. */
  private surveyed: RecordSet | null = null;
  /** The keys of the wrapper objects around the records, outermost first. */
  private wrapperKeys: string[] = [];
  /** A document too big to survey first: the record sets found in what was left out, to check at the end. */
  private unsurveyedRivals: RecordSet[] | null = null;
  /** Absolute offset of the records' array or map, or -1 while not found or when the records are not one. */
  private recordsStart = -1;
  /** Bytes of the records: their array or map, or each record of JSON Lines or a lone value. */
  recordsBytes = 0;
  /** The wrapper members left out, in document order. */
  readonly leftOut: LeftOutPart[] = [];
  /** Bytes of every part left out. */
  leftOutBytes = 0;
  /** Whether the document is read as JSON Lines (top-level values one after another, each a record). */
  readsLines = false;
  /** Whether the document is a top-level array, its elements the records. */
  readsArray = false;

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
          this.recordsStart = cursor.base + i;
          this.start = i + 1;
          this.recordsDepth = 1;
          this.readsArray = true;
          this.state = State.ArrayFirst;
        } else if (c === 123 && this.options.recordsMap === true && this.options.recordsPath?.length === 0) {
          this.recordsStart = cursor.base + i;
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
          this.readsLines = true;
          this.state = State.LinesRecord;
        }
        return true;
      }
      case State.ObjectProbe:
        return this.probeObject();
      case State.Wrapper: {
        const line = cursor.line;
        const lineStart = cursor.lineStart;
        const path = this.options.recordsPath ?? this.surveyed?.keys ?? null;
        const found = locateRecords(
          buf,
          this.start,
          end,
          cursor,
          path,
          this.options.maxDepth,
          this.scratch,
          this.options.recordsMap === true || this.surveyed?.map === true,
        );
        if (found === INCOMPLETE) return false;
        if (found === ABSENT) {
          // Report the position of the object searched, not of its end.
          cursor.line = line;
          cursor.lineStart = lineStart;
          if (path !== null) {
            cursor.fail('RECORDS_PATH_NOT_FOUND', `No array at "${recordSetPath({ keys: [...path] })}"`, this.start);
          }
          this.sink.begin('records');
          this.state = State.Single;
          return true;
        }
        if (this.options.recordsPath === null) this.options.onRecordsPath?.(recordSetPath(found));
        if (path === null) this.unsurveyedRivals = [];
        for (const member of found.skipped) this.leaveOut(member);
        this.wrapperKeys = found.keys;
        this.wrapperLevels = found.keys.length;
        this.recordsDepth = found.keys.length + 1;
        this.recordsStart = cursor.base + found.containerStart;
        this.start = found.contentStart;
        this.state = found.map ? State.MapFirst : State.ArrayFirst;
        return true;
      }
      case State.MapFirst: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        this.sink.begin('records');
        if (buf[i] === 125) {
          this.recordsEnd(i + 1);
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
        } else if (c === 125) this.recordsEnd(i + 1);
        else cursor.unexpected(buf, i, end, "',' or '}' after a record");
        return true;
      }
      case State.Single: {
        const start = this.start;
        const e = this.readRecord(start, 0);
        if (e < 0) return false;
        this.recordsBytes += e - start;
        this.state = State.End;
        return true;
      }
      case State.ArrayFirst: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        this.start = i;
        if (buf[i] === 93) {
          this.recordsEnd(i + 1);
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
        } else if (c === 93) this.recordsEnd(i + 1);
        else cursor.unexpected(buf, i, end, "',' or ']' after a record");
        return true;
      }
      case State.WrapperTail:
        return this.wrapperTail();
      case State.LinesRecord: {
        const i = cursor.ws(buf, this.start);
        if (i >= end) return false;
        const e = this.readRecord(i, 0);
        if (e < 0) return false;
        this.recordsBytes += e - i;
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
          this.checkUnsurveyedChoice();
          this.state = State.Done;
          return true;
        }
        return cursor.unexpected(buf, i, end, 'the end of input');
      }
      default:
        return true;
    }
  }

  /** The records' array or map ended just before `j`: what follows is the rest of the wrappers. */
  private recordsEnd(j: number): void {
    this.recordsBytes = this.cursor.base + j - this.recordsStart;
    this.start = j;
    this.state = this.wrapperLevels > 0 ? State.WrapperTail : State.End;
  }

  /** Lists a wrapper member left out; in a document not surveyed first, notes the record sets it holds. */
  private leaveOut(member: SkippedMember): void {
    const bytes = member.end - member.start;
    this.leftOutBytes += bytes;
    const values = this.options.countLeftOutValues === true ? countValues(this.buf, member.start, member.end) : 0;
    this.leftOut.push({ path: recordSetPath(member), bytes, values });
    this.unsurveyedRivals?.push(...findRecordSets(this.buf, member.start, member.end, member.keys));
  }

  /**
   * In a document too big to survey before converting, the records are the first array of objects; at the
   * end, a record set left out that is bigger, or big enough to be a rival, fails the conversion (before any
   * output) with the choices.
   */
  private checkUnsurveyedChoice(): void {
    const rivals = this.unsurveyedRivals;
    if (rivals === null || rivals.length === 0) return;
    const converted: RecordSet = { keys: this.wrapperKeys, map: false, count: this.records, bytes: this.recordsBytes };
    const choice = chooseRecordSet([converted, ...rivals]);
    if (choice.kind === 'ambiguous') throw ambiguousRecords(choice.sets);
    if (choice.kind === 'chosen' && choice.set !== converted) throw ambiguousRecords([converted, choice.set]);
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
      this.readsLines = true;
      this.state = State.LinesRecord;
    } else if (e - this.start > PROBE_LIMIT) {
      // Streamed as a wrapper however it arrived, so that the records found do not depend on the chunks.
      this.state = State.Wrapper;
    } else this.chooseRecords(e);
    return true;
  }

  /**
   * The whole top-level object (ending at `e`) is buffered: the records are its largest record set by bytes,
   * the object's own members when it is a map of records; it is one record when it holds none.
   */
  private chooseRecords(e: number): void {
    const choice = chooseRecordSet(findRecordSets(this.buf, this.start, e));
    if (choice.kind === 'ambiguous') throw ambiguousRecords(choice.sets, this.cursor.positionAt(this.start));
    if (choice.kind === 'chosen' && choice.set.keys.length === 0) {
      this.options.onRecordsPath?.(TOP_LEVEL);
      this.recordsStart = this.cursor.base + this.start;
      this.start++;
      this.recordsDepth = 1;
      this.state = State.MapFirst;
      return;
    }
    if (choice.kind === 'none') {
      this.sink.begin('records');
      this.state = State.Single;
      return;
    }
    this.surveyed = choice.set;
    this.state = State.Wrapper;
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
    const close = scanString(buf, i + 1, end, cursor);
    if (close < 0) return false;
    const key = decodeKey(buf, i + 1, close - 1, cursor, this.scratch);
    i = cursor.ws(buf, close);
    if (i >= end) return false;
    if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
    const valueStart = cursor.ws(buf, i + 1);
    if (valueStart >= end) return false;
    i = skipValue(buf, valueStart, end, this.wrapperLevels, this.options.maxDepth, cursor);
    if (i < 0) return false;
    this.leaveOut({ keys: [...this.wrapperKeys.slice(0, this.wrapperLevels - 1), key], start: valueStart, end: i });
    this.start = i;
    return true;
  }
}

/** RECORDS_AMBIGUOUS: the record sets that could each be the records, to choose from with a records path. */
function ambiguousRecords(sets: readonly RecordSet[], position?: InputPosition): ConversionError {
  return new ConversionError(
    'RECORDS_AMBIGUOUS',
    `Several record sets: ${sets.map(describeRecordSet).join(', ')}; choose one with a records path (--records)`,
    position,
  );
}

/** Scalars and empty containers in the validated value [start, end): the values a comparison counts. */
function countValues(buf: Uint8Array, start: number, end: number): number {
  let values = 0;
  for (let i = start; i < end; i++) {
    const c = buf[i] as number;
    if (c === 34) {
      i++;
      while (buf[i] !== 34) i += buf[i] === 92 ? 2 : 1;
      // A key is followed by its colon; a string value is not.
      let j = i + 1;
      while (buf[j] === 32 || buf[j] === 10 || buf[j] === 13 || buf[j] === 9) j++;
      if (buf[j] !== 58) values++;
    } else if (c === 123 || c === 91) {
      let j = i + 1;
      while (buf[j] === 32 || buf[j] === 10 || buf[j] === 13 || buf[j] === 9) j++;
      if (buf[j] === 125 || buf[j] === 93) {
        values++;
        i = j;
      }
    } else if (c === 45 || (c >= 48 && c <= 57) || c === 116 || c === 102 || c === 110) {
      values++;
      while (i + 1 < end && isScalarByte(buf[i + 1] as number)) i++;
    }
  }
  return values;
}

/** Bytes that continue a number or a literal (`true`, `1.5e-3`). */
function isScalarByte(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 43 || c === 45 || c === 46 || (c >= 65 && c <= 90);
}
