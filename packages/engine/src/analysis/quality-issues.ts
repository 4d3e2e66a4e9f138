import { WIDE_COLUMNS } from './complexity.js';
import { type Evidence, plural } from './evidence.js';
import type { FieldStats } from './field-stats.js';
import type { JsonType, QualityIssue, QualityIssueKind, Severity } from './report.js';

/** A key present in at most this share of records (with at least 10 records) is `sparse_key`. */
export const SPARSE_SHARE = 0.1;
/** Missing values in at least this share of records make `missing_values` a warning. */
export const MISSING_WARNING_SHARE = 0.5;
/** Excel's column limit: wider output cannot be opened there whole. */
export const XLSX_MAX_COLUMNS = 16_384;

const KIND_ORDER: readonly QualityIssueKind[] = [
  'duplicate_records',
  'wide_output',
  'mixed_types',
  'empty_column',
  'missing_values',
  'sparse_key',
  'duplicate_keys',
  'beyond_double_precision',
  'formula_like',
  'inconsistent_date_formats',
  'numbers_as_strings',
  'surrounding_spaces',
  'array_length_varies',
];
const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** What the whole file showed, besides its fields. */
export interface FileEvidence {
  records: number;
  columns: number;
  /** False when `columns` includes an estimate of the untracked columns. */
  columnsExact: boolean;
  /** The first column headers, as examples for `wide_output`. */
  firstColumns: readonly string[];
  duplicates: Evidence;
}

function fromEvidence(
  kind: QualityIssueKind,
  severity: Severity,
  path: string,
  evidence: Evidence,
  message: string,
  recommendation: string,
): QualityIssue[] {
  if (evidence.count === 0) return [];
  return [{ kind, severity, path, count: evidence.count, examples: [...evidence.examples], message, recommendation }];
}

function fieldIssues(field: FieldStats, records: number): QualityIssue[] {
  const issues: QualityIssue[] = [];
  const path = field.path;
  const t = field.types;
  const present = (['string', 'number', 'boolean', 'object', 'array'] as const).filter((type) => t[type] > 0);
  if (present.length > 1) {
    issues.push({
      kind: 'mixed_types',
      severity: 'warning',
      path,
      count: present.reduce((sum, type) => sum + t[type], 0),
      examples: present.map((type: JsonType) => `${type} ×${t[type]}`),
      message: `'${path}' holds ${present.join(', ')} values.`,
      recommendation: 'Use one type per field, or read the column back as text (csv2json --no-types).',
    });
  }
  const blank = t.null + field.empty;
  if (field.isColumn && blank === field.values && field.values > 0) {
    issues.push({
      kind: 'empty_column',
      severity: 'warning',
      path,
      count: records,
      examples: [],
      message: `'${path}' never holds a value (only null or empty text).`,
      recommendation: 'Drop the column, or check that the export filled it.',
    });
  } else if (field.isColumn) {
    const absent = field.underArray ? 0 : Math.max(0, records - field.present);
    const sparse = !field.underArray && records >= 10 && field.present <= records * SPARSE_SHARE;
    if (sparse) {
      issues.push({
        kind: 'sparse_key',
        severity: 'info',
        path,
        count: field.present,
        examples: [...field.examples],
        message: `'${path}' appears in only ${field.present} of ${records} records.`,
        recommendation: 'Check whether the key is optional by design; in CSV its column is empty in the other rows.',
      });
    } else if (blank + absent > 0) {
      const share = records === 0 ? 0 : (blank + absent) / records;
      issues.push({
        kind: 'missing_values',
        severity: share >= MISSING_WARNING_SHARE ? 'warning' : 'info',
        path,
        count: blank + absent,
        examples: [`null ×${t.null}`, `empty text ×${field.empty}`, `absent ×${absent}`].filter(
          (e) => !e.endsWith('×0'),
        ),
        message: `'${path}' has no value in ${blank + absent} of ${records} records.`,
        recommendation: 'Fill the gaps at the source or decide how readers should treat an empty cell.',
      });
    }
  }
  issues.push(
    ...fromEvidence(
      'numbers_as_strings',
      'info',
      path,
      field.numbersAsStrings,
      `'${path}' holds ${plural(field.numbersAsStrings.count, 'number', 'numbers')} written as strings.`,
      field.checkedValues === field.numbersAsStrings.count
        ? 'Store them as JSON numbers if they are quantities; keep them as text if they are codes.'
        : 'Use one representation for the whole field.',
    ),
    ...fromEvidence(
      'surrounding_spaces',
      'info',
      path,
      field.spaces,
      `${plural(field.spaces.count, 'value', 'values')} of '${path}' ${field.spaces.count === 1 ? 'starts or ends' : 'start or end'} with whitespace.`,
      'Trim the values at the source, or compare them trimmed.',
    ),
    ...fromEvidence(
      'formula_like',
      'warning',
      path,
      field.formulas,
      `${plural(field.formulas.count, 'value', 'values')} of '${path}' ${field.formulas.count === 1 ? 'starts' : 'start'} like a spreadsheet formula; a spreadsheet may run ${field.formulas.count === 1 ? 'it' : 'them'}.`,
      "Keep Spreadsheet-safe (the formula guard) on for a CSV that a spreadsheet opens: such cells get a ' in front, which reading back with the guard undone takes off.",
    ),
    ...fromEvidence(
      'beyond_double_precision',
      'warning',
      path,
      field.precision,
      `${plural(field.precision.count, 'number', 'numbers')} of '${path}' ${field.precision.count === 1 ? 'has' : 'have'} more digits than a double holds; spreadsheets and JavaScript round ${field.precision.count === 1 ? 'it' : 'them'}.`,
      'Unnest copies them exactly; import the column as text in spreadsheets and parse it with a big-number type.',
    ),
    ...fromEvidence(
      'duplicate_keys',
      'warning',
      path,
      field.duplicateKeys,
      `The key '${path}' occurs twice in the same object (${plural(field.duplicateKeys.count, 'time', 'times')}); only the last value is kept.`,
      'Fix the producer: JSON readers disagree on which duplicate wins.',
    ),
  );
  const formats = field.semantic.dateFormats();
  if (formats.size > 1) {
    const sorted = [...formats].sort((a, b) => b[1] - a[1]);
    const others = sorted.slice(1).reduce((sum, [, count]) => sum + count, 0);
    issues.push({
      kind: 'inconsistent_date_formats',
      severity: 'warning',
      path,
      count: others,
      examples: sorted.slice(0, 3).map(([format, count]) => `${format} ×${count}`),
      message: `'${path}' mixes ${formats.size} date formats; ${plural(others, 'value differs', 'values differ')} from the most common (${sorted[0]?.[0]}).`,
      recommendation: 'Write every date in one format, preferably ISO 8601 (YYYY-MM-DD).',
    });
  }
  if (field.arrays !== null && field.arrays.min !== field.arrays.max) {
    issues.push({
      kind: 'array_length_varies',
      severity: 'info',
      path,
      count: field.arrays.count,
      examples: [`shortest ${field.arrays.min}`, `longest ${field.arrays.max}`],
      message: `Arrays at '${path}' have ${field.arrays.min} to ${field.arrays.max} elements, so their index columns are partly empty.`,
      recommendation:
        'Keep each array in one cell (json2csv --arrays json or join), or give it a row per element (explode).',
    });
  }
  return issues;
}

