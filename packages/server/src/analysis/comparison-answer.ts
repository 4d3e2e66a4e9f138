import {
  type AiAnalysis,
  type ComparisonAnalysis,
  type FileQualityAnalysis,
  reliabilityVerdict,
} from '@unnest/contracts';
import { type ComparisonReport, percent } from '@unnest/engine';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Keys whose half of a character (a lone surrogate escape) the conversion wrote as U+FFFD in the header. */
const renamedKeys = (keys: number) =>
  `${plural(keys, 'key')} named with U+FFFD where ${keys === 1 ? 'it' : 'they'} held half a character`;

/** One sentence saying how the round trip went, drawn from the counts. */
export function qualityAssessment(report: ComparisonReport): string {
  const { counts, paths } = report;
  const values = plural(counts.originalValues, 'value');
  const records = plural(counts.originalRecords, 'record');
  if (
    report.differencesTotal === 0 &&
    paths.lost === 0 &&
    counts.loneSurrogateKeys === 0 &&
    counts.originalRecords === counts.reconvertedRecords
  ) {
    // No left-out part either: each one is a lost path.
    const guarded =
      counts.guarded === 0
        ? ''
        : ` ${plural(counts.guarded, 'value has', 'values have')} the Spreadsheet-safe ' in the CSV, taken off on reading back.`;
    return `Lossless: all ${values} of ${records} came back exactly as written.${guarded}`;
  }
  const share = percent(counts.equal, counts.originalValues);
  const parts = [
    `${counts.equal.toLocaleString('en-US')} of ${values}${share === null ? '' : ` (${share}%)`} came back exactly`,
  ];
  if (paths.lost > 0) parts.push(`${plural(paths.lost, 'field')} lost`);
  if (paths.gained > 0) parts.push(`${plural(paths.gained, 'field')} gained`);
  if (counts.loneSurrogateKeys > 0) parts.push(renamedKeys(counts.loneSurrogateKeys));
  if (counts.originalRecords !== counts.reconvertedRecords) {
    parts.push(`${records} became ${plural(counts.reconvertedRecords, 'record')}`);
  }
  return `${parts.join('; ')}.`;
}

/** What did not survive, one line per kind of loss, from the counts. */
export function issuesFound(report: ComparisonReport): string[] {
  const { counts, paths } = report;
  const issues: string[] = [];
  const list = (names: readonly string[], total: number) =>
    `${names.slice(0, 5).join(', ')}${total > 5 ? `, and ${total - 5} more` : ''}`;
  if (counts.originalRecords !== counts.reconvertedRecords) {
    issues.push(
      `${plural(counts.originalRecords, 'record')} in the original, ${counts.reconvertedRecords.toLocaleString('en-US')} read back from the CSV`,
    );
  }
  if (paths.lost > 0) issues.push(`${plural(paths.lost, 'field')} lost: ${list(paths.lostPaths, paths.lost)}`);
  if (paths.gained > 0)
    issues.push(`${plural(paths.gained, 'field')} gained: ${list(paths.gainedPaths, paths.gained)}`);
  if (counts.loneSurrogateKeys > 0) issues.push(renamedKeys(counts.loneSurrogateKeys));
  if (counts.valueChanged > 0) issues.push(`${plural(counts.valueChanged, 'value')} changed`);
  if (counts.typeChanged > 0) issues.push(`${plural(counts.typeChanged, 'value')} changed type`);
  if (counts.emptied > 0) issues.push(`${plural(counts.emptied, 'value')} came back empty (null)`);
  if (counts.missing > 0) issues.push(`${plural(counts.missing, 'value')} missing after the round trip`);
  if (counts.addedValue > 0) issues.push(`${plural(counts.addedValue, 'value')} added that the original did not have`);
  return issues;
}

/** The spec's comparison analysis from the engine's report, with the counts as evidence. */
export function comparisonAnalysis(report: ComparisonReport): ComparisonAnalysis {
  const { counts, paths, scores } = report;
  return {
    ...scores,
    quality_assessment: qualityAssessment(report),
    conversion_reliability: reliabilityVerdict(scores.trust_score),
    recommendations: report.recommendations,
    advice: report.advice,
    evidence: {
      original_records: counts.originalRecords,
      reconverted_records: counts.reconvertedRecords,
      identical_records: counts.identicalRecords,
      original_values: counts.originalValues,
      equal_values: counts.equal,
      value_changed: counts.valueChanged,
      type_changed: counts.typeChanged,
      emptied: counts.emptied,
      missing: counts.missing,
      added_null: counts.addedNull,
      added_value: counts.addedValue,
      value_equality_rate: percent(counts.equal, counts.originalValues),
      type_preservation: percent(counts.equal + counts.valueChanged, counts.originalValues),
      preserved_fields: paths.preserved,
      lost_fields: paths.lost,
      gained_fields: paths.gained,
      lost_paths: paths.lostPaths,
      gained_paths: paths.gainedPaths,
      left_out_values: counts.leftOutValues,
      left_out: paths.leftOut,
      original_structure: report.originalStructure,
      differences: report.differences,
      differences_total: report.differencesTotal,
      guarded_values: counts.guarded,
      guarded: report.guardedValues,
    },
  };
}

/**
 * The per-file quality analysis of spec 3 (batch shape) from the same comparison. Its two business
 * figures are ratios too: `business_value_preserved` is the share of original values that came back
 * equal; `analysis_readiness` the share of the original's columns without a warning or error issue.
 */
export function fileQualityAnalysis(report: ComparisonReport, original: AiAnalysis): FileQualityAnalysis {
  const { scores, paths, counts } = report;
  const flagged = new Set(
    original.data_quality_issues.filter((issue) => issue.severity !== 'info' && issue.path !== null).map((i) => i.path),
  );
  const columns = original.columns;
  return {
    quality_score: scores.quality_score,
    trust_score: scores.trust_score,
    conversion_reliability: reliabilityVerdict(scores.trust_score),
    data_integrity: {
      score: scores.data_integrity,
      preserved_fields: paths.preserved,
      lost_fields: paths.lost,
      gained_fields: paths.gained,
    },
    structure_analysis: {
      structure_preservation: scores.structure_preservation,
      original_structure: report.originalStructure,
    },
    business_impact: {
      business_value_preserved: percent(counts.equal, counts.originalValues),
      analysis_readiness: percent(columns - flagged.size, columns),
    },
    recommendations: report.recommendations,
    advice: report.advice,
    guarded_values: counts.guarded,
    issues_found: [
      ...issuesFound(report),
      ...original.data_quality_issues.filter((issue) => issue.severity !== 'info').map((issue) => issue.message),
    ],
  };
}
