import { isFormulaGuarded } from '../formula-guard.js';
import { isJsonContainer } from '../infer/json-text.js';
import { isJsonNumber } from '../infer/number-literal.js';
import { cellBytes } from './cell-bytes.js';
import { CELL_DOUBLED, CELL_QUOTED, CELL_TRAILING } from './cell-flags.js';

/** The JSON value a cell becomes. */
export const KIND_NULL = 0;
export const KIND_NUMBER = 1;
export const KIND_TRUE = 2;
export const KIND_FALSE = 3;
export const KIND_STRING = 4;
/** JSON array or object text, written as that value. */
export const KIND_JSON = 5;
/** A string whose first byte is the spreadsheet guard `'`, dropped on output. */
export const KIND_GUARDED_STRING = 6;

/** How cells are read. */
export interface InferenceRules {
  /** Numbers, booleans, null and JSON containers are recognised. */
  types: boolean;
  /** The formula guard's leading `'` is removed (exactly where json2csv adds one, see formula-guard.ts). */
  excelSafe: boolean;
}

function isWord(bytes: Uint8Array, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word.charCodeAt(k)) return false;
  return true;
}

function isGuardedCell(bytes: Uint8Array, start: number, end: number, flags: number): boolean {
  if (end - start < 2 || bytes[start] !== 0x27) return false;
  if ((flags & (CELL_DOUBLED | CELL_TRAILING)) === 0) return isFormulaGuarded(bytes, start, end);
  const content = cellBytes(bytes, start, end, flags);
  return isFormulaGuarded(content, 0, content.length);
}

/**
 * Decides what a cell of [start, end) with CELL_* `flags` becomes. Only unquoted cells are typed:
 * empty is null, a JSON number literal stays that exact text, `true`/`false` are booleans.
 * JSON array or object text becomes that value, quoted or not; everything else is a string.
 */
export function cellKind(data: Uint8Array, start: number, end: number, flags: number, rules: InferenceRules): number {
  if (rules.excelSafe && isGuardedCell(data, start, end, flags)) return KIND_GUARDED_STRING;
  if (!rules.types) return KIND_STRING;
  const first = data[start];
  if ((flags & CELL_QUOTED) === 0) {
    if (start === end) return KIND_NULL;
    if (first === 0x2d || (first !== undefined && first >= 0x30 && first <= 0x39)) {
      return isJsonNumber(data, start, end) ? KIND_NUMBER : KIND_STRING;
    }
    if (first === 0x74) return isWord(data, start, end, 'true') ? KIND_TRUE : KIND_STRING;
    if (first === 0x66) return isWord(data, start, end, 'false') ? KIND_FALSE : KIND_STRING;
  }
  if (first !== 0x5b && first !== 0x7b) return KIND_STRING;
  if ((flags & (CELL_DOUBLED | CELL_TRAILING)) === 0) {
    return isJsonContainer(data, start, end) ? KIND_JSON : KIND_STRING;
  }
  const content = cellBytes(data, start, end, flags);
  return isJsonContainer(content, 0, content.length) ? KIND_JSON : KIND_STRING;
}
