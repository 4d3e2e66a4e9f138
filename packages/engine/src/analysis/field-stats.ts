import { guardFormula } from '../formula-guard.js';
import { isJsonNumber } from '../json/json-scalars.js';
import { DistinctCounter } from './distinct-counter.js';
import { Evidence, MAX_EXAMPLE_LENGTH } from './evidence.js';
import type { PathCounts } from './leaf-counts.js';
import { BEYOND, beyondDoublePrecision, CHECK, NumberScan } from './number-precision.js';
import type { FieldReport, JsonType } from './report.js';
import { SemanticTally } from './semantic-types.js';
import { isSpaceCodePoint, type Utf8Text } from './utf8-text.js';
import { type Hash53, hashKey } from './value-hash.js';

/** Whether a text starting with this character may run as a spreadsheet formula (a cheap test first). */
function startsFormula(cp: number): boolean {
  return cp === 61 || cp === 43 || cp === 45 || cp === 64 || cp === 9 || cp === 13;
}

/** Whether the formula guard would change this text (see formula-guard.ts): `+49 30 1234567` is no formula. */
function guarded(value: Utf8Text): boolean {
  const cp = value.firstCodePoint();
  if (!startsFormula(cp)) return false;
  if (cp !== 43 && cp !== 45) return true;
  const text = value.text();
  return guardFormula(text) !== text;
}

/** Whether `value` (within 1e-14) lies so far inside [min, max] that its exact value cannot be a new bound. */
function wellInside(value: number, min: number, max: number): boolean {
  const margin = 1e-12 * Math.max(Math.abs(value), Math.abs(min), Math.abs(max));
  return value > min + margin && value < max - margin;
}

// One scanner for every column: a number's facts are used before the next number is read.
const NUMBER_SCAN = new NumberScan();

