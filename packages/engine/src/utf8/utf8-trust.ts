import { incompleteUtf8Tail } from './utf8-sequence.js';

/** A whole-buffer UTF-8 check offered by the platform, such as Node's `buffer.isUtf8`. */
export type Utf8Check = (bytes: Uint8Array) => boolean;

/**
 * Tells whether every UTF-8 byte of the input so far is known to be valid, checking each chunk with a fast
 * platform check as it arrives (before it is parsed). While it is, the hot loops copy bytes >= 0x80 without
 * decoding them. After the first chunk that fails (or without a check at all) the readers check each
 * character themselves, so the bad byte is still reported with its position.
 *
 * A character cut by a chunk boundary is checked once the next chunk completes it. Its first bytes are
 * parsed before that, which is safe: nothing that ends at the end of the data seen so far is complete yet
 * (a record has no line break after it, a string no closing quote), so it is parsed again later.
 */
export class Utf8Trust {
  trusted: boolean;
  /** The start of a character cut by the end of the last chunk. */
  private readonly tail = new Uint8Array(4);
  private tailLength = 0;

  constructor(private readonly check: Utf8Check | undefined) {
    this.trusted = check !== undefined;
  }

  /** Checks the next chunk of the input. */
  accept(chunk: Uint8Array): void {
    if (!this.trusted || this.check === undefined) return;
    let from = 0;
    if (this.tailLength > 0) {
      const lead = this.tail[0] as number;
      const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
      from = Math.min(length - this.tailLength, chunk.length);
      // A byte that cannot continue the character ends it invalid now: that byte (a line break, a
      // quote) may complete a record, so the readers must check it themselves from here on.
      for (let i = 0; i < from; i++) {
        if (((chunk[i] as number) & 0xc0) !== 0x80) {
          this.tailLength = 0;
          this.trusted = false;
          return;
        }
      }
      this.tail.set(chunk.subarray(0, from), this.tailLength);
      this.tailLength += from;
      if (this.tailLength < length) return;
      this.tailLength = 0;
      if (!this.check(this.tail.subarray(0, length))) {
        this.trusted = false;
        return;
      }
    }
    const rest = chunk.subarray(from);
    let cut = rest.length - incompleteUtf8Tail(rest);
    // Only a valid lead byte starts a character worth waiting for; any other is checked (and fails) now.
    const lead = rest[cut] ?? 0;
    if (lead < 0xc2 || lead > 0xf4) cut = rest.length;
    if (!this.check(rest.subarray(0, cut))) {
      this.trusted = false;
      return;
    }
    this.tail.set(rest.subarray(cut));
    this.tailLength = rest.length - cut;
  }

  /** The input ended: a character still cut is invalid, and the reader must find and report it. */
  end(): void {
    if (this.tailLength > 0) this.trusted = false;
  }
}
