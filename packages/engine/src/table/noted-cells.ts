import type { ColumnSet } from '../flatten/column-set.js';

/** How many examples a report of changed cells keeps. */
export const NOTED_EXAMPLES = 2;
/** The longest example of a JSON string a notice shows, in characters of its text as written. */
const EXAMPLE_CHARACTERS = 120;
const decoder = new TextDecoder();

/** Changed cells as a notice reports them: how many, and the column and original text of the first few. */
export interface NotedCellsReport {
  cells: number;
  examples: { column: string; value: string }[];
}

/**
 * Counts the cells a writer changed (the formula guard's `'`, a lone surrogate written as U+FFFD), keeping
 * the column number and text of the first few. A record read again from its start (its bytes were
 * incomplete) writes its cells again: what it noted counts only once the record is whole (`commitRecord`).
 */
export class NotedCells {
  count = 0;
  readonly examples: { col: number; value: string }[] = [];
  private committed = 0;
  private committedExamples = 0;

  /** Counts one changed cell; answers whether its example is wanted (then give it to `example`). */
  note(): boolean {
    this.count++;
    return this.examples.length < NOTED_EXAMPLES;
  }

  example(col: number, value: string): void {
    this.examples.push({ col, value });
  }

  /** Counts one changed cell in column `col`, whose JSON string's content is `buf[start, end)` (its example). */
  noteString(col: number, buf: Uint8Array, start: number, end: number): void {
    if (this.note()) this.example(col, jsonStringExample(buf, start, end));
  }

  /** The record was written: what it noted stays. */
  commitRecord(): void {
    this.committed = this.count;
    this.committedExamples = this.examples.length;
  }

  /** The record will be read again: what it noted is forgotten. */
  abortRecord(): void {
    this.count = this.committed;
    this.examples.length = this.committedExamples;
  }
}

/**
 * Adds to `report` the keys whose lone surrogate escapes were written as U+FFFD in the column names (`columns`'s
 * `replacedKeys`), each with the key as the input held it and the first column it names, from `headers` after
 * `prefix` (`a\uFFFDb.x` for the key `a\ud800b` of `{"a\ud800b":{"x":1}}`).
 */
export function addReplacedKeys(
  report: NotedCellsReport,
  columns: ColumnSet,
  headers: readonly string[],
  prefix = '',
): void {
  report.cells += columns.replacedKeys.length;
  for (const key of columns.replacedKeys) {
    if (report.examples.length >= NOTED_EXAMPLES) break;
    const col = columns.firstColumnUnder(key);
    report.examples.push({
      column: prefix + (headers[col] ?? key.header ?? ''),
      value: jsonStringExample(key.keySlab, key.keyStart, key.keyStart + key.keyLength),
    });
  }
}

/** Adds a writer's noted cells to `report`, naming each example's column from `headers` (after `prefix`). */
export function addNotedCells(
  report: NotedCellsReport,
  cells: NotedCells,
  headers: readonly string[],
  prefix = '',
): void {
  report.cells += cells.count;
  for (const example of cells.examples) {
    if (report.examples.length >= NOTED_EXAMPLES) break;
    report.examples.push({ column: prefix + (headers[example.col] ?? String(example.col)), value: example.value });
  }
}

/** Two reports of one conversion as one (a relational conversion reports each of its tables). */
export function joinedNotedCells(before: NotedCellsReport | null, added: NotedCellsReport): NotedCellsReport {
  if (before === null) return { cells: added.cells, examples: [...added.examples] };
  return {
    cells: before.cells + added.cells,
    examples: [...before.examples, ...added.examples].slice(0, NOTED_EXAMPLES),
  };
}

/** A JSON string's content `buf[start..end)` as written (escapes kept, so `\ud800` shows), cut after 120 characters. */
export function jsonStringExample(buf: Uint8Array, start: number, end: number): string {
  const text = decoder.decode(buf.subarray(start, end));
  return text.length > EXAMPLE_CHARACTERS ? `${text.slice(0, EXAMPLE_CHARACTERS)}…` : text;
}
