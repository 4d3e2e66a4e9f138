/**
 * The shapes of every analysis report the engine computes: the schema and quality report of one JSON
 * file (`analyzeJson`, `AnalysisCollector`), smart column names (`smartColumnNames`) and the round-trip
 * comparison of a JSON file with the CSV made from it (`compareRoundTrip`). Every number in them is
 * counted from the data; the formulas are in `analysis/README.md`.
 */

/** A JSON value's type as written in the input; `object`/`array` at a column are empty containers or a path that also held a scalar. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** What a column's values mean, detected from the values (and, for identifiers, the key name). */
export type SemanticType =
  | 'email'
  | 'url'
  | 'datetime'
  | 'uuid'
  | 'phone'
  | 'currency'
  | 'percentage'
  | 'country_code'
  | 'ip_address'
  | 'boolean_like'
  | 'identifier';

/** A column's detected meaning: `matched` of the `checked` non-empty values fit it (at least 90%). */
export interface SemanticDetection {
  type: SemanticType;
  /** For `datetime`: the format of most values, e.g. `YYYY-MM-DD` or `DD/MM/YYYY`. */
  format?: string;
  matched: number;
  checked: number;
}

/** Statistics of one flattened path (one CSV column, named as json2csv writes its header). */
export interface FieldReport {
  /** The header json2csv writes for this path (`user.addr.zip`, `tags.0`). */
  path: string;
  /** How many values of each JSON type the column held. */
  types: Record<JsonType, number>;
  /** Values that were `null`. */
  nulls: number;
  /** Values that were the empty string. */
  empty: number;
  /** Records without this path at all (for paths below an array: not counted, see `arrays`). */
  missing: number;
  /** Up to 3 distinct example values, as cell text, each cut at 80 characters. */
  examples: string[];
  /** Shortest and longest cell text of the non-null values (in characters), or null without such values. */
  length: { min: number; max: number } | null;
  /** Smallest and largest number, as written in the input, or null without numbers. */
  numeric: { min: string; max: string } | null;
  /** Distinct non-null values: exact up to 1,024, then a HyperLogLog estimate (about 1.6% error). */
  distinct: { estimate: number; exact: boolean };
  /**
   * The detected meaning, or null when no single type fits at least 90% of the checked values (every number;
   * texts up to 1,024 distinct ones per column, see `limits`).
   */
  semantic: SemanticDetection | null;
}

/** How hard the data is to use as a table, by the rule in `analysis/complexity.ts`. */
export type Complexity = 'simple' | 'moderate' | 'complex';

/** Every kind of data-quality issue the analysis looks for. */
export type QualityIssueKind =
  | 'mixed_types'
  | 'numbers_as_strings'
  | 'inconsistent_date_formats'
  | 'missing_values'
  | 'empty_column'
  | 'duplicate_records'
  | 'duplicate_keys'
  | 'surrounding_spaces'
  | 'formula_like'
  | 'beyond_double_precision'
  | 'sparse_key'
  | 'array_length_varies'
  | 'wide_output';

/** How much an issue matters: `error` breaks a common use of the output, `warning` likely misleads, `info` is worth knowing. */
export type Severity = 'info' | 'warning' | 'error';

/** One data-quality issue with its evidence. */
export interface QualityIssue {
  kind: QualityIssueKind;
  severity: Severity;
  /** The column it concerns; null for whole-file issues (duplicate records, wide output). */
  path: string | null;
  /** How many values (or records, or columns for `wide_output`) show it. */
  count: number;
  /** Up to 3 examples: values, or `record N` references. */
  examples: string[];
  /** One sentence saying what was found. */
  message: string;
  /** One sentence saying what to do about it. */
  recommendation: string;
}

/** A readable, unique column name for a path. */
export interface SmartHeader {
  path: string;
  name: string;
  /** One-line description; only a language model (see `@unnest/engine/node`) writes these. */
  description?: string;
}

