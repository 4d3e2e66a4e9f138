import { type Static, Type } from 'typebox';
import { ARRAY_STRATEGIES, COMPARE_MAX_BYTES } from './convert.js';
import { FlattenPlanDocument, MAX_PLAN_TEXT_BYTES } from './flatten-plan.js';

/**
 * The round-trip comparison (spec sections 2.5, 2.11 and 3): the scores as ratios of counts the
 * engine made, with those counts and the differences as evidence. Never a default score.
 */

/** A score or rate from 0 to 100 (one decimal, rounded down); null when there was nothing to compare (0/0). */
const percent = (description: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
    description: `${description}; null when there is nothing to compare`,
  });
const count = (description: string) => Type.Integer({ minimum: 0, description });

/** One value that did not survive the round trip unchanged. */
export const ComparisonDifference = Type.Object({
  record: Type.Integer({ minimum: 1 }),
  path: Type.String(),
  kind: Type.Union([
    Type.Literal('value'),
    Type.Literal('type'),
    Type.Literal('emptied'),
    Type.Literal('missing'),
    Type.Literal('added'),
  ]),
  original: Type.Union([Type.String(), Type.Null()], { description: 'JSON text; null when absent' }),
  reconverted: Type.Union([Type.String(), Type.Null()], { description: 'JSON text; null when absent' }),
});
export type ComparisonDifference = Static<typeof ComparisonDifference>;

/** A part of the original document a conversion left out: a wrapper member that is not the records. */
export const LeftOutPart = Type.Object({
  path: Type.String({ description: 'its keys as a records path' }),
  bytes: count('bytes of its value'),
  values: count('its leaf values'),
});
export type LeftOutPart = Static<typeof LeftOutPart>;

/** The counts every comparison score is a ratio of. */
export const ComparisonEvidence = Type.Object({
  original_records: count('records in the original'),
  reconverted_records: count('records read back from the CSV'),
  identical_records: count('records whose every value came back equal'),
  original_values: count('leaf values in the original'),
  equal_values: count('values that came back with the same type and text'),
  value_changed: count('same type, different text'),
  type_changed: count('different JSON type'),
  emptied: count('came back as null'),
  missing: count('no counterpart at all'),
  added_null: count('nulls the CSV added (every row has every column)'),
  added_value: count('values the original record did not have'),
  value_equality_rate: percent('equal_values / original_values'),
  type_preservation: percent('values that kept their JSON type'),
  preserved_fields: count('paths present before and after'),
  lost_fields: count('paths of the original missing after'),
  gained_fields: count('paths only the reconverted JSON has'),
  lost_paths: Type.Array(Type.String(), { description: 'up to 100' }),
  gained_paths: Type.Array(Type.String(), { description: 'up to 100' }),
  left_out_values: count(
    'leaf values of the parts of the document the conversion left out (wrapper keys, other lists); counted in original_values, never equal',
  ),
  left_out: Type.Array(LeftOutPart, {
    description:
      'the parts of the document left out of the conversion, largest first (up to 100); each counts as a lost path',
  }),
  original_structure: Type.String(),
  differences: Type.Array(ComparisonDifference, { description: 'the first 100, in record order' }),
  differences_total: count('all differences found'),
  guarded_values: count(
    "original values the CSV holds with the formula guard's ' in front (compared with the options the CSV was written with: read back with the guard undone, they count as equal)",
  ),
  guarded: Type.Array(
    Type.Object({ record: Type.Integer({ minimum: 1 }), path: Type.String(), value: Type.String() }),
    { description: 'the first 20 guarded values, with their original text' },
  ),
});
export type ComparisonEvidence = Static<typeof ComparisonEvidence>;

/** The settings a recommendation can name: the web app links each to its control. */
export const ADVICE_OPTIONS = ['excel_safe', 'array_strategy', 'types', 'separator'] as const;

/** One recommendation: what it is about, what to do, and the setting that does it (null when none does). */
export const Advice = Type.Object({
  cause: Type.String({
    description:
      'records, left_out, lost_fields, gained_fields, formula_guard, type_changed, lone_surrogates, value_changed, emptied, missing, added_value, added_null',
  }),
  text: Type.String(),
  option: Type.Union([Type.Enum([...ADVICE_OPTIONS]), Type.Null()]),
});
export type Advice = Static<typeof Advice>;

/** The one verdict every screen shows for a comparison: the trust score's band (section 9). */
export const RELIABILITY_VERDICTS = {
  highly_reliable: { label: 'Highly reliable', band: 'success' },
  reliable: { label: 'Reliable', band: 'info' },
  needs_review: { label: 'Needs review', band: 'warning' },
  unreliable: { label: 'Unreliable', band: 'error' },
  nothing_to_compare: { label: 'Nothing to compare', band: 'info' },
} as const;
export type ReliabilityVerdict = keyof typeof RELIABILITY_VERDICTS;

/** Comparison analysis (spec 3): the scores, a verdict, recommendations, and the evidence. */
export const ComparisonAnalysis = Type.Object({
  quality_score: percent('equal values / (original values + values the CSV added)'),
  trust_score: percent(
    'identical records / the larger record count (plus one for the rest of the document when parts were left out)',
  ),
  accuracy_score: percent('equal values / original values'),
  data_integrity: percent('preserved paths / original paths'),
  structure_preservation: percent('records that kept their set of paths / the larger record count'),
  field_mapping_accuracy: percent('preserved paths / (preserved + lost + gained)'),
  quality_assessment: Type.String({ description: 'one sentence drawn from the counts' }),
  conversion_reliability: Type.Enum(Object.keys(RELIABILITY_VERDICTS), {
    description:
      'the one verdict (from the trust score, as in file_quality): highly_reliable, reliable, needs_review, unreliable, nothing_to_compare',
  }),
  recommendations: Type.Array(Type.String()),
  advice: Type.Array(Advice, { description: 'the recommendations with their cause and the setting that fixes each' }),
  evidence: ComparisonEvidence,
});
export type ComparisonAnalysis = Static<typeof ComparisonAnalysis>;

