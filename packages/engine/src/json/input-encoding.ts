import { ConversionError } from '../errors.js';

/** The encodings the JSON reader accepts: UTF-8 (a BOM is dropped) and UTF-16 announced by its BOM. */
export type InputEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * Turns input chunks into UTF-8 chunks: drops a UTF-8 byte order mark and transcodes UTF-16 that starts
 * with a BOM. UTF-8 passes through untouched (the reader validates it itself, to report bad bytes by position).
 */
export class InputDecoder {
  /** Known once the first bytes are seen. */
  encoding: InputEncoding | null = null;
  private head = new Uint8Array(0);
  private utf16: InstanceType<typeof TextDecoder> | null = null;
  private readonly encoder = new TextEncoder();

  /** Feeds one input chunk; returns the UTF-8 chunks ready so far. */
  push(chunk: Uint8Array): Uint8Array[] {
    if (this.encoding === null) {
      const head = new Uint8Array(this.head.length + chunk.length);
      head.set(this.head);
      head.set(chunk, this.head.length);
      this.head = head;
      if (head.length < 3) return [];
      return this.convert(this.detect(head));
    }
    return this.convert(chunk);
  }

  /** Ends the input; returns the last UTF-8 chunks. */
  end(): Uint8Array[] {
    const out = this.encoding === null ? this.convert(this.detect(this.head)) : [];
    if (this.utf16 !== null) out.push(...this.transcode(new Uint8Array(0), false));
    return out;
  }

  private detect(head: Uint8Array): Uint8Array {
    this.head = new Uint8Array(0);
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
      this.encoding = 'utf-8';
      return head.subarray(3);
    }
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
      this.encoding = head[0] === 0xff ? 'utf-16le' : 'utf-16be';
      this.utf16 = new TextDecoder(this.encoding, { fatal: true, ignoreBOM: true });
      return head.subarray(2);
    }
    this.encoding = 'utf-8';
    return head;
  }

  private convert(chunk: Uint8Array): Uint8Array[] {
    if (this.utf16 === null) return chunk.length > 0 ? [chunk] : [];
    return this.transcode(chunk, true);
  }

  private transcode(chunk: Uint8Array, stream: boolean): Uint8Array[] {
    let text: string;
    try {
      text = (this.utf16 as InstanceType<typeof TextDecoder>).decode(chunk, { stream });
    } catch {
      throw new ConversionError(
        'INVALID_UTF8',
        `Invalid ${this.encoding?.toUpperCase()} input (an unpaired surrogate or an odd number of bytes)`,
      );
    }
    return text.length > 0 ? [this.encoder.encode(text)] : [];
  }
}
