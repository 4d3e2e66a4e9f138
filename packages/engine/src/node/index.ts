export { createFileSpool, fileSpoolFactory } from './file-spool.js';
export {
  chatCompletionsUrl,
  type LlmSettings,
  llmSettingsFromEnv,
  type RefinedNames,
  refineColumnNames,
} from './llm-column-names.js';
export {
  csvToJsonInParallel,
  DEFAULT_MIN_PIECE_BYTES,
  jsonToCsvInParallel,
  type ParallelOutcome,
  type ParallelSettings,
  type PieceCsvToJsonOptions,
  type PieceJsonToCsvOptions,
} from './parallel/index.js';
