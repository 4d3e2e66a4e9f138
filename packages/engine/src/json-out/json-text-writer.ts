import { jsonStringEnd } from '../infer/json-text.js';
import type { OutputBuffer } from './output-buffer.js';

const NEWLINE = 0x0a;
const SPACE = 0x20;

function isWhitespace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function newlineAndIndent(out: OutputBuffer, level: number): void {
  out.ensure(1 + level * 2);
  out.buffer[out.position++] = NEWLINE;
  out.buffer.fill(SPACE, out.position, out.position + level * 2);
  out.position += level * 2;
}

/**
 * Copies JSON text that `isJsonContainer` accepted, dropping insignificant whitespace (so a
 * JSON Lines record stays on one line); strings and numbers are copied byte for byte. With
 * `pretty`, the value is laid out like `JSON.stringify(value, null, 2)` starting at `level`.
 */
export function writeJsonText(
  out: OutputBuffer,
  bytes: Uint8Array,
  start: number,
  end: number,
  pretty: boolean,
  level: number,
): void {
  let depth = level;
  let i = start;
  while (i < end) {
    const b = bytes[i] ?? 0;
    if (isWhitespace(b)) {
      i++;
    } else if (b === 0x22) {
      const stringEnd = jsonStringEnd(bytes, i, end);
      out.write(bytes.subarray(i, stringEnd));
      i = stringEnd;
    } else if (b === 0x5b || b === 0x7b) {
      out.writeByte(b);
      i++;
      if (!pretty) continue;
      let next = i;
      while (isWhitespace(bytes[next])) next++;
      if (bytes[next] === b + 2) {
        // `[]` and `{}` stay on one line
        out.writeByte(b + 2);
        i = next + 1;
      } else {
        depth++;
        newlineAndIndent(out, depth);
      }
    } else if (b === 0x5d || b === 0x7d) {
      if (pretty) {
        depth--;
        newlineAndIndent(out, depth);
      }
      out.writeByte(b);
      i++;
    } else if (b === 0x2c) {
      out.writeByte(b);
      if (pretty) newlineAndIndent(out, depth);
      i++;
    } else if (b === 0x3a) {
      out.writeByte(b);
      if (pretty) out.writeByte(SPACE);
      i++;
    } else {
      out.writeByte(b);
      i++;
    }
  }
}