/** The schema and quality report of one JSON file. */
export interface AnalysisReport {
  /** Records read (rows json2csv writes with the default `index` array strategy). */
  records: number;
  /** Columns json2csv writes for it: the `fields`, plus the untracked columns (see `untracked`). */
  columns: number;
  /** Deepest nesting of a record: 1 for a flat object, 2 for an object inside it, and so on. */
  maxDepth: number;
  complexity: Complexity;
  /** Which part of the rule decided the complexity. */
  complexityReason: string;
  /** One entry per column, in json2csv's header order. */
  fields: FieldReport[];
  /** Issues, most severe first, then by kind and path. */
  issues: QualityIssue[];
  /** Readable column names from the built-in dictionary, one per field, same order. */
  smartHeaders: SmartHeader[];
  /**
   * Duplicate-record detection: records are hashed (53 bits) and the first 250,000 distinct hashes are
   * kept, so `exhaustive` is false when later records could only be checked against those.
   */
  duplicateCheck: { duplicates: number; exhaustive: boolean };
  /**
   * Paths first seen after the analysis tracked `pathsTracked` of them (default 5,000): summarised together,
   * not in `fields` or `issues`. `columns` counts their columns (exact up to 1,024, then a HyperLogLog
   * estimate), `values` their cells. Null when every path was tracked.
   */
  untracked: UntrackedPaths | null;
  /**
   * Where the analysis summarised, sampled or estimated instead of counting everything one by one, as
   * sentences to show the reader; empty when every number in the report is exact.
   */
  limits: string[];
}

/** The paths past the tracking limit, counted together. */
export interface UntrackedPaths {
  pathsTracked: number;
  columns: { estimate: number; exact: boolean };
  values: number;
}

/** What one difference between an original value and its reconverted value is. */
export type DifferenceKind =
  /** Same JSON type, different text. */
  | 'value'
  /** A different JSON type (not null): `"5"` came back as `5`. */
  | 'type'
  /** The original was not null; it came back as null. */
  | 'emptied'
  /** The original value has no counterpart at all. */
  | 'missing'
  /** The reconverted record holds a value the original record did not have. */
  | 'added';

/** One value that did not survive the round trip unchanged. */
export interface Difference {
  /** 1-based record number. */
  record: number;
  path: string;
  kind: DifferenceKind;
  /** The original value as JSON text (strings quoted), or null when absent. */
  original: string | null;
  /** The reconverted value as JSON text, or null when absent. */
  reconverted: string | null;
}

/** The counts every comparison score is computed from. */
export interface ComparisonCounts {
  originalRecords: number;
  reconvertedRecords: number;
  /** Records whose every value came back equal, with nothing added but padding nulls (see `addedNull`). */
  identicalRecords: number;
  /** Records whose set of paths came back the same (values aside; padding nulls aside). */
  sameShapeRecords: number;
  /** Leaf values in the original (scalars, empty arrays and objects). */
  originalValues: number;
  /** Original values that came back with the same type and the same text (numbers compared as written). */
  equal: number;
  valueChanged: number;
  typeChanged: number;
  emptied: number;
  missing: number;
  /**
   * Reconverted values absent from the original record that are null: CSV gives every row every column,
   * so an absent key comes back as null. Counted and reported, but not a difference and no score's loss.
   */
  addedNull: number;
  /** Reconverted values absent from the original record that are not null. */
  addedValue: number;
  /**
   * Original strings the CSV holds with the formula guard's `'` (compared with `excelSafe`): read back with the
   * guard undone, each counts as equal too. 0 without `excelSafe`.
   */
  guarded: number;
  /**
   * Values that came back as the original with the guard's `'` still in front: the CSV has the guard and was
   * read back without undoing it (compared without `excelSafe`). Counted in `valueChanged` too.
   */
  guardLeft: number;
  /**
   * Strings that came back with U+FFFD where the original held a lone UTF-16 surrogate (`"\ud800"`), which
   * UTF-8 cannot hold: the conversion wrote U+FFFD and said so. Counted in `valueChanged` too.
   */
  loneSurrogates: number;
  /**
   * Keys of the original (paths, however many records hold them) that held a lone UTF-16 surrogate escape: the
   * conversion named their columns with U+FFFD and said so, and the comparison reads them as those names, so their
   * values compare as usual; a record holding one is not identical.
   */
  loneSurrogateKeys: number;
  /**
   * Leaf values of the parts of the document the conversion left out (wrapper keys, other lists): counted in
   * `originalValues`, never equal, so no value score reaches 100 while anything was left out.
   */
  leftOutValues: number;
}

