import { EXACT_DISTINCT_LIMIT } from './distinct-counter.js';
import type { UntrackedPaths } from './report.js';
import { MAX_JUDGED_TEXTS } from './semantic-types.js';

/** What the collector knows about where it stopped counting one by one. */
export interface LimitFacts {
  columns: readonly { path: string; distinctExact: boolean; semanticUnchecked: number }[];
  untracked: UntrackedPaths | null;
  /** The records whose values were checked, when not all were (json2csv's sampled analysis); else null. */
  sample: { checked: number; head: number; stride: number } | null;
  /** The number of distinct records kept for duplicate detection, when later records could only be compared with them; else null. */
  duplicatesCheckedAgainst: number | null;
}

/** A whole number with thousands separators, as en-US writes it (without loading the locale data: it costs 10 ms). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Up to three paths, then how many more. */
function named(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).map((path) => `'${path}'`);
  return paths.length > 3 ? `${shown.join(', ')} and ${count(paths.length - 3)} more` : shown.join(', ');
}

/**
 * The report's `limits`: one sentence per kind of summary the analysis made, naming the columns concerned,
 * so a reader knows which numbers are estimates or rest on part of the values.
 */
export function limitNotes(facts: LimitFacts): string[] {
  const notes: string[] = [];
  if (facts.sample !== null) {
    const { checked, head, stride } = facts.sample;
    notes.push(
      `Counts of records, columns, types, nulls, empty and missing values, lengths and array sizes are exact; distinct counts, semantic types, number ranges, examples, duplicate records and keys, and the value issues (precision, formulas, numbers as strings, spaces, date formats) come from a sample of ${count(checked)} records: every record up to the ${count(head)}th, then every ${count(stride)}th.`,
    );
  }
  if (facts.untracked !== null) {
    const { pathsTracked, columns, values } = facts.untracked;
    notes.push(
      `Only the first ${count(pathsTracked)} paths were analysed one by one; ${columns.exact ? '' : 'about '}${count(columns.estimate)} more columns (${count(values)} values) were only counted, so they have no statistics or issues here.`,
    );
  }
  const estimated = facts.columns.filter((column) => !column.distinctExact).map((column) => column.path);
  if (estimated.length > 0) {
    notes.push(
      `Distinct counts of ${named(estimated)} are estimates (HyperLogLog, about ±1.6%): they hold more than ${count(EXACT_DISTINCT_LIMIT)} distinct values.`,
    );
  }
  const sampled = facts.columns.filter((column) => column.semanticUnchecked > 0).map((column) => column.path);
  if (sampled.length > 0) {
    notes.push(
      `Semantic types and date formats of ${named(sampled)} were decided on their first ${count(MAX_JUDGED_TEXTS)} distinct texts; later new texts were not checked.`,
    );
  }
  if (facts.duplicatesCheckedAgainst !== null) {
    notes.push(
      `Duplicate records were looked for among the first ${count(facts.duplicatesCheckedAgainst)} distinct records only; later records were compared with those.`,
    );
  }
  return notes;
}
