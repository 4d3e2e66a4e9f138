import { type ByteSource, iterateBytes } from '../byte-source.js';
import { ConversionError } from '../errors.js';
import { ByteBuilder } from '../json/byte-builder.js';
import { DocumentReader, type LeftOutPart, type RecordSink, type RecordsForm } from '../json/document-reader.js';
import { InputDecoder } from '../json/input-encoding.js';
import { INCOMPLETE, JsonCursor } from '../json/json-cursor.js';
import { recordsPathOf } from '../json/records-path.js';
import { appendMinified, skipValue } from '../json/skip-value.js';
import { DEFAULT_MAX_DEPTH } from '../options.js';
import type { RecordVisitor } from './record-visitor.js';

/** Where the records are and how paths are written. */
export interface RecordReaderOptions {
  separator: string;
  recordsPath?: string | undefined;
  maxDepth?: number | undefined;
  onProgress?: ((bytesRead: number) => void) | undefined;
  /** An object at the records path is a map whose members are the records (see `DocumentReaderOptions`). */
  recordsMap?: boolean | undefined;
  /** Told where auto-detection found the records array. */
  onRecordsPath?: ((path: string) => void) | undefined;
  /** Told, once the document has been read, what it held besides the records (values counted). */
  onLeftOut?: ((parts: readonly LeftOutPart[]) => void) | undefined;
}

const decoder = new TextDecoder();

/**
 * Finds the end of each record (validating it: the same reader and checks as json2csv, so the same errors
 * with the same positions), then hands it to the visitor. An array of arrays is read as json2csv reads it:
 * the first row names the columns, later rows fill them by position, a container in a row is one cell of
 * JSON text.
 */
class VisitingSink implements RecordSink {
  private form: RecordsForm = 'records';
  private names: string[] | null = null;
  private readonly text = new ByteBuilder();

  constructor(
    private readonly visitor: RecordVisitor,
    private readonly cursor: JsonCursor,
    private readonly maxDepth: number,
    /** True when the records were validated before they come here (json2csv's tee): no second check. */
    private readonly validated: boolean,
  ) {}

  begin(form: RecordsForm): void {
    this.form = form;
  }

  recordKey(key: string): void {
    this.visitor.recordKey?.(key);
  }

  record(buf: Uint8Array, i: number, end: number, depth: number): number {
    if (this.validated && this.form === 'records') return this.visitor.record(buf, i, end);
    const e = skipValue(buf, i, end, depth, this.maxDepth, this.cursor);
    if (e === INCOMPLETE) return INCOMPLETE;
    if (this.form === 'rows') this.row(buf, i, e, end, depth);
    else this.visitor.record(buf, i, end);
    return e;
  }

  private row(buf: Uint8Array, i: number, e: number, end: number, depth: number): void {
    const cells = buf[i] === 91 ? this.cells(buf, i, end, depth) : [[i, e] as const];
    if (this.names === null) {
      this.names = cells.map(([start, stop]) => {
        this.text.length = 0;
        appendMinified(this.text, buf, start, stop);
        const text = decoder.decode(this.text.view());
        return buf[start] === 34 ? (JSON.parse(text) as string) : text;
      });
      return;
    }
    this.visitor.row(buf, end, cells, this.names);
  }

  /** The [start, end) of each element of the validated array at `i`. */
  private cells(buf: Uint8Array, i: number, end: number, depth: number): (readonly [number, number])[] {
    const cells: (readonly [number, number])[] = [];
    let j = this.skipSpace(buf, i + 1);
    if (buf[j] === 93) return cells;
    for (;;) {
      const stop = skipValue(buf, j, end, depth + 1, this.maxDepth, this.cursor);
      cells.push([j, stop]);
      j = this.skipSpace(buf, stop);
      if (buf[j] === 93) return cells;
      j = this.skipSpace(buf, j + 1);
    }
  }

  private skipSpace(buf: Uint8Array, i: number): number {
    let j = i;
    while (buf[j] === 32 || buf[j] === 10 || buf[j] === 13 || buf[j] === 9) j++;
    return j;
  }
}

/**
 * A sink that hands each record read by a DocumentReader to `visitor`, whose paths must join keys with
 * `separator` (INVALID_OPTION otherwise: its columns would not be the CSV's). Given the reader's cursor, it
 * validates each record first, so errors carry their position. Without one it is json2csv's tee: records
 * come already validated (a cursor of its own finds the cells of an array of arrays; a cursor counts lines
 * as it scans, so it cannot be shared).
 */
export function visitingSink(
  visitor: RecordVisitor,
  separator: string,
  maxDepth: number,
  cursor?: JsonCursor,
): RecordSink {
  if (visitor.separator !== separator) {
    throw new ConversionError(
      'INVALID_OPTION',
      `The analysis joins keys with '${visitor.separator}' but the conversion with '${separator}'; give both the same separator.`,
    );
  }
  return new VisitingSink(visitor, cursor ?? new JsonCursor(), maxDepth, cursor === undefined);
}

/** Reads the JSON document `input` to the end, handing every record to `visitor`; `afterChunk` runs after each input chunk. */
export async function readRecords(
  input: ByteSource,
  options: RecordReaderOptions,
  visitor: RecordVisitor,
  afterChunk?: () => Promise<void>,
): Promise<void> {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const cursor = new JsonCursor();
  const reader = new DocumentReader(
    visitingSink(visitor, options.separator, maxDepth, cursor),
    {
      recordsPath: recordsPathOf(options.recordsPath),
      maxDepth,
      recordsMap: options.recordsMap === true,
      ...(options.onRecordsPath ? { onRecordsPath: options.onRecordsPath } : {}),
      countLeftOutValues: options.onLeftOut !== undefined,
    },
    cursor,
  );
  const decoder = new InputDecoder();
  let bytesRead = 0;
  for await (const chunk of iterateBytes(input)) {
    bytesRead += chunk.length;
    for (const utf8 of decoder.push(chunk)) reader.push(utf8);
    options.onProgress?.(bytesRead);
    await afterChunk?.();
  }
  for (const utf8 of decoder.end()) reader.push(utf8);
  reader.finish();
  options.onLeftOut?.(reader.leftOut);
  await afterChunk?.();
}
