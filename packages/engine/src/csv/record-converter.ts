import { unguardFormula } from '../formula-guard.js';
import type { OutputBuffer } from '../json-out/output-buffer.js';
import type { NormalizedCsvToJsonOptions } from '../options.js';
import { compileRowTemplate } from '../unflatten/row-template.js';
import type { Utf8Trust } from '../utf8/utf8-trust.js';
import { cellBytes } from './cell-bytes.js';
import { CELL_QUOTED } from './cell-flags.js';
import { CellUtf8Check } from './cell-utf8-check.js';
import { ColumnTally } from './column-types.js';
import { CsvParser } from './csv-parser.js';
import { FlatRecordWriter } from './flat-record-writer.js';
import { uniqueHeaderNames } from './header-names.js';
import { JsonRecordOutput, joinBytes, RECORD_LEVEL } from './json-record-output.js';
import { NestedRecordWriter } from './nested-record-writer.js';
import { ParsedFlatRecordWriter } from './parsed-flat-record-writer.js';
import { checkCell, type RecordCells, writeInferredCell } from './record-cells.js';
import { isNumberText, isRepeatableHeader, looksLikeNewHeader, sameNames, stackedHeaderNames } from './table-edges.js';

const encoder = new TextEncoder();

/**
 * The passes of per-column typing: `count` tallies each column's cells and writes no record (the first pass);
 * `apply` writes each cell as its column's type says (a COLUMN_* per header column).
 */
export type ColumnPass = { kind: 'count' } | { kind: 'apply'; types: Uint8Array };

/**
 * Turns parsed CSV records into JSON bytes. The header row chooses how records are written: flat
 * headers by ParsedFlatRecordWriter, with FlatRecordWriter taking over as a one-pass shortcut from
 * the second record on; nested headers (`a.b`) by NestedRecordWriter; without a header each record
 * is an array. This class frames the records and counts them.
 *
 * Layout: compact output is `[`, one record per line, `]`; `pretty` indents with two spaces like
 * `JSON.stringify(value, null, 2)`; `ndjson` writes one compact record per line (and wins over
 * `pretty`).
 */
export class RecordConverter {
  private readonly parser: CsvParser;
  private readonly delimiter: number;
  private readonly cells: RecordCells;
  private readonly firstRecordStart: Uint8Array;
  private readonly recordStart: Uint8Array;
  private writer: ParsedFlatRecordWriter | NestedRecordWriter | undefined;
  /** Takes over flat records once the first is written (see FlatRecordWriter). */
  private flatWriter: FlatRecordWriter | undefined;
  /** The header's column count. */
  private columns = 0;
  /** Records written by the writers above, the shortcut's not included. */
  private records = 0;
  /** Without a header: the most cells in a record. */
  private widest = 0;
  /** Rows read so far before the records: the preamble and the header rows. */
  private rowsBefore = 0;
  /** The header rows read so far (with several, they are stacked). */
  private readonly headerRows: string[][] = [];
  /** The header's names as written (before duplicates are renamed): a row with these repeats the header. */
  private headerNames: string[] = [];
  /** Whether a row repeating the header is taken for the header written again (see isRepeatableHeader). */
  private headerRepeatable = false;
  /** The header's first name as UTF-8: only a row whose first cell is this is compared with the whole header. */
  private headerFirst = new Uint8Array(0);
  /** Columns whose cell in the first record is a number: a row after a blank line with text there is a header. */
  private numericColumns: boolean[] = [];
  /** The previous row was blank: the next one may be the header of a second table. */
  private afterBlank = false;
  /** Where the rows stopped being records (a second table), and how many rows were left unread from there. */
  private secondTable: { line: number; rows: number } | undefined;
  /** The header's names as the records' keys (duplicates renamed), once the header is read. */
  headers: string[] = [];
  /** In a `count` pass: each column's cells counted, once the header is read. */
  tally: ColumnTally | undefined;
  /** Rows read right after a blank line (each one was looked at as a possible second table's header). */
  rowsAfterBlank = 0;

