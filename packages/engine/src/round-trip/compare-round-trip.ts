import { comparedRecords, comparisonScores } from '../analysis/comparison-scores.js';
import { type FlatRecord, type FlatValue, flatRecords } from '../analysis/flat-records.js';
import type { TrackedPath } from '../analysis/path-trie.js';
import type {
  ComparisonCounts,
  ComparisonReport,
  Difference,
  DifferenceKind,
  GuardedValue,
} from '../analysis/report.js';
import { roundTripAdvice } from '../analysis/round-trip-recommendations.js';
import { wellFormed } from '../analysis/utf8-text.js';
import { type ByteSource, concatBytes } from '../byte-source.js';
import type { OmittedNulls } from '../csv/omitted-nulls.js';
import { csvToSparseJson } from '../csv-to-json.js';
import { ConversionError } from '../errors.js';
import { checkFlattenPlan, type FlattenPlan } from '../flatten/flatten-plan.js';
import { MAP_KEY_COLUMN, WRITTEN_HEADER_BYTES, writtenMapKeyColumn } from '../flatten/map-key-column.js';
import { guardFormula } from '../formula-guard.js';
import { decodeHeaderPath } from '../header-path.js';
import type { LeftOutPart } from '../json/document-reader.js';
import { normalizeCsvToJsonOptions, normalizeJsonToCsvOptions } from '../options.js';
import { isZip, peekBytes, relationalToJson, relationalWriting } from '../relational/relational-to-json.js';
import type { InflationLimits } from '../relational/zip-entries.js';
import { recordsMapAllowed } from '../table/json-table.js';
import { jsonStringExample } from '../table/noted-cells.js';

/** Options of `compareRoundTrip`. */
export interface CompareOptions {
  /** The separator the CSV was written with (default `.`). */
  separator?: string;
  /** Records path of the original, as given to json2csv; found automatically when absent. */
  recordsPath?: string;
  /** The CSV's delimiter (default: sniffed). */
  delimiter?: string;
  /** How many differences to list (default 100); all are counted. */
  maxDifferences?: number;
  /**
   * The CSV was written with the formula guard (json2csv `excelSafe`): it is read back with the guard undone,
   * and the values the guard changed are counted (`counts.guarded`) and listed (`guardedValues`). A relational
   * ZIP says itself how it was written; this overrides it.
   */
  excelSafe?: boolean;
  /**
   * The plan the CSV was written with: the CSV is read back under it, and the records (with their map key,
   * when the plan's records are a map's members) are compared with the original's.
   */
  plan?: FlattenPlan;
  /** How far a relational ZIP (the converted side) may inflate while it is read back (default: no limit). */
  zipLimits?: InflationLimits;
}

/** How many lost and gained paths a report lists. */
const MAX_LISTED_PATHS = 100;
/** How many guarded values a report lists. */
const MAX_LISTED_GUARDED = 20;
/** A null the read-back left out of a record (see `OmittedNulls`). */
const OMITTED_NULL: FlatValue = { type: 'null', text: 'null' };

function jsonText(value: FlatValue | undefined): string | null {
  if (value === undefined) return null;
  return value.type === 'string' ? JSON.stringify(value.text) : value.text;
}

/** Compares records pair by pair and keeps the counts, the path sets and the first differences. */
class RoundTripTally {
  readonly counts: ComparisonCounts = {
    originalRecords: 0,
    reconvertedRecords: 0,
    identicalRecords: 0,
    sameShapeRecords: 0,
    originalValues: 0,
    equal: 0,
    valueChanged: 0,
    typeChanged: 0,
    emptied: 0,
    missing: 0,
    addedNull: 0,
    addedValue: 0,
    guarded: 0,
    guardLeft: 0,
    loneSurrogates: 0,
    loneSurrogateKeys: 0,
    leftOutValues: 0,
  };
  readonly guardedValues: GuardedValue[] = [];
  readonly originalPaths = new Set<string>();
  readonly reconvertedPaths = new Set<string>();
  readonly differences: Difference[] = [];
  /** The original's keys that held a lone surrogate escape, with the first record holding each. */
  readonly replacedKeys = new Map<TrackedPath, number>();
  differencesTotal = 0;
  maxDepth = 0;

  /** `excelSafe`: the CSV has the formula guard and was read back with it undone. */
  constructor(
    private readonly maxDifferences: number,
    private readonly excelSafe: boolean,
    private readonly separator: string,
  ) {}

  /** Counts an original string the CSV holds guarded (with `excelSafe`), or one that came back still guarded. */
  private noteGuard(record: number, path: string, value: FlatValue, back: FlatValue | undefined): void {
    if (value.type !== 'string') return;
    if (this.excelSafe) {
      if (guardFormula(value.text) === value.text) return;
      this.counts.guarded++;
      if (this.guardedValues.length < MAX_LISTED_GUARDED) this.guardedValues.push({ record, path, value: value.text });
    } else if (
      back?.type === 'string' &&
      back.text.length === value.text.length + 1 &&
      back.text === guardFormula(value.text)
    ) {
      this.counts.guardLeft++;
    }
  }

