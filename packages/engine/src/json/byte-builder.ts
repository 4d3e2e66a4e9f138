/** A growable byte array, reused to collect decoded text (keys, joined cells, JSON text cells). */
export class ByteBuilder {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity = 256) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  /** Appends `src[start..end)`. */
  append(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.reserve(n);
    if (n < 32) {
      const bytes = this.bytes;
      let p = this.length;
      for (let k = start; k < end; k++) bytes[p++] = src[k] as number;
    } else this.bytes.set(src.subarray(start, end), this.length);
    this.length += n;
  }

  /** Appends ASCII text. */
  appendAscii(text: string): void {
    this.reserve(text.length);
    for (let k = 0; k < text.length; k++) this.bytes[this.length++] = text.charCodeAt(k);
  }

  /** The bytes collected so far (a view, valid until the next write). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}