  constructor(
    private readonly out: OutputBuffer,
    private readonly options: NormalizedCsvToJsonOptions,
    delimiter: string,
    private readonly trust: Utf8Trust,
    skipRows = 0,
    private readonly stackedRows = 1,
    private readonly columnPass?: ColumnPass,
  ) {
    const pretty = options.pretty && !options.ndjson;
    this.firstRecordStart = encoder.encode(pretty ? '[\n  ' : '[\n');
    this.recordStart = encoder.encode(pretty ? ',\n  ' : ',\n');
    this.delimiter = delimiter.charCodeAt(0);
    this.parser = new CsvParser(this.delimiter, options.maxFieldBytes, (data, count) => {
      if (this.rowsBefore < skipRows) this.rowsBefore++;
      else if (this.secondTable !== undefined) this.secondTable.rows++;
      else if (!options.header) this.writeArrayRecord(data, count);
      else if (this.writer === undefined) this.readHeaderRow(data, count);
      else this.writeRecord(this.writer, data, count);
    });
    this.parser.headerRows = skipRows + (options.header ? stackedRows : 0);
    this.parser.onStrayQuote = (position) =>
      options.onNotice?.({ kind: 'stray-quote', line: position.line ?? 0, column: position.column ?? 0 });
    this.cells = {
      parser: this.parser,
      rules: { types: options.types && options.header, excelSafe: options.excelSafe },
      utf8: new CellUtf8Check(this.parser, trust, () => this.recordsWritten() + 1),
      output: new JsonRecordOutput(out, pretty),
      columnTypes: columnPass?.kind === 'apply' ? columnPass.types : undefined,
    };
  }

  /** Whether the input pushed so far ends with a whole record (or row of the header), none cut in two. */
  get betweenRecords(): boolean {
    return this.parser.betweenRecords;
  }

  /** Converts the next chunk of UTF-8 input. */
  push(chunk: Uint8Array): void {
    this.parser.push(chunk);
  }

  /** Converts the rest of the input, closes the JSON and reports the summary. */
  end(): void {
    this.parser.end();
    if (!this.options.ndjson) this.out.write(encoder.encode(this.recordsWritten() > 0 ? '\n]\n' : '[]\n'));
    if (this.secondTable !== undefined) this.options.onNotice?.({ kind: 'second-table', ...this.secondTable });
    if (this.options.header && this.recordsWritten() === 0 && this.headerNames.length > 0) {
      this.options.onNotice?.({ kind: 'no-records', columns: this.headerNames });
    }
    this.options.onNotice?.({
      kind: 'summary',
      records: this.recordsWritten(),
      columns: this.options.header ? this.columns : this.widest,
    });
  }

  /** The row's cells as text (off the hot path: header rows and rows that may start a second table). */
  private rowTexts(data: Uint8Array, count: number): string[] {
    const { starts, ends, flags } = this.parser;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const texts: string[] = [];
    for (let c = 0; c < count; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      this.cells.utf8.check(data, start, end, cellFlags);
      const text = decoder.decode(cellBytes(data, start, end, cellFlags));
      texts.push(this.options.excelSafe ? unguardFormula(text) : text);
    }
    return texts;
  }

  /** Takes one header row; once all are there, the header is set up. */
  private readHeaderRow(data: Uint8Array, count: number): void {
    this.headerRows.push(this.rowTexts(data, count));
    if (this.headerRows.length < this.stackedRows) return;
    const names = stackedHeaderNames(this.headerRows);
    this.headerNames = names;
    this.headerFirst = encoder.encode(names[0] ?? '');
    this.headerRepeatable = this.stackedRows === 1 && isRepeatableHeader(names);
    const { starts, ends, flags } = this.parser;
    // The first cell as written, quotes included, and the delimiter: records starting so may repeat the header.
    const quoted = ((flags[0] ?? 0) & CELL_QUOTED) !== 0;
    const firstStart = (starts[0] ?? 0) - (quoted ? 1 : 0);
    const firstEnd = (ends[0] ?? 0) + (quoted ? 1 : 0);
    const headerStart =
      count > 1 && this.stackedRows === 1 && firstEnd > firstStart + (quoted ? 2 : 0)
        ? joinBytes(data.slice(firstStart, firstEnd), String.fromCharCode(this.delimiter))
        : new Uint8Array(0);
    this.setUpWriters(names, headerStart);
    this.parser.expectedCells = this.columns;
  }

