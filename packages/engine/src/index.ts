export { type ByteSource, type ConversionHooks, concatBytes, type Notice } from './byte-source.js';
export { csvToJson, csvToJsonText } from './csv-to-json.js';
export { ConversionError, type ConversionErrorCode, type InputPosition } from './errors.js';
export { decodeHeaderPath, encodeHeaderPath, type PathSegment } from './header-path.js';
export { jsonToCsv, jsonToCsvText } from './json-to-csv.js';
export type { ArrayStrategy, CsvToJsonOptions, JsonToCsvOptions, TableFormat } from './options.js';
export { createMemorySpool, type Spool, type SpoolFactory } from './spool.js';
