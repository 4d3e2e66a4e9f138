/** Output chunks are at least this large, except the last one. */
export const MIN_OUTPUT_CHUNK = 64 * 1024;
const BUFFER_SIZE = 256 * 1024;

/** Buffers given back by `recycle` that are kept for reuse, at most. */
const MAX_SPARE_BUFFERS = 4;

/**
 * A growable byte sink that hands out finished chunks. Writers reserve room with `ensure` and
 * then write into `buffer` at `position` directly. A chunk, once taken, is never written again,
 * so consumers may keep it, unless they give it back with `recycle`.
 */
export class OutputBuffer {
  buffer: Uint8Array = new Uint8Array(BUFFER_SIZE);
  position = 0;
  private readonly finished: Uint8Array[] = [];
  /** Standard-size buffers given back, ready to be written again. */
  private readonly spare: Uint8Array[] = [];

  /** Makes room for `bytes` more bytes at `position` (the buffer may change). */
  ensure(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    if (this.position >= MIN_OUTPUT_CHUNK) {
      this.finished.push(this.buffer.subarray(0, this.position));
      this.buffer = bytes <= BUFFER_SIZE ? this.fresh() : new Uint8Array(bytes);
      this.position = 0;
      return;
    }
    // Too little written to make a chunk of its own: grow instead.
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.position + bytes + BUFFER_SIZE));
    grown.set(this.buffer.subarray(0, this.position));
    this.buffer = grown;
  }

  /** Appends bytes. */
  write(bytes: Uint8Array): void {
    const length = bytes.length;
    this.ensure(length);
    if (length > 64) {
      this.buffer.set(bytes, this.position);
      this.position += length;
      return;
    }
    // A loop beats the call into TypedArray#set for the short pieces written per cell and record.
    const buffer = this.buffer;
    let p = this.position;
    for (let k = 0; k < length; k++) buffer[p++] = bytes[k] ?? 0;
    this.position = p;
  }

  /** Appends one byte. */
  writeByte(byte: number): void {
    this.ensure(1);
    this.buffer[this.position++] = byte;
  }

  /** Takes the finished chunks, plus the current one when it holds at least `minimum` bytes. */
  take(minimum: number): Uint8Array[] {
    const chunks = this.finished.splice(0);
    if (this.position > 0 && this.position >= minimum) {
      chunks.push(this.buffer.subarray(0, this.position));
      this.buffer = this.fresh();
      this.position = 0;
    }
    return chunks;
  }

  /**
   * Gives back a chunk that `take` handed out and that nobody reads any more, so that its memory is
   * written again instead of new memory being allocated (and zeroed) for every chunk.
   */
  recycle(chunk: Uint8Array): void {
    if (chunk.buffer.byteLength === BUFFER_SIZE && this.spare.length < MAX_SPARE_BUFFERS) {
      this.spare.push(new Uint8Array(chunk.buffer, 0, BUFFER_SIZE));
    }
  }

  private fresh(): Uint8Array {
    return this.spare.pop() ?? new Uint8Array(BUFFER_SIZE);
  }
}
