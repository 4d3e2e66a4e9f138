import { isJsonNumber } from '../json/json-scalars.js';
import { DistinctCounter } from './distinct-counter.js';
import { clip, Evidence, MAX_EXAMPLES } from './evidence.js';
import { beyondDoublePrecision } from './number-precision.js';
import type { FieldReport, JsonType } from './report.js';
import { SemanticTally } from './semantic-types.js';
import { hashText } from './value-hash.js';

const encoder = new TextEncoder();
// Cells a spreadsheet may run as a formula (the characters json2csv --excel-safe guards).
const FORMULA_START = /^[=+\-@\t\r]/;

function isNumberText(text: string): boolean {
  const bytes = encoder.encode(text);
  return isJsonNumber(bytes, 0, bytes.length);
}

/** Everything the analysis learns about one path, in memory bounded per path (see DistinctCounter). */
export class FieldStats {
  readonly types: Record<JsonType, number> = { string: 0, number: 0, boolean: 0, null: 0, object: 0, array: 0 };
  /** Cells written at this path (one per record, unless a key repeats). */
  values = 0;
  /** Records holding this path with a value of any kind, containers included (`o: {"x": 1}` has `o`). */
  present = 0;
  private lastRecord = -1;
  empty = 0;
  /** True once a cell was seen here: a path that only ever held non-empty containers is no column. */
  isColumn = false;
  /** True when the path lies below an array, so records without it just have shorter arrays. */
  underArray = false;
  readonly examples: string[] = [];
  minLength = Number.POSITIVE_INFINITY;
  maxLength = -1;
  minNumber: { value: number; text: string } | null = null;
  maxNumber: { value: number; text: string } | null = null;
  readonly distinct = new DistinctCounter();
  readonly semantic = new SemanticTally();
  readonly numbersAsStrings = new Evidence();
  readonly spaces = new Evidence();
  readonly formulas = new Evidence();
  readonly precision = new Evidence();
  readonly duplicateKeys = new Evidence();
  arrays: { count: number; min: number; max: number } | null = null;

  constructor(readonly path: string) {}

  /** Adds one cell. */
  cell(type: JsonType, text: string, underArray: boolean, record: number): void {
    this.isColumn = true;
    if (underArray) this.underArray = true;
    this.types[type]++;
    this.values++;
    this.seenIn(record);
    if (type === 'null') return;
    if (type === 'string' && text === '') {
      this.empty++;
      return;
    }
    const length = [...text].length;
    if (length < this.minLength) this.minLength = length;
    if (length > this.maxLength) this.maxLength = length;
    if (this.examples.length < MAX_EXAMPLES) {
      const example = clip(text);
      if (!this.examples.includes(example)) this.examples.push(example);
    }
    this.distinct.add(hashText(`${type}\u0000${text}`));
    this.semantic.add(type, text);
    if (type === 'number') this.number(text);
    else if (type === 'string') this.string(text);
  }

  /** Counts the record once, however often a repeated key puts the path in it. */
  private seenIn(record: number): void {
    if (record === this.lastRecord) return;
    this.lastRecord = record;
    this.present++;
  }

  private number(text: string): void {
    const value = Number(text);
    if (this.minNumber === null || value < this.minNumber.value) this.minNumber = { value, text };
    if (this.maxNumber === null || value > this.maxNumber.value) this.maxNumber = { value, text };
    if (beyondDoublePrecision(text)) this.precision.add(text);
  }

  private string(text: string): void {
    const numeric = isNumberText(text);
    if (numeric) this.numbersAsStrings.add(text);
    if (/^\s|\s$/.test(text)) this.spaces.add(JSON.stringify(text));
    if (!numeric && FORMULA_START.test(text)) this.formulas.add(text);
  }

  /** Adds one non-empty container at this path. */
  container(type: 'object' | 'array', size: number, underArray: boolean, record: number): void {
    if (underArray) this.underArray = true;
    this.types[type]++;
    this.seenIn(record);
    if (type === 'array') {
      if (this.arrays === null) this.arrays = { count: 1, min: size, max: size };
      else {
        this.arrays.count++;
        if (size < this.arrays.min) this.arrays.min = size;
        if (size > this.arrays.max) this.arrays.max = size;
      }
    }
  }

  /** The empty array `[]` counts as an array of length 0 for the length statistics. */
  emptyArray(): void {
    if (this.arrays === null) this.arrays = { count: 1, min: 0, max: 0 };
    else {
      this.arrays.count++;
      this.arrays.min = 0;
    }
  }

  /** The field's part of the report; `records` is the number of records read. */
  report(records: number, keyName: string): FieldReport {
    const distinct = this.distinct.count();
    return {
      path: this.path,
      types: { ...this.types },
      nulls: this.types.null,
      empty: this.empty,
      missing: this.underArray ? 0 : Math.max(0, records - this.present),
      examples: [...this.examples],
      length: this.maxLength < 0 ? null : { min: this.minLength, max: this.maxLength },
      numeric:
        this.minNumber === null || this.maxNumber === null
          ? null
          : { min: this.minNumber.text, max: this.maxNumber.text },
      distinct,
      semantic: this.semantic.result(keyName, distinct.exact ? distinct.estimate : null),
    };
  }
}