/** The text of an ASCII literal. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
}

/**
 * Everything the analysis learns about one path, in memory bounded per path: counters, a DistinctCounter,
 * at most 3 examples per kind, a SemanticTally. Cells arrive as UTF-8 bytes with their hash; a JS string is
 * built only for an example kept or a text to pattern-match.
 */
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
  /** The first distinct values, as the field's examples. */
  readonly samples: Evidence;
  minLength = Number.POSITIVE_INFINITY;
  maxLength = -1;
  /** The smallest and largest number; `text` null when it is String(value) (an integer read exactly from its bytes). */
  minNumber: { value: number; text: string | null } | null = null;
  maxNumber: { value: number; text: string | null } | null = null;
  readonly distinct: DistinctCounter;
  readonly semantic: SemanticTally;
  readonly numbersAsStrings: Evidence;
  readonly spaces: Evidence;
  readonly formulas: Evidence;
  readonly precision: Evidence;
  readonly duplicateKeys: Evidence;
  arrays: { count: number; min: number; max: number } | null = null;

  constructor(
    readonly path: string,
    /** Where the value checks (distinct, semantic, numbers, issues, examples) come from, when not from this. */
    checked?: FieldStats,
  ) {
    this.samples = checked?.samples ?? new Evidence();
    this.distinct = checked?.distinct ?? new DistinctCounter();
    this.semantic = checked?.semantic ?? new SemanticTally();
    this.numbersAsStrings = checked?.numbersAsStrings ?? new Evidence();
    this.spaces = checked?.spaces ?? new Evidence();
    this.formulas = checked?.formulas ?? new Evidence();
    this.precision = checked?.precision ?? new Evidence();
    this.duplicateKeys = checked?.duplicateKeys ?? new Evidence();
    this.minNumber = checked?.minNumber ?? null;
    this.maxNumber = checked?.maxNumber ?? null;
    if (checked !== undefined) this.checkedNonNull = checked.values - checked.types.null;
  }

  /**
   * The statistics of a path whose counts are exact (`counts`, from the converter) and whose value checks
   * come from the sampled records (`checked`, undefined when no sampled record held the path); `sampled`
   * when the sample left records out, so that its distinct count is not the file's.
   */
  static merged(counts: PathCounts, checked: FieldStats | undefined, sampled: boolean): FieldStats {
    const stats = new FieldStats(counts.header, checked ?? new FieldStats(counts.header));
    stats.distinctOfSample = sampled;
    Object.assign(stats.types, counts.types);
    stats.values = counts.values;
    stats.present = counts.present;
    stats.empty = counts.empty;
    stats.isColumn = counts.isColumn;
    stats.underArray = counts.underArray;
    stats.minLength = counts.minLength;
    stats.maxLength = counts.maxLength;
    stats.arrays = counts.arrays;
    return stats;
  }

  /** True when `distinct` counted a sample of the records: the report's count is then not exact. */
  private distinctOfSample = false;

  /** Non-null values the value checks saw (all of them unless the statistics were merged from a sample). */
  private checkedNonNull = -1;

  /** The non-null values behind the value checks (`numbersAsStrings` and the like count among these). */
  get checkedValues(): number {
    return this.checkedNonNull >= 0 ? this.checkedNonNull : this.values - this.types.null;
  }

  /** The field's examples (up to 3 distinct values, clipped). */
  get examples(): readonly string[] {
    return this.samples.examples;
  }

  /** Adds one cell: its text as UTF-8 (`[]`/`{}` or minified JSON for containers) and its hash (type included). */
  cell(type: JsonType, value: Utf8Text, hash: Hash53, underArray: boolean, record: number): void {
    this.isColumn = true;
    if (underArray) this.underArray = true;
    this.count(type);
    this.values++;
    this.seenIn(record);
    if (type === 'null') return;
    if (type === 'string' && value.end === value.start) {
      this.empty++;
      return;
    }
    this.measure(type, value);
    if (this.samples.wantsExample()) this.samples.add(value.preview(MAX_EXAMPLE_LENGTH));
    const key = hashKey(hash);
    this.distinct.add(key);
    if (type === 'number') this.number(value);
    else if (type === 'string') this.string(value, key);
  }

  /** One more value of `type`, by named properties (a store keyed by a variable is several times slower here). */
  private count(type: JsonType): void {
    const types = this.types;
    if (type === 'string') types.string++;
    else if (type === 'number') types.number++;
    else if (type === 'null') types.null++;
    else if (type === 'boolean') types.boolean++;
    else if (type === 'object') types.object++;
    else types.array++;
  }

  /**
   * Updates the shortest and longest length in characters. A text of n bytes has n/4 to n characters, so
   * most texts are known to lie between the two without counting them.
   */
  private measure(type: JsonType, value: Utf8Text): void {
    const bytes = value.byteLength;
    if (type === 'string' && bytes <= this.maxLength && Math.ceil(bytes / 4) >= this.minLength) return;
    const length = type === 'string' ? value.codePoints() : bytes;
    if (length < this.minLength) this.minLength = length;
    if (length > this.maxLength) this.maxLength = length;
  }

  /** Counts the record once, however often a repeated key puts the path in it. */
  private seenIn(record: number): void {
    if (record === this.lastRecord) return;
    this.lastRecord = record;
    this.present++;
  }

  private number(value: Utf8Text): void {
    const { bytes, start, end } = value;
    const scan = NUMBER_SCAN;
    scan.read(bytes, start, end);
    this.semantic.addNumber(scan.digitsOnly, end - start === 1 && (bytes[start] === 48 || bytes[start] === 49));
    if (scan.precision === BEYOND || (scan.precision === CHECK && beyondDoublePrecision(latin1(bytes, start, end)))) {
      this.note(this.precision, value);
    }
    const min = this.minNumber;
    const max = this.maxNumber;
    if (min !== null && max !== null && wellInside(scan.approximate, min.value, max.value)) return;
    // A sequence of ids is a new maximum every time: integers need no text until the report.
    const text = scan.integer ? null : latin1(bytes, start, end);
    const numeric = text === null ? scan.approximate : Number(text);
    if (min === null || numeric < min.value) this.minNumber = { value: numeric, text };
    if (max === null || numeric > max.value) this.maxNumber = { value: numeric, text };
  }

  private string(value: Utf8Text, key: number): void {
    this.semantic.addText(key, value);
    const numeric = isJsonNumber(value.bytes, value.start, value.end);
    if (numeric) this.note(this.numbersAsStrings, value);
    if (isSpaceCodePoint(value.firstCodePoint()) || isSpaceCodePoint(value.lastCodePoint())) {
      if (this.spaces.wantsExample()) this.spaces.add(JSON.stringify(value.preview(MAX_EXAMPLE_LENGTH)));
      else this.spaces.addUnshown();
    }
    if (!numeric && guarded(value)) this.note(this.formulas, value);
  }

  /** Counts one occurrence in `evidence`, building its example text only while one may be kept. */
  private note(evidence: Evidence, value: Utf8Text): void {
    if (evidence.wantsExample()) evidence.add(value.preview(MAX_EXAMPLE_LENGTH));
    else evidence.addUnshown();
  }

  /** Adds one non-empty container at this path. */
  container(type: 'object' | 'array', size: number, underArray: boolean, record: number): void {
    if (underArray) this.underArray = true;
    this.count(type);
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
      examples: [...this.samples.examples],
      length: this.maxLength < 0 ? null : { min: this.minLength, max: this.maxLength },
      numeric:
        this.minNumber === null || this.maxNumber === null
          ? null
          : {
              min: this.minNumber.text ?? String(this.minNumber.value),
              max: this.maxNumber.text ?? String(this.maxNumber.value),
            },
      distinct: this.distinctOfSample ? { estimate: distinct.estimate, exact: false } : distinct,
      semantic: this.semantic.result(keyName, distinct.exact ? distinct.estimate : null),
    };
  }
}
