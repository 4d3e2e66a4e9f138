import { isJsonNumber } from '../infer/number-literal.js';
import { CELL_DOUBLED, CELL_TRAILING } from './cell-flags.js';
import {
  cellKind,
  type InferenceRules,
  KIND_FALSE,
  KIND_NULL,
  KIND_NUMBER,
  KIND_STRING,
  KIND_TRUE,
} from './cell-kind.js';
import type { CsvParser } from './csv-parser.js';

/**
 * How cells become JSON values: `per-cell` reads each cell on its own (only unquoted cells are typed: quoting
 * carries the type, as unnest's own CSV is written); `per-column` types each column from all its cells, quoted
 * or not; `strings` keeps every value a string; `auto` is `per-column` for a foreign export that quotes every
 * cell (see `quotesEveryCell`) and `per-cell` otherwise.
 */
export type CellTyping = 'auto' | 'per-column' | 'per-cell' | 'strings';

/** What a column became under `per-column` typing. */
export type ColumnType = 'number' | 'boolean' | 'string' | 'empty';

/** One column's decision and the counts it was made from (cells beyond the header's width are not counted). */
export interface ColumnTypeDecision {
  name: string;
  type: ColumnType;
  /** Non-empty cells that are JSON number literals (no leading zero, `+`, letters other than an exponent, or separators). */
  numbers: number;
  /** Cells that are exactly `true` or `false`. */
  booleans: number;
  /** Other non-empty cells. */
  others: number;
  /** Empty cells, quoted (`""`) or not. */
  empty: number;
}

/** How a conversion typed its cells, and why: sent once as a `column-types` notice, before any record. */
export interface CellTypingReport {
  typing: Exclude<CellTyping, 'auto'>;
  /** `given`: chosen by the caller; `every-cell-quoted` and `default`: how `auto` decided. */
  reason: 'given' | 'every-cell-quoted' | 'default';
  /** Each column's decision, in header order; empty unless `typing` is `per-column`. */
  columns: ColumnTypeDecision[];
}

const count = (n: number): string => n.toLocaleString('en-US');
const counted = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

/**
 * One column's decision in words, e.g. `zip: strings (35,760 look like numbers, 3,432 do not)`, `2020: numbers
 * (211 numbers, 6 empty)`: what the CLI prints and the web shows.
 */
export function describeColumnType(column: ColumnTypeDecision): string {
  const empty = column.empty > 0 ? `, ${count(column.empty)} empty` : '';
  switch (column.type) {
    case 'number':
      return `${column.name}: numbers (${counted(column.numbers, 'number', 'numbers')}${empty})`;
    case 'boolean':
      return `${column.name}: booleans (${count(column.booleans)} true or false${empty})`;
    case 'empty':
      return `${column.name}: empty (${counted(column.empty, 'empty cell', 'empty cells')})`;
    default: {
      const rest = column.others + column.booleans;
      if (column.numbers > 0)
        return `${column.name}: strings (${count(column.numbers)} look like numbers, ${count(rest)} do not)`;
      if (column.booleans > 0) {
        return `${column.name}: strings (${count(column.booleans)} look like true or false, ${count(column.others)} do not)`;
      }
      return `${column.name}: strings`;
    }
  }
}

// A cell's content class, and a column's type, as numbers for the writers' loops.
const CLASS_EMPTY = 0;
const CLASS_NUMBER = 1;
const CLASS_BOOLEAN = 2;
const CLASS_OTHER = 3;
export const COLUMN_EMPTY = 0;
export const COLUMN_NUMBER = 1;
export const COLUMN_BOOLEAN = 2;
export const COLUMN_STRING = 3;
const TYPE_NAMES: ColumnType[] = ['empty', 'number', 'boolean', 'string'];

