import { ByteBuilder } from '../json/byte-builder.js';
import type { JsonCursor } from '../json/json-cursor.js';
import { decodeString, holdsLoneSurrogate } from '../json/json-string.js';
import { utf8Characters, utf8CodePoint } from '../utf8/utf8-sequence.js';

/** Scratch memory above this is given back after use, so one huge escaped string does not stay resident. */
const KEEP_SCRATCH_BYTES = 1 << 20;
const decoder = new TextDecoder();

/**
 * A cell's text as UTF-8 bytes `bytes[start..end)`: a view of the input when the JSON string has no escape
 * (nearly always), else its decoded copy. The analysis reads lengths, hashes and first and last characters
 * from these bytes and builds a JS string only for the few values it must show or pattern-match.
 */
export class Utf8Text {
  bytes: Uint8Array = new Uint8Array(0);
  start = 0;
  end = 0;
  private scratch = new ByteBuilder();
  /**
   * The string as JavaScript holds it when it has a lone surrogate escape (`"a\ud800"`), which its UTF-8
   * bytes hold as U+FFFD: `text()` gives the value itself, so a comparison sees that the CSV's U+FFFD differs.
   */
  private exact: string | null = null;

  /** Reads the validated JSON string whose content starts at `i`; returns the index after its closing quote. */
  readString(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
    let j = i;
    // Neither `"` nor `\` occurs inside a multi-byte UTF-8 sequence, so a byte loop finds them.
    for (;;) {
      const c = buf[j] as number;
      if (c === 34 || c === 92) break;
      j++;
    }
    if (buf[j] === 34) {
      this.set(buf, i, j);
      return j + 1;
    }
    if (this.scratch.bytes.length > KEEP_SCRATCH_BYTES) this.scratch = new ByteBuilder();
    this.scratch.length = 0;
    const after = decodeString(buf, i, end, cursor, this.scratch);
    this.set(this.scratch.bytes, 0, this.scratch.length);
    if (holdsLoneSurrogate(buf, i, after - 1))
      this.exact = JSON.parse(`"${decoder.decode(buf.subarray(i, after - 1))}"`);
    return after;
  }

  /** Points at `bytes[start..end)`, already UTF-8 (numbers, literals, minified containers). */
  set(bytes: Uint8Array, start: number, end: number): void {
    this.bytes = bytes;
    this.start = start;
    this.end = end;
    this.exact = null;
  }

  get byteLength(): number {
    return this.end - this.start;
  }

  /** Characters as JavaScript's string iterator counts them (code points), without decoding. */
  codePoints(): number {
    return utf8Characters(this.bytes, this.start, this.end);
  }

  /** The first code point; -1 for empty text. */
  firstCodePoint(): number {
    if (this.end === this.start) return -1;
    const lead = this.bytes[this.start] as number;
    if (lead < 0x80) return lead;
    return utf8CodePoint(this.bytes, this.start, lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);
  }

  /** The last code point; -1 for empty text. */
  lastCodePoint(): number {
    if (this.end === this.start) return -1;
    let k = this.end - 1;
    while (k > this.start && ((this.bytes[k] as number) & 0xc0) === 0x80) k--;
    return utf8CodePoint(this.bytes, k, this.end - k);
  }

  /** The whole text as a JS string: only for short values (callers check `byteLength`). */
  text(): string {
    return this.exact ?? decoder.decode(this.bytes.subarray(this.start, this.end));
  }

  /**
   * The text, or for long text a prefix of it long enough to show its first `characters` UTF-16 units and
   * tell that more follows (a cut inside a character decodes to U+FFFD past that point).
   */
  preview(characters: number): string {
    const stop = Math.min(this.end, this.start + 4 * (characters + 2));
    return decoder.decode(this.bytes.subarray(this.start, stop));
  }
}

/** A UTF-16 surrogate that is not half of a pair (with the `u` flag a pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/gu;

/** `text` as UTF-8 holds it: each lone surrogate replaced by U+FFFD, as the converter writes it. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** JavaScript's `\s`: the characters `/^\s|\s$/` trims (ASCII space, tab, line breaks, and Unicode spaces). */
export function isSpaceCodePoint(cp: number): boolean {
  if (cp < 0x80) return cp === 32 || (cp >= 9 && cp <= 13);
  return /\s/.test(String.fromCodePoint(cp));
}
