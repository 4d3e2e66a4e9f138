import { ColumnSet } from '../flatten/column-set.js';
import { RecordFlattener } from '../flatten/record-flattener.js';
import { RowsFlattener } from '../flatten/rows-flattener.js';
import { TableSink } from '../flatten/table-sink.js';
import { DocumentReader } from '../json/document-reader.js';
import { JsonCursor } from '../json/json-cursor.js';
import type { NormalizedJsonToCsvOptions } from '../options.js';
import type { CellWriter } from './cell-writer.js';
import { CsvCellWriter } from './csv-cells.js';
import { RowBuffer } from './row-buffer.js';
import { XlsxCellWriter } from './xlsx-cells.js';

const encoder = new TextEncoder();

/** One json -> table conversion before its output: UTF-8 chunks in, spooled rows, header and width log out. */
export class JsonTable {
  readonly columns: ColumnSet;
  readonly rows: RowBuffer;
  private readonly reader: DocumentReader;
  private readonly sink: TableSink;

  constructor(options: NormalizedJsonToCsvOptions) {
    this.columns = new ColumnSet(options.separator);
    const format = options.format === 'xlsx' ? 'xlsx' : 'csv';
    this.rows = new RowBuffer(
      format,
      encoder.encode(options.delimiter),
      encoder.encode(options.eol === 'crlf' ? '\r\n' : '\n'),
    );
    const cursor = new JsonCursor();
    const cells: CellWriter =
      format === 'xlsx'
        ? new XlsxCellWriter(this.rows, cursor)
        : new CsvCellWriter(this.rows, cursor, options.delimiter, options.excelSafe);
    this.sink = new TableSink(
      this.columns,
      this.rows,
      new RecordFlattener(this.columns, cells, this.rows, cursor, options.arrays, options.maxDepth),
      new RowsFlattener(this.columns, cells, cursor, options.maxDepth),
    );
    this.reader = new DocumentReader(
      this.sink,
      {
        recordsPath: options.recordsPath === undefined ? null : options.recordsPath.split('.'),
        maxDepth: options.maxDepth,
        onRecordsPath: (path) => options.onNotice?.({ kind: 'records-path', path }),
      },
      cursor,
    );
  }

  /** Reads a UTF-8 chunk. */
  push(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  /** Ends the input. */
  finish(): void {
    this.reader.finish();
    this.rows.finish();
  }

  /** Output chunks ready for the spool. */
  take(): Uint8Array[] {
    return this.rows.take();
  }

  /** Data records read (a header row of an array of arrays is not one). */
  get records(): number {
    return this.reader.records - this.sink.headerRecords;
  }
}
