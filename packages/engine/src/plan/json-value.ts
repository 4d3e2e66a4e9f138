/**
 * JSON values that keep what `JSON.parse` loses: a number's exact text (`1.10`, 20-digit ids) and the key
 * order of objects (integer-like keys included), so a record read back under a plan is written out byte for
 * byte as the table holds it. Parsing and writing use explicit stacks: depth costs no call-stack frames.
 */

/** A number as written. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;
/** An object: its members in order. */
export type JsonObject = Map<string, JsonValue>;

const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * A position of an array that no cell has filled (yet): written as null, but a later null cell may still
 * take it and make containers below it, which an explicit null would not allow.
 */
export const HOLE: JsonValue = Object.freeze(new Map()) as JsonObject;

/** Where `readString` and `readNumber` stopped. */
let position = 0;

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** The string whose opening quote is at `i`; `position` is set after its closing quote. */
function readString(text: string, i: number): string {
  // Most strings hold no escape: the text up to the next quote is the string itself.
  const close = text.indexOf('"', i + 1);
  let plain = close > i;
  for (let k = i + 1; plain && k < close; k++) if (text.charCodeAt(k) === 92) plain = false;
  if (plain) {
    position = close + 1;
    return text.slice(i + 1, close);
  }
  STRING.lastIndex = i;
  const match = STRING.exec(text);
  if (match === null) throw new SyntaxError(`Bad JSON string at ${i}`);
  position = STRING.lastIndex;
  return JSON.parse(match[0]) as string;
}

/** The number at `i`, as written (known valid: its characters are `-+.eE` and digits); `position` is set after it. */
function readNumber(text: string, i: number): JsonNumber {
  let k = i;
  for (;;) {
    const c = text.charCodeAt(k);
    if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69) k++;
    else break;
  }
  if (k === i) throw new SyntaxError(`Bad JSON value at ${i}`);
  position = k;
  return new JsonNumber(text.slice(i, k));
}

/** Parses one JSON text that is known valid (the engine's own output). */
export function parseJsonValue(text: string): JsonValue {
  return parseValueAt(text, 0);
}

/**
 * Parses the rows of csv2json's flat JSON Lines, `{"header":cell,…}` with the same headers row after row:
 * a key written as the previous row's key at the same place is taken as it is, without decoding it again.
 */
export class FlatRowParser {
  /** Each place's key as written, quotes and colon included, and as read. */
  private readonly written: string[] = [];
  private readonly keys: string[] = [];

  /** The row of one line (a JSON object known valid). */
  parse(line: string): JsonObject {
    const row: JsonObject = new Map();
    let i = skipSpace(line, 0) + 1;
    for (let n = 0; ; n++) {
      i = skipSpace(line, i);
      if (line.charCodeAt(i) === 125) return row;
      let key = this.keys[n] as string;
      const written = this.written[n];
      if (written !== undefined && line.startsWith(written, i)) i += written.length;
      else {
        key = readString(line, i);
        const after = skipSpace(line, position) + 1; // past ':'
        this.written[n] = line.slice(i, after);
        this.keys[n] = key;
        i = after;
      }
      row.set(key, parseValueAt(line, skipSpace(line, i)));
      i = skipSpace(line, position);
      if (line.charCodeAt(i) === 44) i++;
    }
  }
}

/** Parses the scalar at `text[i]` (first byte `c`); `position` is set after it. */
function parseScalarAt(text: string, i: number, c: number): JsonValue {
  if (c === 34) return readString(text, i);
  if (c === 116) {
    position = i + 4;
    return true;
  }
  if (c === 102) {
    position = i + 5;
    return false;
  }
  if (c === 110) {
    position = i + 4;
    return null;
  }
  return readNumber(text, i);
}

/** Parses the value at `text[i]`; `position` is set after it. */
function parseValueAt(text: string, start: number): JsonValue {
  const first = text.charCodeAt(skipSpace(text, start));
  // Most cells are scalars: no stacks for them.
  if (first !== 123 && first !== 91) return parseScalarAt(text, skipSpace(text, start), first);
  // Open containers, and for each the key whose value comes next (null: a key comes next, or an array).
  const containers: (JsonValue[] | JsonObject)[] = [];
  const keys: (string | null)[] = [];
  let i = start;
  for (;;) {
    i = skipSpace(text, i);
    const depth = containers.length;
    const top = containers[depth - 1];
    const c = text.charCodeAt(i);
    let value: JsonValue;
    if (top !== undefined && !Array.isArray(top) && keys[depth - 1] === null) {
      // Inside an object, a key comes first (or the object ends).
      if (c !== 125) {
        keys[depth - 1] = readString(text, i);
        i = skipSpace(text, position) + 1; // past ':'
        continue;
      }
      i++;
      containers.pop();
      keys.pop();
      value = top;
    } else if (c === 93 && Array.isArray(top)) {
      i++;
      containers.pop();
      keys.pop();
      value = top;
    } else if (c === 123 || c === 91) {
      containers.push(c === 123 ? new Map() : []);
      keys.push(null);
      i++;
      continue;
    } else {
      value = parseScalarAt(text, i, c);
      i = position;
    }
    const parent = containers[containers.length - 1];
    if (parent === undefined) {
      position = i;
      return value;
    }
    const last = containers.length - 1;
    if (Array.isArray(parent)) parent.push(value);
    else {
      parent.set(keys[last] ?? '', value);
      keys[last] = null;
    }
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === 44) i++;
  }
}

/** A container being written: its keys (null for an array), the next member's index, its depth. */
type Frame = { container: JsonValue[] | JsonObject; keys: string[] | null; next: number; level: number };

/** Writes a value as JSON text; `indent` > 0 pretty-prints, starting at `level` levels deep. */
export function writeJsonValue(value: JsonValue, indent = 0, level = 0): string {
  // One string grown in place (V8 joins the pieces lazily): no array of parts, no entry tuples per member.
  let out = '';
  const newline = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const colon = indent > 0 ? ': ' : ':';
  const stack: Frame[] = [];
  let next: JsonValue | undefined = value;
  for (;;) {
    if (next !== undefined) {
      const v: JsonValue = next;
      next = undefined;
      if (v === null || v === HOLE) out += 'null';
      else if (typeof v === 'boolean') out += v ? 'true' : 'false';
      else if (typeof v === 'string') out += JSON.stringify(v);
      else if (v instanceof JsonNumber) out += v.text;
      else {
        const array = Array.isArray(v);
        out += array ? '[' : '{';
        stack.push({
          container: v,
          keys: array ? null : Array.from(v.keys()),
          next: 0,
          level: level + stack.length + 1,
        });
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return out;
    const { container, keys } = top;
    const n = top.next++;
    const size = keys === null ? (container as JsonValue[]).length : keys.length;
    if (n === size) {
      stack.pop();
      const close = keys === null ? ']' : '}';
      out += n === 0 ? close : `${newline(top.level - 1)}${close}`;
      continue;
    }
    out += n === 0 ? newline(top.level) : `,${newline(top.level)}`;
    if (keys === null) next = (container as JsonValue[])[n] as JsonValue;
    else {
      const key = keys[n] as string;
      out += `${JSON.stringify(key)}${colon}`;
      next = (container as JsonObject).get(key) as JsonValue;
    }
  }
}
