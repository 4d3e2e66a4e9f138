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

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * A position of an array that no cell has filled (yet): written as null, but a later null cell may still
 * take it and make containers below it, which an explicit null would not allow.
 */
export const HOLE: JsonValue = Object.freeze(new Map()) as JsonObject;

type Open = { container: JsonValue[] | JsonObject; key: string | null };

/** Parses one JSON text that is known valid (the engine's own output). */
export function parseJsonValue(text: string): JsonValue {
  const stack: Open[] = [];
  let i = 0;
  let result: JsonValue = null;
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return;
    }
  };
  const place = (value: JsonValue): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) result = value;
    else if (Array.isArray(top.container)) top.container.push(value);
    else top.container.set(top.key ?? '', value);
  };
  const readString = (): string => {
    STRING.lastIndex = i;
    const match = STRING.exec(text);
    if (match === null) throw new SyntaxError(`Bad JSON string at ${i}`);
    i = STRING.lastIndex;
    return JSON.parse(match[0]) as string;
  };
  for (;;) {
    ws();
    const top = stack[stack.length - 1];
    // Inside an object, a key comes first (or the object ends).
    if (top !== undefined && !Array.isArray(top.container) && top.key === null) {
      if (text[i] === '}') {
        i++;
        stack.pop();
        place(top.container);
      } else {
        top.key = readString();
        ws();
        i++; // ':'
        continue;
      }
    } else if (top !== undefined && Array.isArray(top.container) && text[i] === ']') {
      i++;
      stack.pop();
      place(top.container);
    } else {
      const c = text[i];
      if (c === '{') {
        i++;
        stack.push({ container: new Map(), key: null });
        continue;
      }
      if (c === '[') {
        i++;
        stack.push({ container: [], key: null });
        continue;
      }
      if (c === '"') place(readString());
      else if (text.startsWith('true', i)) {
        i += 4;
        place(true);
      } else if (text.startsWith('false', i)) {
        i += 5;
        place(false);
      } else if (text.startsWith('null', i)) {
        i += 4;
        place(null);
      } else {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (match === null) throw new SyntaxError(`Bad JSON value at ${i}`);
        i = NUMBER.lastIndex;
        place(new JsonNumber(match[0]));
      }
    }
    // After a value: a comma, or the end of the enclosing container (handled at the loop's top).
    ws();
    const parent = stack[stack.length - 1];
    if (parent === undefined) return result;
    if (text[i] === ',') {
      i++;
      if (!Array.isArray(parent.container)) parent.key = null;
    } else if (!Array.isArray(parent.container) && text[i] === '}') parent.key = null;
  }
}

type Frame = { entries: Iterator<[string | null, JsonValue]>; close: string; first: boolean; level: number };

function entriesOf(value: JsonValue[] | JsonObject): Iterator<[string | null, JsonValue]> {
  if (Array.isArray(value)) return value.map((item): [string | null, JsonValue] => [null, item])[Symbol.iterator]();
  return value.entries();
}

/** Writes a value as JSON text; `indent` > 0 pretty-prints, starting at `level` levels deep. */
export function writeJsonValue(value: JsonValue, indent = 0, level = 0): string {
  const parts: string[] = [];
  const newline = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const stack: Frame[] = [];
  let next: JsonValue | undefined = value;
  for (;;) {
    if (next !== undefined) {
      const v: JsonValue = next;
      next = undefined;
      if (v === null || v === HOLE) parts.push('null');
      else if (typeof v === 'boolean') parts.push(v ? 'true' : 'false');
      else if (typeof v === 'string') parts.push(JSON.stringify(v));
      else if (v instanceof JsonNumber) parts.push(v.text);
      else {
        const array = Array.isArray(v);
        parts.push(array ? '[' : '{');
        stack.push({ entries: entriesOf(v), close: array ? ']' : '}', first: true, level: level + stack.length + 1 });
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return parts.join('');
    const step = top.entries.next();
    if (step.done) {
      stack.pop();
      parts.push(top.first ? top.close : `${newline(top.level - 1)}${top.close}`);
      continue;
    }
    parts.push(top.first ? newline(top.level) : `,${newline(top.level)}`);
    top.first = false;
    const [key, item] = step.value;
    if (key !== null) parts.push(`${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}`);
    next = item;
  }
}
