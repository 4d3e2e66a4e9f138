import type { RecordSink, RecordsForm } from '../json/document-reader.js';
import type { CellWriter } from '../table/cell-writer.js';
import type { RowBuffer } from '../table/row-buffer.js';
import type { ColumnSet } from './column-set.js';
import type { RecordFlattener } from './record-flattener.js';
import type { RowsFlattener } from './rows-flattener.js';

const encoder = new TextEncoder();

/** Turns each record the reader finds into output rows, with the flattener its form needs. */
export class TableSink implements RecordSink {
  private form: RecordsForm = 'records';

  constructor(
    private readonly columns: ColumnSet,
    private readonly rows: RowBuffer,
    private readonly records: RecordFlattener,
    private readonly arrays: RowsFlattener,
    private readonly cells: CellWriter,
    /** The column of a map's keys when the records are a map's members (a plan's `records.keyColumn`). */
    private readonly keyColumn: string,
  ) {}

  private key: Uint8Array | null = null;

  recordKey(key: string): void {
    this.key = encoder.encode(key);
  }

  /** Records that were a header row, not data (1 for an array of arrays). */
  get headerRecords(): number {
    return this.form === 'rows' && !this.arrays.expectsHeader ? 1 : 0;
  }

  begin(form: RecordsForm): void {
    this.form = form;
  }

  record(buf: Uint8Array, i: number, end: number, depth: number): number {
    const header = this.form === 'rows' && this.arrays.expectsHeader;
    let e: number;
    try {
      if (this.key !== null) {
        const node = this.columns.root.child(this.keyColumn, encoder.encode(this.keyColumn), this.columns.separator);
        this.cells.text(this.columns.columnOf(node), this.key);
      }
      e = this.form === 'rows' ? this.arrays.parse(buf, i, end, depth) : this.records.parse(buf, i, end, depth);
    } catch (error) {
      // The reader may retry the record with more bytes: leave no partial row behind.
      this.rows.abortRow();
      throw error;
    }
    if (e < 0) this.rows.abortRow();
    else if (!header) this.rows.endRow(this.columns.width);
    return e;
  }
}
