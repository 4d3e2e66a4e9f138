/** Output pieces are merged into chunks of at least this size. */
export const OUTPUT_CHUNK = 1 << 16;

/** Merges small output pieces into chunks of at least OUTPUT_CHUNK bytes; large pieces pass through uncopied. */
export class OutputBatcher {
  private pending = new Uint8Array(OUTPUT_CHUNK * 2);
  private length = 0;
  private ready: Uint8Array[] = [];

  /** Adds a piece; the caller must not change it afterwards. */
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (piece.length >= OUTPUT_CHUNK) {
      this.flush();
      this.ready.push(piece);
      return;
    }
    if (this.length + piece.length > this.pending.length) this.flush();
    this.pending.set(piece, this.length);
    this.length += piece.length;
    if (this.length >= OUTPUT_CHUNK) this.flush();
  }

  /** Moves the merged bytes to the ready list. */
  flush(): void {
    if (this.length === 0) return;
    this.ready.push(this.pending.slice(0, this.length));
    this.length = 0;
  }

  /** Takes the chunks ready to be yielded. */
  take(): Uint8Array[] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }
}
