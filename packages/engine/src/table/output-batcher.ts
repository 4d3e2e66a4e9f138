/**
 * Output pieces are merged into chunks of at least this size. Large chunks keep the per-chunk cost of the
 * consumer (an async hop, a write system call) small next to the bytes moved.
 */
export const OUTPUT_CHUNK = 1 << 20;

/** A new chunk's room: one chunk, plus slack so that small pieces rarely spill into the next. */
const FULL_SIZE = OUTPUT_CHUNK + (1 << 16);

/**
 * Merges small output pieces into chunks of about OUTPUT_CHUNK bytes; large pieces pass through uncopied.
 */
export class OutputBatcher {
  /** The chunk being filled; valid up to `length`. */
  private buffer = new Uint8Array(0);
  private length = 0;
  /** The first buffer starts small (most outputs are small); after a full chunk, the next starts full size. */
  private freshSize = 1 << 16;
  private ready: Uint8Array[] = [];

  /** Adds a piece; the caller must not change it afterwards. */
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (piece.length >= OUTPUT_CHUNK) {
      this.flush();
      this.ready.push(piece);
      return;
    }
    this.reserve(piece.length);
    this.buffer.set(piece, this.length);
    this.length += piece.length;
    if (this.length >= OUTPUT_CHUNK) this.flush();
  }

  /** Makes room for `n` more bytes in `buffer` (which may then be a new one, holding the same bytes). */
  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    // A full-size buffer is handed on rather than grown: each chunk then costs one allocation and no copy.
    if (this.buffer.length >= FULL_SIZE) this.flush();
    let size = Math.max(this.buffer.length, this.freshSize);
    while (size < this.length + n) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
  }

  /** Moves the merged bytes to the ready list: the buffer itself is handed on (no copy). */
  flush(): void {
    if (this.length === 0) return;
    this.ready.push(this.buffer.subarray(0, this.length));
    this.buffer = new Uint8Array(0);
    this.freshSize = FULL_SIZE;
    this.length = 0;
  }

  /** Takes the chunks ready to be yielded. */
  take(): Uint8Array[] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }
}