  private differ(record: number, path: string, kind: DifferenceKind, original?: FlatValue, back?: FlatValue): void {
    this.differencesTotal++;
    if (this.differences.length < this.maxDifferences) {
      this.differences.push({ record, path, kind, original: jsonText(original), reconverted: jsonText(back) });
    }
  }

  /**
   * Compares record number `record` of both sides; either may be absent when the counts differ. `omitted`:
   * the nulls the read-back left out of `back` (`csvToSparseJson`), counted as if they were among its cells.
   */
  compare(
    record: number,
    original: FlatRecord | undefined,
    back: FlatRecord | undefined,
    omitted?: OmittedNulls | undefined,
  ): void {
    const counts = this.counts;
    if (original !== undefined) {
      counts.originalRecords++;
      if (original.depth > this.maxDepth) this.maxDepth = original.depth;
      for (const key of original.replacedKeys ?? []) {
        if (!this.replacedKeys.has(key)) this.replacedKeys.set(key, record);
      }
    }
    if (back !== undefined) counts.reconvertedRecords++;
    const before = this.differencesTotal;
    let padded = 0;
    // Original paths found among the left-out nulls: each is a cell of `back`, and not padding.
    let foundOmitted = 0;
    for (const [path, value] of original?.cells ?? []) {
      this.originalPaths.add(path);
      counts.originalValues++;
      let other = back?.cells.get(path);
      if (other === undefined && omitted !== undefined && omitted.has(decodeHeaderPath(path, this.separator))) {
        other = OMITTED_NULL;
        foundOmitted++;
        this.reconvertedPaths.add(path);
      }
      this.noteGuard(record, path, value, other);
      if (other === undefined) {
        counts.missing++;
        this.differ(record, path, 'missing', value);
      } else if (other.type === value.type && other.text === value.text) counts.equal++;
      else if (other.type === 'null') {
        counts.emptied++;
        this.differ(record, path, 'emptied', value, other);
      } else if (other.type !== value.type) {
        counts.typeChanged++;
        this.differ(record, path, 'type', value, other);
      } else {
        counts.valueChanged++;
        if (value.type === 'string' && other.text === wellFormed(value.text)) {
          counts.loneSurrogates++;
        }
        this.differ(record, path, 'value', value, other);
      }
    }
    for (const [path, value] of back?.cells ?? []) {
      if (original?.cells.has(path)) {
        this.reconvertedPaths.add(path);
        continue;
      }
      // A null where the original had no key is CSV's padding: counted, not listed (it would flood the list).
      if (value.type === 'null') {
        counts.addedNull++;
        padded++;
      } else {
        this.reconvertedPaths.add(path);
        counts.addedValue++;
        this.differ(record, path, 'added', undefined, value);
      }
    }
    // The left-out nulls at paths the original lacks are padding, like those written.
    const omittedPadding = (omitted?.count ?? 0) - foundOmitted;
    counts.addedNull += omittedPadding;
    padded += omittedPadding;
    if (original === undefined || back === undefined) return;
    // A key that held half a character came back named with U+FFFD: the record is not the original.
    if (this.differencesTotal === before && original.replacedKeys === null) counts.identicalRecords++;
    // Same shape: every original path came back, and nothing but padding nulls was added.
    const backSize = back.cells.size + (omitted?.count ?? 0);
    if (backSize - padded === original.cells.size && this.allPresent(original, back, foundOmitted)) {
      counts.sameShapeRecords++;
    }
  }

  /** Every original path is a cell of `back`, `foundOmitted` of them among its left-out nulls. */
  private allPresent(original: FlatRecord, back: FlatRecord, foundOmitted: number): boolean {
    let absent = 0;
    for (const path of original.cells.keys()) if (!back.cells.has(path)) absent++;
    return absent === foundOmitted;
  }
}

/**
 * Compares an original JSON file with the JSON read back (csv2json, default options) from the CSV made
 * from it: record by record and path by path, numbers by their exact text. Both inputs are streamed side
 * by side, so memory stays bounded by one input chunk's records plus the two column sets. Scores and
 * recommendations come from the counts alone (formulas in `comparisonScores`).
 */
