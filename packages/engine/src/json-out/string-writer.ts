import type { OutputBuffer } from './output-buffer.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Marks bytes written as \u00XX. */
const UNICODE = 1;
const HEX = new TextEncoder().encode('0123456789abcdef');
/** Input bytes escaped per pass, so that room is reserved in bounded steps. */
const BLOCK = 8192;

/** For each byte, 0 when it is copied, else the letter of its short escape or UNICODE. */
const ESCAPES = (() => {
  const table = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) table[b] = UNICODE;
  table[0x08] = 0x62; // \b
  table[0x09] = 0x74; // \t
  table[0x0a] = 0x6e; // \n
  table[0x0c] = 0x66; // \f
  table[0x0d] = 0x72; // \r
  table[QUOTE] = QUOTE;
  table[BACKSLASH] = BACKSLASH;
  return table;
})();

/**
 * Writes bytes [start, end) as a JSON string (RFC 8259): `"` `\` and control characters are
 * escaped, everything else (UTF-8 included) is copied. With `unquote`, the bytes are the inside
 * of a quoted CSV cell: `""` stands for one quote, and a lone quote (the closing one, when text
 * trails it) is dropped, after which every byte is literal.
 */
export function writeJsonString(
  out: OutputBuffer,
  bytes: Uint8Array,
  start: number,
  end: number,
  unquote: boolean,
): void {
  out.ensure(2);
  out.buffer[out.position++] = QUOTE;
  let inQuotes = unquote;
  let i = start;
  while (i < end) {
    const blockEnd = Math.min(end, i + BLOCK);
    out.ensure((blockEnd - i) * 6 + 1);
    const buffer = out.buffer;
    let p = out.position;
    for (; i < blockEnd; i++) {
      const b = bytes[i] ?? 0;
      const replacement = ESCAPES[b] ?? 0;
      if (replacement === 0) {
        buffer[p++] = b;
        continue;
      }
      if (b === QUOTE && inQuotes) {
        if (i + 1 < end && bytes[i + 1] === QUOTE) {
          i++;
        } else {
          inQuotes = false;
          continue;
        }
      }
      p = writeEscape(buffer, p, b);
    }
    out.position = p;
  }
  out.ensure(1);
  out.buffer[out.position++] = QUOTE;
}

/**
 * Writes the JSON escape of byte `b` (one that `needsJsonEscape` marks) at `p`; returns the index
 * after it. The caller reserves 6 bytes.
 */
export function writeEscape(buffer: Uint8Array, p: number, b: number): number {
  const replacement = ESCAPES[b] ?? 0;
  let q = p;
  buffer[q++] = BACKSLASH;
  if (replacement === UNICODE) {
    buffer[q++] = 0x75;
    buffer[q++] = 0x30;
    buffer[q++] = 0x30;
    buffer[q++] = HEX[b >> 4] ?? 0;
    buffer[q++] = HEX[b & 15] ?? 0;
  } else {
    buffer[q++] = replacement;
  }
  return q;
}

/** Whether JSON must escape byte `b` inside a string: `"`, `\` and control characters. */
export function needsJsonEscape(b: number): boolean {
  return (ESCAPES[b] ?? 0) !== 0;
}

/** Encodes a JS string as a JSON string literal in UTF-8 (for keys, computed once). */
export function jsonStringBytes(text: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(text));
}
