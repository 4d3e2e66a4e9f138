/**
 * Finds the raw text of one top-level member of a JSON object, without parsing the values: the API's
 * CSV-to-JSON answer carries the records as written, and JSON.parse would round 12345678901234567890.
 * Returns undefined when the text is not an object or has no such member.
 */
export function jsonMemberText(json: string, name: string): string | undefined {
  let i = skipSpace(json, 0);
  if (json[i] !== '{') return undefined;
  i = skipSpace(json, i + 1);
  while (i < json.length && json[i] !== '}') {
    const keyEnd = stringEnd(json, i);
    if (keyEnd < 0) return undefined;
    const key: unknown = JSON.parse(json.slice(i, keyEnd));
    i = skipSpace(json, keyEnd);
    if (json[i] !== ':') return undefined;
    const start = skipSpace(json, i + 1);
    const end = valueEnd(json, start);
    if (end < 0) return undefined;
    if (key === name) return json.slice(start, end);
    i = skipSpace(json, end);
    if (json[i] === ',') i = skipSpace(json, i + 1);
  }
  return undefined;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i += 1;
  return i;
}

/** Index just past the string starting at `from` (a `"`), or -1. */
function stringEnd(text: string, from: number): number {
  if (text[from] !== '"') return -1;
  let i = from + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i += 1;
  }
  return -1;
}

/** Index just past the value starting at `from`, or -1. */
function valueEnd(text: string, from: number): number {
  const first = text[from];
  if (first === '"') return stringEnd(text, from);
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = from;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i = stringEnd(text, i);
        if (i < 0) return -1;
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
    return -1;
  }
  // A number, true, false or null: it runs to the next delimiter.
  let i = from;
  while (i < text.length && !',}] \n\r\t'.includes(text[i] as string)) i += 1;
  return i > from ? i : -1;
}
