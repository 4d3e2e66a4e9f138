import type { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, type JsonCursor } from './json-cursor.js';
import { decodeKey, scanString } from './json-string.js';
import { recordsPathSegment } from './records-path.js';
import { skipValue } from './skip-value.js';

/** Where the records array sits inside a top-level object. */
export interface RecordsLocation {
  /** The keys leading to the array, each as a records path segment: joined with `.`, they are its path. */
  keys: string[];
  /** Buffer index of the array's first element (or of its `]`); for a map, just after its `{`. */
  contentStart: number;
  /** The records are the members of an object (a map), not the elements of an array. */
  map: boolean;
}

/** The object ended without holding the records array. */
export const ABSENT = -2;

/** How many object levels auto-detection descends into. */
const AUTO_LEVELS = 3;

/**
 * Finds the records array inside the object starting at `start` (its `{`). With a `path` of keys it follows
 * that path; without, it takes the first property, depth-first within AUTO_LEVELS levels, whose value is an
 * array whose first element is an object. Everything before it is validated and skipped.
 * Returns the location, ABSENT, or INCOMPLETE (call again from `start` with more bytes).

 */
export function locateRecords(
  buf: Uint8Array,
  start: number,
  end: number,
  cursor: JsonCursor,
  path: readonly string[] | null,
  maxDepth: number,
  scratch: ByteBuilder,
  /** An object at `path` is a map of records (a flattening plan said so). */
  allowMap = false,
): RecordsLocation | typeof ABSENT | typeof INCOMPLETE {
  const keys: string[] = [];
  let level = 1;
  let i = start + 1;
  let afterValue = false;
  let first = true;
  for (;;) {
    i = cursor.ws(buf, i);
    if (i >= end) return INCOMPLETE;
    let c = buf[i];
    if (afterValue || first) {
      if (c === 125) {
        level--;
        i++;
        if (level === 0) return ABSENT;
        keys.pop();
        afterValue = true;
        first = false;
        continue;
      }
      if (afterValue) {
        if (c !== 44) cursor.unexpected(buf, i, end, "',' or '}'");
        i = cursor.ws(buf, i + 1);
        if (i >= end) return INCOMPLETE;
        c = buf[i];
      }
    }
    afterValue = false;
    first = false;
    if (c !== 34) cursor.unexpected(buf, i, end, 'a key string');
    const close = scanString(buf, i + 1, end, cursor);
    if (close < 0) return INCOMPLETE;
    const key = decodeKey(buf, i + 1, close - 1, cursor, scratch);
    i = cursor.ws(buf, close);
    if (i >= end) return INCOMPLETE;
    if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
    i = cursor.ws(buf, i + 1);
    if (i >= end) return INCOMPLETE;
    c = buf[i];
    if (path !== null) {
      if (key === path[level - 1]) {
        if (level === path.length) {
          const map = allowMap && c === 123;
          if (c !== 91 && !map) {
            const expected = allowMap ? 'an array or an object' : 'an array';
            cursor.fail('RECORDS_PATH_NOT_FOUND', `"${path.map(recordsPathSegment).join('.')}" is not ${expected}`, i);
          }
          return { keys: [...keys, recordsPathSegment(key)], contentStart: i + 1, map };
        }
        if (c === 123) {
          if (level + 1 > maxDepth) cursor.tooDeep(i, maxDepth);
          keys.push(recordsPathSegment(key));
          level++;
          i++;
          first = true;
          continue;
        }
      }
    } else if (c === 91) {
      const element = cursor.ws(buf, i + 1);
      if (element >= end) return INCOMPLETE;
      if (buf[element] === 123) return { keys: [...keys, recordsPathSegment(key)], contentStart: element, map: false };
    } else if (c === 123 && level < AUTO_LEVELS) {
      keys.push(recordsPathSegment(key));
      level++;
      i++;
      first = true;
      continue;
    }
    i = skipValue(buf, i, end, level, maxDepth, cursor);
    if (i < 0) return INCOMPLETE;
    afterValue = true;
  }
}