/** One cell the formula guard changed in the CSV, as the comparison lists it. */
export interface GuardedValue {
  record: number;
  path: string;
  /** The original text (the CSV holds it with a `'` in front). */
  value: string;
}

/** A setting whose change fixes what a piece of advice is about (the web app links to its control). */
export type AdviceOption = 'excel_safe' | 'array_strategy' | 'types' | 'separator';

/** One recommendation: what was found and why, what to do, and the setting that does it (null: none does). */
export interface Advice {
  /** What it is about: `records`, `lost_fields`, `gained_fields`, `formula_guard`, `type_changed`, ... */
  cause: string;
  text: string;
  option: AdviceOption | null;
}

/** A part of the original document the conversion left out: a wrapper member that is not the records. */
export interface LeftOutPartReport {
  /** Its keys as a records path. */
  path: string;
  bytes: number;
  /** Its leaf values. */
  values: number;
}

/** Column-level comparison: which paths (over all records) survived; a path holding only padding nulls is not counted as reconverted. */
export interface PathComparison {
  original: number;
  reconverted: number;
  preserved: number;
  lost: number;
  gained: number;
  /** Up to 100 lost paths, in original order. */
  lostPaths: string[];
  /** Up to 100 gained paths, in reconverted order. */
  gainedPaths: string[];
  /**
   * The parts of the document left out of the conversion, largest first (up to 100): each is an original
   * path that did not come back, counted in `original` and `lost` (and listed in `lostPaths` after the
   * records' own).
   */
  leftOut: LeftOutPartReport[];
  /** All the parts left out, listed or not. */
  leftOutParts: number;
  /** Up to 100 keys counted in `loneSurrogateKeys`: the first record holding each, its column name, the key as written. */
  loneSurrogateKeys: { record: number; path: string; key: string }[];
}

/**
 * The six scores of the spec, each 0 to 100 with one decimal, each a ratio of counts (see README); null
 * when its denominator is 0: nothing to compare, so no score.
 */
export interface ComparisonScores {
  quality_score: number | null;
  trust_score: number | null;
  data_integrity: number | null;
  accuracy_score: number | null;
  structure_preservation: number | null;
  field_mapping_accuracy: number | null;
}

/** The round-trip comparison of a JSON file with the JSON read back from its CSV. */
export interface ComparisonReport {
  counts: ComparisonCounts;
  paths: PathComparison;
  /** equal / originalValues, 0 to 1 (null when there is nothing to compare, as for every rate here). */
  valueEqualityRate: number | null;
  /** Original values that came back with the same JSON type / originalValues, 0 to 1. */
  typePreservation: number | null;
  /** sameShapeRecords / the larger record count, 0 to 1. */
  structurePreservation: number | null;
  scores: ComparisonScores;
  /** A one-line description of the original's structure, e.g. `120 records, 14 fields, depth 3`. */
  originalStructure: string;
  /** The first `maxDifferences` differences (default 100), in record order. */
  differences: Difference[];
  /** All differences found, listed or not. */
  differencesTotal: number;
  /** What to do, drawn from the counts; empty when the round trip was lossless (the texts of `advice`). */
  recommendations: string[];
  /** The same recommendations with their cause and the setting that fixes each. */
  advice: Advice[];
  /** The first values the formula guard changed (with `excelSafe`), in record order; all are in `counts.guarded`. */
  guardedValues: GuardedValue[];
}

/** Options of `analyzeJson` and `AnalysisCollector`. */
export interface AnalysisOptions {
  /** Joins nested keys in paths, as json2csv's `separator` (default `.`). */
  separator?: string;
  /** Dot path of the records array inside a top-level object; found automatically when absent. */
  recordsPath?: string;
  /** Deepest nesting accepted (default 1,000). */
  maxDepth?: number;
  /** Paths analysed one by one before later ones are summarised (default 5,000). */
  maxPaths?: number;
  /** Called with the running total of input bytes read. */
  onProgress?: (bytesRead: number) => void;
}
