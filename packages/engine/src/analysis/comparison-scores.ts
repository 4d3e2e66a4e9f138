import type { ComparisonCounts, ComparisonScores, PathComparison } from './report.js';

/**
 * A share as a percentage with one decimal, rounded down so that only a perfect count scores 100
 * (99.96% shows as 99.9, never 100): the one rounding rule of every score and rate, in the engine and the
 * server. Nothing to compare (a zero denominator) gives null, never a score.
 */
export function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  if (part >= whole) return 100;
  return Math.floor((1000 * part) / whole) / 10;
}

/**
 * The records a record-level score is out of: the larger of the two record counts, plus one for the rest of
 * the document when the conversion left parts of it out (wrapper keys, other lists), a record that did not
 * come back, so that no score reaches 100 while anything was left out.
 */
export function comparedRecords(counts: ComparisonCounts, paths: PathComparison): number {
  return Math.max(counts.originalRecords, counts.reconvertedRecords) + (paths.leftOutParts > 0 ? 1 : 0);
}

/**
 * The six scores, each a ratio of counts (records R = `comparedRecords`). Values left out of the conversion
 * count in originalValues and never as equal; parts left out count as lost paths. A null that
 * stands where the original record had no key (`addedNull`) lowers no score: CSV gives every row every
 * column, so it cannot write "absent"; it is counted and named in the recommendations instead.
 * - quality_score = equal / (originalValues + addedValue): every value on either side counts.
 * - accuracy_score = equal / originalValues: original values that came back identical.
 * - trust_score = identicalRecords / R: records that can be used as they came back.
 * - data_integrity = preserved paths / original paths: the field preservation rate.
 * - structure_preservation = sameShapeRecords / R: records whose set of paths came back unchanged.
 * - field_mapping_accuracy = preserved / (preserved + lost + gained): the overlap of the two column sets.
 */
export function comparisonScores(counts: ComparisonCounts, paths: PathComparison): ComparisonScores {
  const records = comparedRecords(counts, paths);
  return {
    quality_score: percent(counts.equal, counts.originalValues + counts.addedValue),
    trust_score: percent(counts.identicalRecords, records),
    data_integrity: percent(paths.preserved, paths.original),
    accuracy_score: percent(counts.equal, counts.originalValues),
    structure_preservation: percent(counts.sameShapeRecords, records),
    field_mapping_accuracy: percent(paths.preserved, paths.preserved + paths.lost + paths.gained),
  };
}
