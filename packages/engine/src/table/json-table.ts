import { visitingSink } from '../analysis/record-reader.js';
import type { ConversionAnalysis } from '../analysis/record-visitor.js';
import { type LeftOutNotice, MAX_LEFT_OUT_PARTS } from '../byte-source.js';
import type { ChildTables } from '../flatten/child-tables.js';
import { ColumnSet } from '../flatten/column-set.js';
import { MAP_KEY_COLUMN } from '../flatten/map-key-column.js';
import { compilePlan } from '../flatten/plan-trie.js';
import { RecordFlattener } from '../flatten/record-flattener.js';
import { RowBuffer } from '../flatten/row-buffer.js';
import { RowsFlattener } from '../flatten/rows-flattener.js';
import { TableSink } from '../flatten/table-sink.js';
import { DocumentReader, type RecordSink, type RecordsForm } from '../json/document-reader.js';
import { INCOMPLETE, JsonCursor } from '../json/json-cursor.js';
import { recordsPathOf } from '../json/records-path.js';
import type { NormalizedJsonToCsvOptions } from '../options.js';
import { GatheringSink } from '../plan/key-gathering.js';
import { Utf8Trust } from '../utf8/utf8-trust.js';
import { CsvCellWriter } from './csv-cells.js';
import { addNotedCells, addReplacedKeys, type NotedCells, type NotedCellsReport } from './noted-cells.js';
import { XlsxCellWriter } from './xlsx-cells.js';

const encoder = new TextEncoder();

/**
 * Hands each complete record to the table first, then to the analysis from the same bytes. When the
 * flattener can feed the analysis's exact counts itself (records, `index` arrays), the analysis walks only
 * the records it samples.
 */
class AnalysisTee implements RecordSink {
  private sampling = false;

  constructor(
    private readonly table: RecordSink,
    private readonly analysis: ConversionAnalysis,
    private readonly walker: RecordSink,
    /** Attaches an observer to the flattener, or says (null) that this conversion's flattener cannot feed one. */
    private readonly flattener: RecordFlattener | null,
  ) {}

  begin(form: RecordsForm): void {
    this.table.begin(form);
    this.walker.begin(form);
    if (form === 'records' && this.flattener !== null) {
      this.flattener.observe(this.analysis.observeLeaves());
      this.sampling = true;
    }
  }

  record(buf: Uint8Array, i: number, end: number, depth: number): number {
    const next = this.table.record(buf, i, end, depth);
    if (next !== INCOMPLETE && (!this.sampling || this.analysis.wantsRecord())) this.walker.record(buf, i, end, depth);
    return next;
  }

  /** A map member's key goes to the table (its key column); the analysis reads the record's own fields. */
  recordKey(key: string): void {
    this.table.recordKey?.(key);
  }
}

/**
 * Whether an object at the records path is read as a map of records (one row per member, its key in a
 * column): always with a records path, unless a plan says the records are an array.
 */
export function recordsMapAllowed(options: Pick<NormalizedJsonToCsvOptions, 'recordsPath' | 'plan'>): boolean {
  return options.recordsPath !== undefined && options.plan?.records?.shape !== 'array';
}

/** One json -> table conversion before its output: UTF-8 chunks in, spooled rows, header and width log out. */
export class JsonTable {
  readonly columns: ColumnSet;
  readonly rows: RowBuffer;
  private readonly reader: DocumentReader;
  private readonly sink: TableSink;
  /** The cells the formula guard changed (CSV and TSV output). */
  readonly guardedCells: NotedCells | null;
  /** The strings whose lone surrogate escapes were written as U+FFFD. */
  private readonly loneSurrogates: NotedCells;
  /** Whether `finish` reports them and the keys held twice; relational output reports every table's in one notice. */
  private reportsOwnNotices = true;

  /** Whether the input's UTF-8 is known valid, so string cells may copy it unchecked. */
  private readonly trust: Utf8Trust;
  private readonly onNotice: NormalizedJsonToCsvOptions['onNotice'];

