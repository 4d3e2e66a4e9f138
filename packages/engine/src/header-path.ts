/**
 * How a nested key path is written as one CSV header and read back.
 *
 * Segments join with the separator. So that every path survives the round trip:
 * - a backslash in a key is written `\\`, and so is every character that starts the separator
 *   (`a.b` is written `a\.b`), so that a key can never be mistaken for a separator;
 * - below the top level, an object key that looks like an array index (`0`, `17`) is written `\0`,
 *   because a bare canonical integer segment means an array position.
 * A backslash before anything else is kept literally, so headers from other tools read as written.
 */

/** One step of a path: an object key or an array position. */
export type PathSegment = string | number;

/** Array positions above this read back as object keys, so a header cannot allocate a huge array. */
export const MAX_ARRAY_INDEX = 1_000_000;

const CANONICAL_INDEX = /^(0|[1-9][0-9]*)$/;

function isIndexText(text: string): boolean {
  return CANONICAL_INDEX.test(text) && Number(text) <= MAX_ARRAY_INDEX;
}

/** Writes an object key as a header segment. `nested` is false for a record's own keys. */
export function encodeKeySegment(key: string, separator: string, nested: boolean): string {
  const lead = separator[0] as string;
  let text = key.includes('\\') ? key.replaceAll('\\', '\\\\') : key;
  if (text.includes(lead)) text = text.replaceAll(lead, `\\${lead}`);
  return nested && isIndexText(key) ? `\\${text}` : text;
}

/** Appends one segment to an encoded parent header; `null` as parent starts a path with a record key. */
export function appendHeaderSegment(parent: string | null, segment: PathSegment, separator: string): string {
  if (parent === null) return encodeKeySegment(String(segment), separator, false);
  const encoded = typeof segment === 'number' ? String(segment) : encodeKeySegment(segment, separator, true);
  return `${parent}${separator}${encoded}`;
}

/** Writes a whole path as a header. The first segment is a record key. */
export function encodeHeaderPath(path: readonly PathSegment[], separator: string): string {
  let header: string | null = null;
  for (const segment of path) header = appendHeaderSegment(header, segment, separator);
  return header ?? '';
}

/** Reads a header back into its path. The first segment is always a key. */
export function decodeHeaderPath(header: string, separator: string): PathSegment[] {
  const path: PathSegment[] = [];
  let text = '';
  let escapedStart = false;
  let atSegmentStart = true;
  const finish = () => {
    path.push(path.length > 0 && !escapedStart && isIndexText(text) ? Number(text) : text);
    text = '';
    escapedStart = false;
    atSegmentStart = true;
  };
  let i = 0;
  while (i < header.length) {
    if (header.startsWith(separator, i)) {
      finish();
      i += separator.length;
      continue;
    }
    const char = header[i] as string;
    if (char === '\\') {
      if (header[i + 1] === '\\') {
        text += '\\';
        i += 2;
        atSegmentStart = false;
        continue;
      }
      if (header[i + 1] === separator[0]) {
        text += separator[0];
        i += 2;
        atSegmentStart = false;
        continue;
      }
      const next = header[i + 1];
      if (atSegmentStart && next !== undefined && next >= '0' && next <= '9') {
        escapedStart = true;
        i += 1;
        atSegmentStart = false;
        continue;
      }
    }
    text += char;
    i += 1;
    atSegmentStart = false;
  }
  finish();
  return path;
}
