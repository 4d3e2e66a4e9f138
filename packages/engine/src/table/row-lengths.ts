/** Whether this platform stores integers little-endian (how RowBuffer's Uint32Array batches are laid out). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Reads back the spooled row lengths (RowBuffer.takeRowLengths: 32-bit unsigned integers in the platform's
 * byte order), a batch at a time: the spool may cut its chunks anywhere, even inside a length.
 */
export class RowLengthReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private view: DataView = new DataView(new ArrayBuffer(0));
  private at = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Whether a length is loaded (else call `load`). */
  ready(): boolean {
    return this.at + 4 <= this.view.byteLength;
  }

  /** The next length; only when `ready`. */
  peek(): number {
    return this.view.getUint32(this.at, LITTLE_ENDIAN);
  }

  /** Moves past the length `peek` gave. */
  skip(): void {
    this.at += 4;
  }

  /** Loads more lengths; false when there are none left. */
  async load(): Promise<boolean> {
    while (!this.ready()) {
      const next = await this.iterator.next();
      if (next.done) return false;
      let bytes = next.value;
      const left = this.view.byteLength - this.at;
      if (left > 0) {
        // A length was cut by the end of the last chunk: join its first bytes to the new ones.
        const joined = new Uint8Array(left + bytes.length);
        joined.set(new Uint8Array(this.view.buffer, this.view.byteOffset + this.at, left));
        joined.set(bytes, left);
        bytes = joined;
      }
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
      this.at = 0;
    }
    return true;
  }
}
