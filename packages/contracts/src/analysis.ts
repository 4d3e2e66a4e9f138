import { type Static, Type } from 'typebox';

/**
 * The premium analysis of a conversion (spec sections 2.4 and 3) as the API answers it. Every number is
 * counted from the data by the engine (DESIGN.md decisions 1 and 2); each answer carries the evidence
 * (counts and examples), so a client can show why, not only how much.
 */

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** Why the analysis and comparison calls refuse free accounts (403). */
export const ANALYSIS_TEXTS = {
  premiumRequired: 'AI analysis and conversion quality comparison are premium features. Upgrade your plan to use them.',
  tooLarge: 'Only files under 20 MB can be compared.',
  nothingToCompare: 'Send a file_id, or original_json with csv_data.',
  /** Client-side: the comparison call failed without a detail. */
  comparisonFailed: 'Comparison failed',
  /** Spec 2.4: the Data Quality Report when the analysis found nothing. */
  noIssues: 'No data quality issues detected! Your data looks clean.',
} as const;

/** One data-quality issue with its evidence: how many values showed it, and examples. */
export const QualityIssue = Type.Object({
  kind: Type.String({ description: 'mixed_types, numbers_as_strings, missing_values, duplicate_records, ...' }),
  severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
  path: Type.Union([Type.String(), Type.Null()], { description: 'the column; null for whole-file issues' }),
  count: count('values (or records, or columns) that show it'),
  examples: Type.Array(Type.String(), { description: 'up to 3 values or `record N` references' }),
  message: Type.String({ description: 'what was found' }),
  recommendation: Type.String({ description: 'what to do about it' }),
});
export type QualityIssue = Static<typeof QualityIssue>;

/** The evidence behind one column's detected type. */
export const FieldSchema = Type.Object({
  path: Type.String({ description: 'the CSV header of the column' }),
  type: Type.String({ description: 'the detected type: a semantic type when one fits, else the JSON type' }),
  semantic_type: Type.Union([Type.String(), Type.Null()]),
  semantic_format: Type.Optional(Type.String({ description: 'date/time format, e.g. YYYY-MM-DD' })),
  semantic_matched: Type.Optional(count('non-empty values that fit the semantic type')),
  types: Type.Record(Type.String(), Type.Integer(), { description: 'values per JSON type' }),
  nulls: count('null values'),
  empty: count('empty strings'),
  missing: count('records without this path'),
  distinct: count('distinct non-null values (estimated above 1,024)'),
  distinct_exact: Type.Boolean(),
  examples: Type.Array(Type.String()),
  min_length: Type.Optional(Type.Integer()),
  max_length: Type.Optional(Type.Integer()),
  min_value: Type.Optional(Type.String({ description: 'smallest number, as written' })),
  max_value: Type.Optional(Type.String({ description: 'largest number, as written' })),
});
export type FieldSchema = Static<typeof FieldSchema>;

/** `ai_analysis` of a premium JSON conversion (spec 3), with the per-column evidence in `fields`. */
export const AiAnalysis = Type.Object({
  field_types: Type.Record(Type.String(), Type.String(), { description: 'column -> detected type' }),
  estimated_complexity: Type.Union([Type.Literal('simple'), Type.Literal('moderate'), Type.Literal('complex')]),
  complexity_reason: Type.String({ description: 'which part of the documented rule decided it' }),
  max_depth: Type.Integer({ minimum: 0, description: 'levels of nesting (1: flat records)' }),
  records: count('records read'),
  columns: count('columns written'),
  data_quality_issues: Type.Array(QualityIssue),
  fields: Type.Array(FieldSchema),
  duplicate_check: Type.Object({
    duplicates: count('records equal to an earlier record'),
    exhaustive: Type.Boolean({ description: 'false when only the first 250,000 distinct records were kept' }),
  }),
  limits: Type.Array(Type.String(), {
    description:
      'where the analysis summarised, sampled or estimated instead of counting one by one, one sentence each; empty when every number is exact',
  }),
});
export type AiAnalysis = Static<typeof AiAnalysis>;

/** `ai_analysis` when the analysis could not be made; the conversion itself succeeded. */
export const AiAnalysisError = Type.Object({ error: Type.String() });
export type AiAnalysisError = Static<typeof AiAnalysisError>;

/** One smart column name (spec 2.4: listed as 'Column N'). */
export const SmartHeader = Type.Object({
  column: Type.Integer({ minimum: 1, description: 'position in the CSV header' }),
  path: Type.String({ description: 'the header as written' }),
  name: Type.String({ description: 'readable, unique name' }),
  description: Type.Optional(Type.String({ description: 'one line, written by a language model when configured' })),
  source: Type.Union([Type.Literal('dictionary'), Type.Literal('model')]),
});
export type SmartHeader = Static<typeof SmartHeader>;

/** `data_quality` (spec 3): the issues and what to do about them. */
export const DataQuality = Type.Object({
  issues: Type.Array(QualityIssue),
  recommendations: Type.Array(Type.String()),
});
export type DataQuality = Static<typeof DataQuality>;

/** The analysis fields a premium JSON conversion adds to its answer; free accounts get none of them. */
export const ConversionAnalysisFields = Type.Object({
  ai_analysis: Type.Optional(Type.Union([AiAnalysis, AiAnalysisError])),
  smart_headers: Type.Optional(Type.Array(SmartHeader)),
  data_quality: Type.Optional(DataQuality),
});
export type ConversionAnalysisFields = Static<typeof ConversionAnalysisFields>;
