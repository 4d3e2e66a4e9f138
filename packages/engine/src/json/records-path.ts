import { decodeHeaderPath, encodeKeySegment } from '../header-path.js';

/**
 * The records path (`--records`): the keys leading to the records array, joined with `.`. A key holding a
 * dot or a backslash writes it `\.` or `\\`, as in a header: `data\.v2.items` is key `data.v2`, then
 * `items`. A backslash before anything else is kept, so plain paths read as they always did.
 */

/** The keys a records path names. */
export function parseRecordsPath(path: string): string[] {
  // Every segment of a records path is a key: a position-like one (`0`) names the key "0".
  return decodeHeaderPath(path, '.').map(String);
}

/** Writes one key as a segment of a records path; the segments joined with `.` read back as those keys. */
export function recordsPathSegment(key: string): string {
  return encodeKeySegment(key, '.', false);
}

/**
 * The keys of an optional records path. The top-level object itself (a map of records) has none: a plan writes
 * it as the empty path, a person as `.` (a key named `.` is `\.`).
 */
export function recordsPathOf(path: string | undefined): string[] | null {
  if (path === undefined) return null;
  return path === '' || path === TOP_LEVEL ? [] : parseRecordsPath(path);
}

/** The records path that names the top-level object. */
export const TOP_LEVEL = '.';