/** Per-file quality analysis (spec 3, batch shape), built from the same comparison. */
export const FileQualityAnalysis = Type.Object({
  quality_score: percent('see ComparisonAnalysis'),
  trust_score: percent('see ComparisonAnalysis'),
  conversion_reliability: Type.String({
    description:
      'highly_reliable (trust 95+), reliable (85+), needs_review (70+), unreliable; nothing_to_compare without records',
  }),
  data_integrity: Type.Object({
    score: percent('data_integrity'),
    preserved_fields: count(''),
    lost_fields: count(''),
    gained_fields: count(''),
  }),
  structure_analysis: Type.Object({
    structure_preservation: percent('see ComparisonAnalysis'),
    original_structure: Type.String(),
  }),
  business_impact: Type.Object({
    business_value_preserved: percent('original values that came back equal (value_equality_rate)'),
    analysis_readiness: percent('columns of the original without a warning or error quality issue'),
  }),
  recommendations: Type.Array(Type.String()),
  advice: Type.Array(Advice, { description: 'the recommendations with their cause and the setting that fixes each' }),
  issues_found: Type.Array(Type.String()),
  guarded_values: count("values the CSV holds with the formula guard's ' in front, taken off on reading back"),
});
export type FileQualityAnalysis = Static<typeof FileQualityAnalysis>;

/**
 * POST /api/convert/compare-analysis: a stored file (`file_id`), or the original JSON with the CSV made
 * from it (`csv_data`, or `csv_content`), each under 20 MB.
 */
export const CompareAnalysisBody = Type.Object(
  {
    file_id: Type.Optional(Type.String({ maxLength: 64 })),
    original_json: Type.Optional(Type.String({ maxLength: COMPARE_MAX_BYTES })),
    csv_data: Type.Optional(Type.String({ maxLength: COMPARE_MAX_BYTES })),
    csv_content: Type.Optional(Type.String({ maxLength: COMPARE_MAX_BYTES })),
    filename: Type.Optional(Type.String({ maxLength: 255 })),
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 4 })),
    plan: Type.Optional(FlattenPlanDocument),
    excel_safe: Type.Optional(
      Type.Boolean({
        description:
          'the CSV was written with the formula guard: read it back with the guard undone (a stored file uses the options it was converted with)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CompareAnalysisBody = Static<typeof CompareAnalysisBody>;

/** Answer of POST /api/convert/compare-analysis. */
export const CompareAnalysisResponse = Type.Object({
  analysis: ComparisonAnalysis,
  quality_score: percent('the same as analysis.quality_score'),
  file_quality: FileQualityAnalysis,
});
export type CompareAnalysisResponse = Static<typeof CompareAnalysisResponse>;

/** POST /api/convert/round-trip-test?delimiter=&array_strategy=: raw JSON in (under 20 MB). */
export const RoundTripTestQuery = Type.Object(
  {
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 3, description: 'one character, or `tab`' })),
    array_strategy: Type.Optional(Type.Enum([...ARRAY_STRATEGIES])),
    plan: Type.Optional(
      Type.String({
        maxLength: MAX_PLAN_TEXT_BYTES,
        description: 'a flattening plan as JSON text (FlattenPlanDocument)',
      }),
    ),
    excel_safe: Type.Optional(
      Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')], {
        description: 'convert with the formula guard and read back with it undone (default false)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RoundTripTestQuery = Static<typeof RoundTripTestQuery>;

/** The JSON converted to CSV, read back and compared with the original: the comparison's report and sizes. */
export const RoundTripTestResponse = Type.Object({
  analysis: ComparisonAnalysis,
  quality_score: percent('the same as analysis.quality_score'),
  file_quality: FileQualityAnalysis,
  original_size: Type.Integer({ description: 'bytes of the JSON sent' }),
  converted_size: Type.Integer({ description: 'bytes of the CSV it became' }),
  delimiter: Type.String(),
  array_strategy: Type.String(),
  excel_safe: Type.Boolean(),
});
export type RoundTripTestResponse = Static<typeof RoundTripTestResponse>;

/** The spec's trust score bands (section 9): 95+ success, 85+ info, 70+ warning, else error. */
export function trustScoreBand(score: number): 'success' | 'info' | 'warning' | 'error' {
  if (score >= 95) return 'success';
  if (score >= 85) return 'info';
  if (score >= 70) return 'warning';
  return 'error';
}

/** The verdict of a trust score (null: nothing to compare). */
export function reliabilityVerdict(trustScore: number | null): ReliabilityVerdict {
  if (trustScore === null) return 'nothing_to_compare';
  const band = trustScoreBand(trustScore);
  return band === 'success'
    ? 'highly_reliable'
    : band === 'info'
      ? 'reliable'
      : band === 'warning'
        ? 'needs_review'
        : 'unreliable';
}

/** The spec's quality colours (sections 4 and 9): 90+ success, 70+ warning, else error. */
export function qualityScoreBand(score: number): 'success' | 'warning' | 'error' {
  if (score >= 90) return 'success';
  if (score >= 70) return 'warning';
  return 'error';
}

/** Whether texts of this many bytes may be compared (spec 9: files under 20 MB). */
export function comparableSize(bytes: number): boolean {
  return bytes < COMPARE_MAX_BYTES;
}