export async function compareRoundTrip(
  originalJson: ByteSource,
  convertedCsv: ByteSource,
  options: CompareOptions = {},
): Promise<ComparisonReport> {
  // A relational ZIP (jsonToRelational) reads back with relationalToJson, under its own plan unless one is given.
  const peeked = await peekBytes(convertedCsv, WRITTEN_HEADER_BYTES);
  const relational = peeked.first !== undefined && isZip(peeked.first);
  let converted: ByteSource = peeked.bytes;
  let plan = relational && options.plan !== undefined ? checkFlattenPlan(options.plan, { relational }) : options.plan;
  let excelSafe = options.excelSafe ?? false;
  if (relational) {
    // The ZIP is read whole anyway (its directory is at its end); it says how its tables were written.
    const chunks: Uint8Array[] = [];
    for await (const chunk of peeked.bytes) chunks.push(chunk);
    const zip = concatBytes(chunks);
    converted = [zip];
    const writing = await relationalWriting(zip, options.zipLimits);
    plan ??= writing.plan;
    excelSafe = options.excelSafe ?? writing.excelSafe;
  }
  const json = normalizeJsonToCsvOptions({
    separator: options.separator,
    recordsPath: options.recordsPath,
    plan: plan && { ...plan, paths: plan.paths.filter((entry) => entry.strategy !== 'table') },
  });
  const csv = normalizeCsvToJsonOptions({
    separator: json.separator,
    delimiter: options.delimiter,
    plan: json.plan,
    excelSafe,
  });
  // Under a plan whose records are a map, the CSV reads back as one object keyed as the original map was;
  // otherwise a map at the records path read back is an array of records with the key in a column.
  const map = json.plan?.records?.shape === 'map';
  // Without a plan, json2csv named the map's keys column after the records' fields: the CSV's header says which.
  const keyColumn = json.plan?.records?.keyColumn ?? (relational ? MAP_KEY_COLUMN : writtenMapKeyColumn(peeked.first));
  const maxDifferences = options.maxDifferences ?? 100;
  if (!Number.isInteger(maxDifferences) || maxDifferences < 0) {
    throw new ConversionError('INVALID_OPTION', 'maxDifferences must be a whole number, 0 or more');
  }
  const tally = new RoundTripTally(maxDifferences, excelSafe, json.separator);
  // What the read-back left out of each record, in record order (empty when it left nothing out).
  const omittedNulls: OmittedNulls[] = [];
  let leftOut: readonly LeftOutPart[] = [];
  const originals = flatRecords(originalJson, {
    separator: json.separator,
    recordsPath: json.recordsPath,
    recordsMap: recordsMapAllowed(json),
    keyColumn,
    onLeftOut: (parts) => {
      leftOut = parts;
    },
  });
  const reconverted = flatRecords(
    relational
      ? relationalToJson(converted, {
          ...options.zipLimits,
          separator: csv.separator,
          delimiter: options.delimiter,
          excelSafe,
        })
      : csvToSparseJson(
          converted,
          { separator: csv.separator, delimiter: options.delimiter, plan: csv.plan, excelSafe: csv.excelSafe },
          (record) => omittedNulls.push(record),
        ),
    { separator: json.separator, recordsMap: map, keyColumn, ...(map ? { recordsPath: '' } : {}) },
  );
  try {
    for (let record = 1; ; record++) {
      const [a, b] = await Promise.all([originals.next(), reconverted.next()]);
      if (a.done && b.done) break;
      tally.compare(
        record,
        a.done ? undefined : a.value,
        b.done ? undefined : b.value,
        b.done ? undefined : omittedNulls.shift(),
      );
    }
  } finally {
    await Promise.all([originals.return(undefined), reconverted.return(undefined)]);
  }
  const counts = tally.counts;
  counts.loneSurrogateKeys = tally.replacedKeys.size;
  // What the conversion left out of the document was not converted: its values and its paths count as lost.
  for (const part of leftOut) counts.leftOutValues += part.values;
  counts.originalValues += counts.leftOutValues;
  const preserved = [...tally.originalPaths].filter((path) => tally.reconvertedPaths.has(path)).length;
  const lostPaths = [...tally.originalPaths].filter((path) => !tally.reconvertedPaths.has(path));
  lostPaths.push(...leftOut.map((part) => part.path));
  const gainedPaths = [...tally.reconvertedPaths].filter((path) => !tally.originalPaths.has(path));
  const paths = {
    original: tally.originalPaths.size + leftOut.length,
    reconverted: tally.reconvertedPaths.size,
    preserved,
    lost: lostPaths.length,
    gained: gainedPaths.length,
    lostPaths: lostPaths.slice(0, MAX_LISTED_PATHS),
    gainedPaths: gainedPaths.slice(0, MAX_LISTED_PATHS),
    leftOut: [...leftOut].sort((a, b) => b.bytes - a.bytes).slice(0, MAX_LISTED_PATHS),
    leftOutParts: leftOut.length,
    loneSurrogateKeys: [...tally.replacedKeys].slice(0, MAX_LISTED_PATHS).map(([path, record]) => ({
      record,
      path: path.header ?? '',
      key: jsonStringExample(path.raw, 0, path.raw.length),
    })),
  };
  const records = comparedRecords(counts, paths);
  const advice = roundTripAdvice(counts, paths, tally.differences);
  const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return {
    counts,
    paths,
    valueEqualityRate: rate(counts.equal, counts.originalValues),
    typePreservation: rate(counts.equal + counts.valueChanged, counts.originalValues),
    structurePreservation: rate(counts.sameShapeRecords, records),
    scores: comparisonScores(counts, paths),
    originalStructure: `${counts.originalRecords} records, ${paths.original} fields, depth ${tally.maxDepth}`,
    differences: tally.differences,
    differencesTotal: tally.differencesTotal,
    recommendations: advice.map((entry) => entry.text),
    advice,
    guardedValues: tally.guardedValues,
  };
}