  private setUpWriters(names: string[], headerStart: Uint8Array): void {
    const headers = uniqueHeaderNames(names, this.options.onNotice);
    const template = compileRowTemplate(headers, this.options.separator, this.options.unflatten);
    this.columns = headers.length;
    this.headers = headers;
    if (this.columnPass?.kind === 'count') this.tally = new ColumnTally(this.columns);
    // Leaving empty cells out is the nested writer's: a flat header read for a comparison takes it too.
    if (!template.flat || this.options.onOmittedNulls !== undefined) {
      this.writer = new NestedRecordWriter(this.cells, template, this.columns, this.options.onOmittedNulls);
      return;
    }
    const output = this.cells.output;
    const recordEnd = encoder.encode(output.pretty ? '\n  }' : '}');
    const writer = new ParsedFlatRecordWriter(this.cells, template, this.columns, recordEnd);
    this.writer = writer;
    // Per-column typing takes the general way: the shortcut's loop stays the per-cell hot path it is.
    if (this.columnPass === undefined && FlatRecordWriter.fits(writer.prefixes, this.columns)) {
      const layout = {
        lead: this.options.ndjson ? new Uint8Array(0) : this.recordStart,
        prefixes: writer.prefixes,
        prefixEnds: writer.prefixEnds,
        tail: this.options.ndjson ? joinBytes(recordEnd, '\n') : recordEnd,
        headerStart,
      };
      const { types, excelSafe } = this.cells.rules;
      this.flatWriter = new FlatRecordWriter(this.out, layout, this.delimiter, types, excelSafe, this.trust);
    }
  }

  private writeRecord(writer: ParsedFlatRecordWriter | NestedRecordWriter, data: Uint8Array, count: number): void {
    const { starts, ends, flags } = this.parser;
    // A blank line is a record only when it can hold one: with a single column it is that column's empty cell.
    if (count === 1 && this.columns > 1 && starts[0] === ends[0] && flags[0] === 0) {
      this.afterBlank = true;
      // The row after it is read here, not by the shortcut: it may be the header of a second table.
      this.parser.pauseShortcut();
      return;
    }
    if (this.endsTable(data, count)) return;
    if (count !== this.columns) {
      this.options.onNotice?.({
        kind: 'ragged-row',
        line: this.parser.rowLine,
        record: this.recordsWritten() + 1,
        expected: this.columns,
        actual: count,
      });
    }
    if (this.recordsWritten() === 0) this.numericColumns = this.rowTexts(data, count).map(isNumberText);
    if (this.tally !== undefined) {
      this.tally.observe(this.parser, data, count);
      this.records++;
      return;
    }
    this.beginRecord();
    writer.write(data, count);
    this.records++;
    if (this.options.ndjson) this.out.writeByte(0x0a);
    // From the second record on, `,\n` leads every record: the shortcut writes it unconditionally.
    if (this.records === 1 && this.flatWriter !== undefined) this.parser.shortcut = this.flatWriter;
  }

  /**
   * Whether this row starts a second table, which ends the records: it repeats the header (right after the
   * header it is only dropped, as a header written twice), or follows a blank line and looks like a header.
   */
  private endsTable(data: Uint8Array, count: number): boolean {
    const afterBlank = this.afterBlank;
    this.afterBlank = false;
    if (afterBlank) this.rowsAfterBlank++;
    const mayRepeat = this.headerRepeatable && count === this.headerNames.length && this.firstCellIsHeaders(data);
    if (!mayRepeat && !afterBlank) return false;
    const texts = this.rowTexts(data, count);
    const repeats = mayRepeat && sameNames(texts, this.headerNames);
    if (repeats && this.recordsWritten() === 0) {
      this.options.onNotice?.({ kind: 'repeated-header', line: this.parser.rowLine });
      return true;
    }
    if (!repeats && !(afterBlank && looksLikeNewHeader(texts, this.columns, this.numericColumns))) return false;
    this.secondTable = { line: this.parser.rowLine, rows: 1 };
    this.parser.shortcut = undefined;
    return true;
  }

  private firstCellIsHeaders(data: Uint8Array): boolean {
    const first = this.headerFirst;
    const start = this.parser.starts[0] ?? 0;
    if ((this.parser.ends[0] ?? 0) - start !== first.length) return false;
    for (let k = 0; k < first.length; k++) if (data[start + k] !== first[k]) return false;
    return true;
  }

  /** Without a header, each record is an array of strings. */
  private writeArrayRecord(data: Uint8Array, count: number): void {
    const output = this.cells.output;
    this.beginRecord();
    this.out.writeByte(0x5b);
    for (let c = 0; c < count; c++) {
      checkCell(this.cells, data, c);
      output.beginElement(c === 0, RECORD_LEVEL);
      writeInferredCell(this.cells, data, c, RECORD_LEVEL + 1);
    }
    output.close(0x5d, RECORD_LEVEL, count === 0);
    if (count > this.widest) this.widest = count;
    this.records++;
    if (this.options.ndjson) this.out.writeByte(0x0a);
  }

  /** Records written so far, by the writers and the shortcut. */
  private recordsWritten(): number {
    return this.records + (this.flatWriter?.total ?? 0);
  }

  private beginRecord(): void {
    if (this.options.ndjson) return;
    this.out.write(this.recordsWritten() === 0 ? this.firstRecordStart : this.recordStart);
  }
}
