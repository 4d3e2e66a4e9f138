/**
 * Reads back the spooled row lengths (RowBuffer.takeRowLengths: 32-bit unsigned integers in the platform's
 * byte order) a batch at a time, as aligned arrays: the spool may cut its chunks anywhere, even inside a
 * length, and at any byte offset.
 */
export class RowLengthReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  /** Bytes of a length cut by the end of the last chunk. */
  private rest = new Uint8Array(0);

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** The next lengths (at least one), or null after the last. */
  async next(): Promise<Uint32Array | null> {
    for (;;) {
      const next = await this.iterator.next();
      if (next.done) return null;
      const bytes = new Uint8Array(this.rest.length + next.value.length);
      bytes.set(this.rest);
      bytes.set(next.value, this.rest.length);
      const whole = bytes.length - (bytes.length % 4);
      this.rest = bytes.slice(whole);
      if (whole > 0) return new Uint32Array(bytes.buffer, 0, whole / 4);
    }
  }
}
