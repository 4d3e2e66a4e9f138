import { concatBytes } from '../byte-source.js';
import { isJsonNumber } from '../infer/number-literal.js';
import type { RowTemplate } from '../unflatten/row-template.js';
import { CELL_HIGH, CELL_NEEDS_REWRITE, CELL_QUOTED } from './cell-flags.js';
import { cellKind, KIND_NULL, KIND_NUMBER, KIND_STRING } from './cell-kind.js';
import { joinBytes, RECORD_LEVEL } from './json-record-output.js';
import { type RecordCells, recordCellKind, writeExtraCells } from './record-cells.js';

const QUOTE = 0x22;

/**
 * The general way for flat headers (every column a top-level key): writes a record from the cell
 * ranges the parser found, straight into the output buffer. It takes every record, those that
 * FlatRecordWriter's one-pass shortcut leaves to it included.
 */
export class ParsedFlatRecordWriter {
  /** What is written before each column's value (`{"a":`, `,"b":`), all columns in a row. */
  readonly prefixes: Uint8Array;
  /** Where each column's prefix ends in `prefixes`. */
  readonly prefixEnds: Int32Array;

  constructor(
    private readonly cells: RecordCells,
    private readonly template: RowTemplate,
    /** The header's column count. */
    private readonly columns: number,
    /** Written after every record: `}`, indented when pretty. */
    private readonly recordEnd: Uint8Array,
  ) {
    const output = cells.output;
    const prefixes = template.root.members.map((member, column) =>
      joinBytes(column === 0 ? '{' : ',', output.pretty ? '\n    ' : '', output.keyToken(member.key), output.colon),
    );
    // One array, not spread arguments: a header of 169,086 columns passed as arguments overflowed the stack.
    this.prefixes = concatBytes(prefixes);
    this.prefixEnds = new Int32Array(prefixes.length);
    let end = 0;
    prefixes.forEach((prefix, column) => {
      end += prefix.length;
      this.prefixEnds[column] = end;
    });
  }

  /** Writes the record of `count` cells the parser holds. */
  write(data: Uint8Array, count: number): void {
    const { parser, rules, utf8, output } = this.cells;
    const { starts, ends, flags } = parser;
    const out = output.out;
    const columns = this.columns;
    const present = Math.min(count, columns);
    const typed = rules.types;
    const columnTypes = this.cells.columnTypes;
    const guarded = rules.excelSafe;
    const prefixes = this.prefixes;
    const prefixEnds = this.prefixEnds;
    const rowBytes = count > 0 ? (ends[count - 1] ?? 0) - (starts[0] ?? 0) : 0;
    // Room for every prefix and every cell unescaped; escaping writers reserve their own.
    const reserve = prefixes.length + rowBytes + 8 * columns + 64;
    out.ensure(reserve);
    let buffer = out.buffer;
    let p = out.position;
    let k = 0;
    for (let c = 0; c < columns; c++) {
      const prefixEnd = prefixEnds[c] ?? 0;
      while (k < prefixEnd) buffer[p++] = prefixes[k++] ?? 0;
      let kind = KIND_NULL;
      let start = 0;
      let end = 0;
      let cellFlags = 0;
      if (c < present) {
        start = starts[c] ?? 0;
        end = ends[c] ?? 0;
        cellFlags = flags[c] ?? 0;
        if ((cellFlags & CELL_HIGH) !== 0) utf8.check(data, start, end, cellFlags);
        const first = data[start] ?? 0;
        // Common cells are classified inline; the rest go through cellKind.
        if (columnTypes !== undefined) {
          kind = recordCellKind(this.cells, c, data, start, end, cellFlags);
        } else if (!typed || guarded || first === 0x5b || first === 0x7b) {
          kind = cellKind(data, start, end, cellFlags, rules);
        } else if ((cellFlags & CELL_QUOTED) !== 0) {
          kind = KIND_STRING;
        } else if (start === end) {
          kind = KIND_NULL;
        } else if ((first >= 0x30 && first <= 0x39) || first === 0x2d) {
          kind = isJsonNumber(data, start, end) ? KIND_NUMBER : KIND_STRING;
        } else if (first === 0x74 || first === 0x66) {
          kind = cellKind(data, start, end, cellFlags, rules);
        } else {
          kind = KIND_STRING;
        }
      }
      if (kind === KIND_STRING && (cellFlags & CELL_NEEDS_REWRITE) === 0) {
        buffer[p++] = QUOTE;
        for (let i = start; i < end; i++) buffer[p++] = data[i] ?? 0;
        buffer[p++] = QUOTE;
      } else if (kind === KIND_NUMBER) {
        for (let i = start; i < end; i++) buffer[p++] = data[i] ?? 0;
      } else if (kind === KIND_NULL) {
        buffer[p++] = 0x6e;
        buffer[p++] = 0x75;
        buffer[p++] = 0x6c;
        buffer[p++] = 0x6c;
      } else {
        out.position = p;
        output.writeValue(data, start, end, cellFlags, kind, RECORD_LEVEL + 1);
        out.ensure(reserve);
        buffer = out.buffer;
        p = out.position;
      }
    }
    out.position = p;
    if (count > columns) writeExtraCells(this.cells, this.template, data, columns, count, false);
    out.write(this.recordEnd);
  }
}
