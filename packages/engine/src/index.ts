export { AnalysisCollector } from './analysis/analysis-collector.js';
export { analyzeJson } from './analysis/analyze-json.js';
export { percent } from './analysis/comparison-scores.js';
export type * from './analysis/report.js';
export { type SmartNameOptions, smartColumnNames } from './analysis/smart-column-names.js';
export { type ByteSource, type ConversionHooks, concatBytes, type LeftOutNotice, type Notice } from './byte-source.js';
export {
  type CellTyping,
  type CellTypingReport,
  type ColumnType,
  type ColumnTypeDecision,
  describeColumnType,
} from './csv/column-types.js';
export type { CsvDialect, DialectPart, DialectReport } from './csv/dialect.js';
export { csvToJson, csvToJsonText } from './csv-to-json.js';
export { ConversionError, type ConversionErrorCode, type InputPosition } from './errors.js';
export {
  checkFlattenPlan,
  type FlattenPlan,
  type FlattenPlanUse,
  formatPlanPath,
  JOIN_SEPARATOR,
  PATH_STRATEGIES,
  type PathStrategy,
  type PlanEntry,
  type PlanRecords,
  parsePlanPath,
} from './flatten/flatten-plan.js';
export { describeRepeatedKeys, type RepeatedKeys } from './flatten/repeated-keys.js';
export {
  type FormulaGuardReport,
  GUARD_EXAMPLES,
  type GuardedCellExample,
  guardFormula,
  unguardFormula,
} from './formula-guard.js';
export { decodeHeaderPath, encodeHeaderPath, type PathSegment } from './header-path.js';
export { formatBytes } from './json/record-sets.js';
export { jsonToCsv, jsonToCsvText } from './json-to-csv.js';
export type { ArrayStrategy, CsvToJsonOptions, JsonToCsvOptions, TableFormat } from './options.js';
export { normalizeCsvToJsonOptions } from './options.js';
export type { ArrayProfile, ObjectProfile, PathProfile } from './plan/path-profile.js';
export { type PlanProposal, type ProposalOptions, proposePlan } from './plan/planner.js';
export { type JsonProfile, type ProfileOptions, profileJson } from './plan/profile-json.js';
export {
  jsonToRelational,
  type RelationalOptions,
} from './relational/json-to-relational.js';
export {
  isZip,
  peekBytes,
  type RelationalReadOptions,
  relationalPlan,
  relationalToJson,
} from './relational/relational-to-json.js';
export type { InflationLimits } from './relational/zip-entries.js';
export { type CompareOptions, compareRoundTrip } from './round-trip/compare-round-trip.js';
export { createMemorySpool, type Spool, type SpoolFactory } from './spool.js';
export { encodeHeaderCell } from './table/csv-output.js';
export { describeLoneSurrogates } from './table/lone-surrogates.js';
export { joinedNotedCells, type NotedCellsReport } from './table/noted-cells.js';
