import { ByteBuilder } from '../json/byte-builder.js';
import type { RecordSink, RecordsForm } from '../json/document-reader.js';
import type { CellWriter } from './cell-writer.js';
import type { ChildTables } from './child-tables.js';
import type { ColumnSet, PathNode } from './column-set.js';
import type { RecordFlattener } from './record-flattener.js';
import type { RowBuffer } from './row-buffer.js';
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
    /**
     * The column of a map's keys when the records are a map's members: a plan's `records.keyColumn`, or null
     * for the column set's own map-key node, named once every record is seen.
     */
    keyColumn: string | null,
  ) {
    this.keyNode = keyColumn === null ? columns.mapKeyNode() : columns.namedChild(columns.root, keyColumn);
  }

  private readonly keyNode: PathNode;
  private key: Uint8Array | null = null;
  /** The record's key when the records are a map's members: its natural key in relational output. */
  private memberKey: string | null = null;
  /** Relational output: each record's id goes first into `\#id`, and its `table` values to these tables. */
  private tables: ChildTables | null = null;
  private nextId = 1;
  private readonly idText = new ByteBuilder();
  /** Records written, and those that held a key twice (the first of them: its number and the key's column). */
  private written = 0;
  repeatedKeys: { records: number; record: number; col: number } | null = null;
  /** Relational output: told of each record (by its number, from 1) that held a key twice, and the key's column. */
  onRepeatedKey: ((record: number, col: number) => void) | null = null;

  /** Gives every record an id column and sends the plan's `table` values to `tables`. */
  relational(tables: ChildTables): void {
    this.tables = tables;
    this.records.tables = tables;
  }

  recordKey(key: string): void {
    this.memberKey = key;
    this.key = encoder.encode(key);
  }

  /** Records that were a header row, not data (1 for an array of arrays). */
  get headerRecords(): number {
    return this.form === 'rows' && !this.arrays.expectsHeader ? 1 : 0;
  }

  /** Whether the records are an array of arrays, whose columns are named by a header row, not paths. */
  get readsRows(): boolean {
    return this.form === 'rows';
  }

  begin(form: RecordsForm): void {
    this.form = form;
  }

  record(buf: Uint8Array, i: number, end: number, depth: number): number {
    const header = this.form === 'rows' && this.arrays.expectsHeader;
    let e: number;
    const tables = this.tables;
    try {
      if (tables !== null) {
        this.idText.length = 0;
        this.idText.appendAscii(String(this.nextId));
        const id = this.idText.view();
        this.cells.literal(this.columns.columnOf(this.columns.recordIdNode()), id, 0, id.length);
      }
      if (this.key !== null) {
        this.cells.text(this.columns.columnOf(this.keyNode), this.key);
      }
      e = this.form === 'rows' ? this.arrays.parse(buf, i, end, depth) : this.records.parse(buf, i, end, depth);
    } catch (error) {
      // The reader may retry the record with more bytes: leave no partial row behind.
      this.rows.abortRow();
      this.cells.abortRecord();
      tables?.abort();
      throw error;
    }
    if (e < 0) {
      this.rows.abortRow();
      this.cells.abortRecord();
      tables?.abort();
    } else if (!header) {
      this.cells.commitRecord();
      this.written++;
      const repeated = this.rows.endRow(this.columns.width);
      if (repeated >= 0) {
        this.repeatedKeys ??= { records: 0, record: this.written, col: repeated };
        this.repeatedKeys.records++;
        this.onRepeatedKey?.(this.written, repeated);
      }
      tables?.commit(this.nextId++, buf, i, e, this.memberKey);
    }
    return e;
  }
}
