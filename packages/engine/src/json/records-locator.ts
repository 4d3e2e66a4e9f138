import type { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, type JsonCursor } from './json-cursor.js';
import { decodeKey, scanString } from './json-string.js';
import { AUTO_LEVELS, recordSetPath } from './record-sets.js';
import { skipValue } from './skip-value.js';

/** A member of a wrapper object that is not on the way to the records: left out of the conversion. */
export interface SkippedMember {
  /** The keys leading to it, its own last. */
  keys: string[];
  /** Buffer indices of its value: [start, end). */
  start: number;
  end: number;
}

/** Where the records array sits inside a top-level object. */
export interface RecordsLocation {
  /** The keys leading to the array. */
  keys: string[];
  /** Buffer index of the array's `[` or the map's `{`. */
  containerStart: number;
  /** Buffer index of the array's first element (or of its `]`); for a map, just after its `{`. */
  contentStart: number;
  /** The records are the members of an object (a map), not the elements of an array. */
  map: boolean;
  /** The wrapper members passed over before the records, in document order. */
  skipped: SkippedMember[];
}

/** The object ended without holding the records array. */
export const ABSENT = -2;

/**
 * Finds the records array inside the object starting at `start` (its `{`). With a `path` of keys it follows
 * that path; without (a document too big to survey first), it takes the first property, depth-first within
 * AUTO_LEVELS levels, whose value is an array whose first element is an object. Everything before it is
 * validated and skipped, and each member skipped is listed (an object entered and left whole is one member).
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
  const skipped: SkippedMember[] = [];
  /** Where each object entered starts and how many members were listed before it. */
  const entered: { start: number; listed: number }[] = [];
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
        const object = entered.pop() as { start: number; listed: number };
        skipped.splice(object.listed, skipped.length - object.listed, { keys: [...keys], start: object.start, end: i });
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
            cursor.fail('RECORDS_PATH_NOT_FOUND', `"${recordSetPath({ keys: [...path] })}" is not ${expected}`, i);
          }
          return { keys: [...keys, key], containerStart: i, contentStart: i + 1, map, skipped };
        }
        if (c === 123) {
          if (level + 1 > maxDepth) cursor.tooDeep(i, maxDepth);
          entered.push({ start: i, listed: skipped.length });
          keys.push(key);
          level++;
          i++;
          first = true;
          continue;
        }
      }
    } else if (c === 91) {
      const element = cursor.ws(buf, i + 1);
      if (element >= end) return INCOMPLETE;
      if (buf[element] === 123) {
        return { keys: [...keys, key], containerStart: i, contentStart: element, map: false, skipped };
      }
    } else if (c === 123 && level < AUTO_LEVELS) {
      entered.push({ start: i, listed: skipped.length });
      keys.push(key);
      level++;
      i++;
      first = true;
      continue;
    }
    const valueStart = i;
    i = skipValue(buf, i, end, level, maxDepth, cursor);
    if (i < 0) return INCOMPLETE;
    skipped.push({ keys: [...keys, key], start: valueStart, end: i });
    afterValue = true;
  }
}
