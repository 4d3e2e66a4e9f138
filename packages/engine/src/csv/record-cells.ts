import type { RowTemplate } from '../unflatten/row-template.js';
import { cellKind, type InferenceRules } from './cell-kind.js';
import type { CellUtf8Check } from './cell-utf8-check.js';
import { columnCellKind } from './column-types.js';
import type { CsvParser } from './csv-parser.js';
import { type JsonRecordOutput, RECORD_LEVEL } from './json-record-output.js';

/** What every record writer works with: the parser's cells, how to read them, and where they go. */
export interface RecordCells {
  /** Holds the cell ranges (`starts`, `ends`, `flags`) of the record being written. */
  readonly parser: CsvParser;
  readonly rules: InferenceRules;
  readonly utf8: CellUtf8Check;
  readonly output: JsonRecordOutput;
  /** Under per-column typing, each header column's type (a COLUMN_*); cells beyond it are typed per cell. */
  readonly columnTypes: Uint8Array | undefined;
}

/** What cell `c` of [start, end) becomes: by its column's type under per-column typing, else on its own. */
export function recordCellKind(
  cells: RecordCells,
  c: number,
  data: Uint8Array,
  start: number,
  end: number,
  flags: number,
): number {
  const type = cells.columnTypes?.[c];
  return type === undefined
    ? cellKind(data, start, end, flags, cells.rules)
    : columnCellKind(type, data, start, end, flags, cells.rules);
}

/** Throws INVALID_UTF8 when cell `c` of the record is not valid UTF-8 (checked before anything of it is written). */
export function checkCell(cells: RecordCells, data: Uint8Array, c: number): void {
  const { starts, ends, flags } = cells.parser;
  cells.utf8.check(data, starts[c] ?? 0, ends[c] ?? 0, flags[c] ?? 0);
}

/** Writes cell `c` of the record as the value its bytes infer. */
export function writeInferredCell(cells: RecordCells, data: Uint8Array, c: number, level: number): void {
  const { starts, ends, flags } = cells.parser;
  const start = starts[c] ?? 0;
  const end = ends[c] ?? 0;
  const cellFlags = flags[c] ?? 0;
  cells.output.writeValue(data, start, end, cellFlags, cellKind(data, start, end, cellFlags, cells.rules), level);
}

/** Cells beyond the header's `columns` go under `_extra_1`, `_extra_2`, ... at the top level. */
export function writeExtraCells(
  cells: RecordCells,
  template: RowTemplate,
  data: Uint8Array,
  columns: number,
  count: number,
  first: boolean,
): void {
  for (let c = columns; c < count; c++) {
    checkCell(cells, data, c);
    cells.output.beginMember(first && c === columns, template.extraKey(c - columns + 1), RECORD_LEVEL);
    writeInferredCell(cells, data, c, RECORD_LEVEL + 1);
  }
}
