export { csvToJsonInParallel } from './parallel-csv.js';
export { jsonToCsvInParallel } from './parallel-json.js';
export type { PieceCsvToJsonOptions, PieceJsonToCsvOptions } from './protocol.js';
export { DEFAULT_MIN_PIECE_BYTES, type ParallelOutcome, type ParallelSettings } from './settings.js';