  constructor(options: NormalizedJsonToCsvOptions) {
    this.trust = new Utf8Trust(options.isUtf8);
    this.onNotice = options.onNotice;
    this.columns = new ColumnSet(options.separator);
    const format = options.format === 'xlsx' ? 'xlsx' : 'csv';
    this.rows = new RowBuffer(
      format,
      encoder.encode(options.delimiter),
      encoder.encode(options.eol === 'crlf' ? '\r\n' : '\n'),
    );
    const cursor = new JsonCursor();
    const csvCells =
      format === 'xlsx' ? null : new CsvCellWriter(this.rows, cursor, options.delimiter, options.excelSafe, this.trust);
    this.guardedCells = csvCells?.guarded ?? null;
    const cells = csvCells ?? new XlsxCellWriter(this.rows, cursor, (col) => this.columns.headers[col] ?? '');
    this.loneSurrogates = cells.loneSurrogates;
    const plan = options.plan;
    const compiled = plan === undefined ? null : compilePlan(plan);
    if (compiled !== null) this.columns.root.attachPlan(compiled);
    const flattener = new RecordFlattener(this.columns, cells, this.rows, cursor, options.arrays, options.maxDepth);
    this.sink = new TableSink(
      this.columns,
      this.rows,
      flattener,
      new RowsFlattener(this.columns, cells, cursor, options.maxDepth),
      cells,
      plan?.records?.keyColumn ?? null,
    );
    // A plan that gathers keys into one `*` cell reshapes each record first; the analysis reads the input's.
    const table: RecordSink =
      compiled?.gathersBelow === true ? new GatheringSink(this.sink, compiled, cursor, options.maxDepth) : this.sink;
    const analysis = options.analysis;
    this.reader = new DocumentReader(
      analysis
        ? new AnalysisTee(
            table,
            analysis,
            visitingSink(analysis, options.separator, options.maxDepth),
            options.arrays === 'index' && plan === undefined ? flattener : null,
          )
        : table,
      {
        recordsPath: recordsPathOf(options.recordsPath),
        recordsMap: recordsMapAllowed(options),
        maxDepth: options.maxDepth,
        onRecordsPath: (path) => options.onNotice?.({ kind: 'records-path', path }),
      },
      cursor,
    );
  }

  /**
   * Relational output: an id column first, and the plan's `table` values sent to `tables`; each record (by its
   * number, from 1) that holds a key twice is told to `onRepeatedKey` with the key's column, not reported here.
   */
  relational(tables: ChildTables, onRepeatedKey: (record: number, col: number) => void): void {
    this.sink.relational(tables);
    this.sink.onRepeatedKey = onRepeatedKey;
    this.reportsOwnNotices = false;
  }

  /** Reads a UTF-8 chunk. */
  push(chunk: Uint8Array): void {
    this.trust.accept(chunk);
    this.reader.push(chunk);
  }

  /** Ends the input. */
  finish(): void {
    this.trust.end();
    this.reader.finish();
    this.rows.finish();
    const keyColumn = this.columns.nameMapKeyColumn();
    if (keyColumn !== null && keyColumn !== MAP_KEY_COLUMN) this.onNotice?.({ kind: 'key-column', name: keyColumn });
    const repeated = this.sink.repeatedKeys;
    if (repeated !== null && this.reportsOwnNotices) {
      const { records, record, col } = repeated;
      this.onNotice?.({ kind: 'duplicate-keys', repeated: { records, record, key: this.columns.headers[col] ?? '' } });
    }
    if (this.reportsOwnNotices) {
      const replaced: NotedCellsReport = { cells: 0, examples: [] };
      this.addLoneSurrogates(replaced, this.columns.headers);
      if (replaced.cells > 0) this.onNotice?.({ kind: 'lone-surrogates', ...replaced });
    }
  }

  /**
   * Adds the strings whose lone surrogate escapes were written as U+FFFD to `report`: keys (in the column names)
   * first, then cells, each example named from `headers` after `prefix`.
   */
  addLoneSurrogates(report: NotedCellsReport, headers: readonly string[], prefix = ''): void {
    addReplacedKeys(report, this.columns, headers, prefix);
    addNotedCells(report, this.loneSurrogates, headers, prefix);
  }

  /** Output chunks ready for the spool. */
  take(): Uint8Array[] {
    return this.rows.take();
  }

  /** What the conversion left out of the document (null when nothing was), once the input has ended. */
  get leftOut(): LeftOutNotice | null {
    const reader = this.reader;
    if (reader.leftOut.length === 0) return null;
    const parts = [...reader.leftOut]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, MAX_LEFT_OUT_PARTS)
      .map(({ path, bytes }) => ({ path, bytes }));
    return {
      kind: 'left-out',
      parts,
      count: reader.leftOut.length,
      bytes: reader.leftOutBytes,
      recordsBytes: reader.recordsBytes,
    };
  }

  /** Whether the input was read as JSON Lines. */
  get readsLines(): boolean {
    return this.reader.readsLines;
  }

  /** Whether the input was a top-level array of records. */
  get readsArray(): boolean {
    return this.reader.readsArray;
  }

  /** Whether every column's header is a path (`items.0.sku`), not a name from an array of arrays' header row. */
  get headersArePaths(): boolean {
    return !this.sink.readsRows;
  }

  /** Data records read (a header row of an array of arrays is not one). */
  get records(): number {
    return this.reader.records - this.sink.headerRecords;
  }
}