function isWord(data: Uint8Array, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (data[start + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** What a cell's content is, quoted or not: empty, a JSON number literal, `true`/`false`, or anything else. */
function contentClass(data: Uint8Array, start: number, end: number, flags: number): number {
  if (start === end) return CLASS_EMPTY;
  // A doubled quote or text after the closing quote: the content is not the range as it is, and holds a quote.
  if ((flags & (CELL_DOUBLED | CELL_TRAILING)) !== 0) return CLASS_OTHER;
  const first = data[start];
  if (first === 0x2d || (first !== undefined && first >= 0x30 && first <= 0x39)) {
    return isJsonNumber(data, start, end) ? CLASS_NUMBER : CLASS_OTHER;
  }
  return isWord(data, start, end, 'true') || isWord(data, start, end, 'false') ? CLASS_BOOLEAN : CLASS_OTHER;
}

/** Counts each column's cells by content class over a first pass of the records. */
export class ColumnTally {
  private readonly counts: Float64Array;

  constructor(private readonly columns: number) {
    this.counts = new Float64Array(columns * 4);
  }

  /** Counts the cells of the record the parser holds (at most the header's width). */
  observe(parser: CsvParser, data: Uint8Array, count: number): void {
    const { starts, ends, flags } = parser;
    const present = Math.min(count, this.columns);
    const counts = this.counts;
    for (let c = 0; c < present; c++) {
      const at = c * 4 + contentClass(data, starts[c] ?? 0, ends[c] ?? 0, flags[c] ?? 0);
      counts[at] = (counts[at] ?? 0) + 1;
    }
  }

  /** Each column's type: numbers or booleans only when every non-empty cell is one; else strings. */
  types(): Uint8Array {
    const types = new Uint8Array(this.columns);
    for (let c = 0; c < this.columns; c++) {
      const numbers = this.counts[c * 4 + CLASS_NUMBER] ?? 0;
      const booleans = this.counts[c * 4 + CLASS_BOOLEAN] ?? 0;
      const others = this.counts[c * 4 + CLASS_OTHER] ?? 0;
      if (others > 0 || (numbers > 0 && booleans > 0)) types[c] = COLUMN_STRING;
      else if (numbers > 0) types[c] = COLUMN_NUMBER;
      else if (booleans > 0) types[c] = COLUMN_BOOLEAN;
      else types[c] = COLUMN_EMPTY;
    }
    return types;
  }

  /** The decisions with their counts, named by the header. */
  decisions(names: readonly string[], types: Uint8Array): ColumnTypeDecision[] {
    return names.slice(0, this.columns).map((name, c) => ({
      name,
      type: TYPE_NAMES[types[c] ?? COLUMN_STRING] ?? 'string',
      numbers: this.counts[c * 4 + CLASS_NUMBER] ?? 0,
      booleans: this.counts[c * 4 + CLASS_BOOLEAN] ?? 0,
      others: this.counts[c * 4 + CLASS_OTHER] ?? 0,
      empty: this.counts[c * 4 + CLASS_EMPTY] ?? 0,
    }));
  }
}

/**
 * What a cell of a column of `type` becomes. Number and boolean columns type their cells quoted or not, and
 * an empty cell there (`""` too) is null. A string column keeps numbers and booleans as their text; an
 * unquoted empty cell stays null and `""` an empty string, as per cell. JSON array or object text and the
 * formula guard are read as per cell in every column.
 */
export function columnCellKind(
  type: number,
  data: Uint8Array,
  start: number,
  end: number,
  flags: number,
  rules: InferenceRules,
): number {
  if (type === COLUMN_NUMBER || type === COLUMN_BOOLEAN) {
    const content = contentClass(data, start, end, flags);
    if (content === CLASS_EMPTY) return KIND_NULL;
    if (content === CLASS_NUMBER) return KIND_NUMBER;
    if (content === CLASS_BOOLEAN) return data[start] === 0x74 ? KIND_TRUE : KIND_FALSE;
  }
  const kind = cellKind(data, start, end, flags, rules);
  if (type === COLUMN_STRING && (kind === KIND_NUMBER || kind === KIND_TRUE || kind === KIND_FALSE)) {
    return KIND_STRING;
  }
  return kind;
}