/** Every issue the statistics of `fields` (all paths, first-seen order) show: most severe first, then by kind and path. */
export function deriveIssues(fields: readonly FieldStats[], file: FileEvidence): QualityIssue[] {
  const issues: QualityIssue[] = [];
  if (file.duplicates.count > 0) {
    issues.push({
      kind: 'duplicate_records',
      severity: 'warning',
      path: null,
      count: file.duplicates.count,
      examples: [...file.duplicates.examples],
      message: `${plural(file.duplicates.count, 'record repeats', 'records repeat')} an earlier record exactly.`,
      recommendation: 'Remove the duplicates, or check whether the export repeated a page of results.',
    });
  }
  if (file.columns > WIDE_COLUMNS) {
    const severity: Severity = file.columns > XLSX_MAX_COLUMNS ? 'error' : file.columns > 1000 ? 'warning' : 'info';
    issues.push({
      kind: 'wide_output',
      severity,
      path: null,
      count: file.columns,
      examples: file.firstColumns.slice(0, 3),
      message: `The CSV has ${file.columnsExact ? '' : 'about '}${file.columns} columns${file.columns > XLSX_MAX_COLUMNS ? `, more than Excel's ${XLSX_MAX_COLUMNS}` : ''}.`,
      recommendation: 'Keep arrays in one cell (--arrays json), or select the fields you need before converting.',
    });
  }
  for (const field of fields) issues.push(...fieldIssues(field, file.records));
  const column = new Map(fields.map((field, k) => [field.path, k]));
  return issues
    .map((issue, k) => ({ issue, k }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.issue.severity) - SEVERITY_ORDER.indexOf(b.issue.severity) ||
        KIND_ORDER.indexOf(a.issue.kind) - KIND_ORDER.indexOf(b.issue.kind) ||
        (column.get(a.issue.path ?? '') ?? -1) - (column.get(b.issue.path ?? '') ?? -1) ||
        a.k - b.k,
    )
    .map(({ issue }) => issue);
}
