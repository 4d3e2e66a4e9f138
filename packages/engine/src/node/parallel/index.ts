export { csvToJsonInParallel } from './parallel-csv.js';
export { jsonLinesToCsvInParallel } from './parallel-json-lines.js';
export type { PieceCsvToJsonOptions, PieceJsonToCsvOptions } from './protocol.js';
export { DEFAULT_MIN_PIECE_BYTES, type ParallelOutcome, type ParallelSettings } from './settings.js';
