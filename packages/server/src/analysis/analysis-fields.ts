import type { AiAnalysis, ConversionAnalysisFields, FieldSchema, SmartHeader } from '@unnest/contracts';
import type { AnalysisReport, SmartHeader as EngineSmartHeader, FieldReport, JsonType } from '@unnest/engine';

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'boolean', 'object', 'array', 'null'];

/**
 * The type a column is shown with: its semantic type when one fits (with the date format), else its
 * JSON type, or `mixed (a, b)` when values of several non-null types share it.
 */
export function fieldType(field: FieldReport): string {
  if (field.semantic)
    return field.semantic.format ? `${field.semantic.type} (${field.semantic.format})` : field.semantic.type;
  const seen = JSON_TYPES.filter((type) => type !== 'null' && field.types[type] > 0);
  if (seen.length === 0) return 'null';
  if (seen.length === 1) return seen[0] as string;
  return `mixed (${seen.join(', ')})`;
}

function fieldSchema(field: FieldReport): FieldSchema {
  return {
    path: field.path,
    type: fieldType(field),
    semantic_type: field.semantic?.type ?? null,
    ...(field.semantic?.format ? { semantic_format: field.semantic.format } : {}),
    ...(field.semantic ? { semantic_matched: field.semantic.matched } : {}),
    types: Object.fromEntries(
      JSON_TYPES.filter((type) => field.types[type] > 0).map((type) => [type, field.types[type]]),
    ),
    nulls: field.nulls,
    empty: field.empty,
    missing: field.missing,
    distinct: field.distinct.estimate,
    distinct_exact: field.distinct.exact,
    examples: field.examples,
    ...(field.length ? { min_length: field.length.min, max_length: field.length.max } : {}),
    ...(field.numeric ? { min_value: field.numeric.min, max_value: field.numeric.max } : {}),
  };
}

/** The spec's `ai_analysis` from the engine's report, keeping the per-column evidence. */
export function aiAnalysis(report: AnalysisReport): AiAnalysis {
  return {
    field_types: Object.fromEntries(report.fields.map((field) => [field.path, fieldType(field)])),
    estimated_complexity: report.complexity,
    complexity_reason: report.complexityReason,
    max_depth: report.maxDepth,
    records: report.records,
    columns: report.columns,
    data_quality_issues: report.issues,
    fields: report.fields.map(fieldSchema),
    duplicate_check: report.duplicateCheck,
    limits: report.limits,
  };
}

/** Smart column names numbered as the CSV's columns; `refined` marks the names a model wrote. */
export function smartHeaders(headers: readonly EngineSmartHeader[], refined: boolean): SmartHeader[] {
  return headers.map((header, index) => ({
    column: index + 1,
    path: header.path,
    name: header.name,
    ...(header.description ? { description: header.description } : {}),
    source: refined ? 'model' : 'dictionary',
  }));
}

/** The three analysis fields of a premium conversion's answer. */
export function conversionAnalysisFields(
  report: AnalysisReport,
  headers: readonly EngineSmartHeader[],
  refined: boolean,
): Required<ConversionAnalysisFields> {
  return {
    ai_analysis: aiAnalysis(report),
    smart_headers: smartHeaders(headers, refined),
    data_quality: {
      issues: report.issues,
      // Several columns often share one advice; say each once, most severe first (the issues' order).
      recommendations: [...new Set(report.issues.map((issue) => issue.recommendation))],
    },
  };
}
