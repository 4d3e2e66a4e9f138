import { type ByteSource, type ConversionHooks, concatBytes, iterateBytes } from '../byte-source.js';
import { ConversionError } from '../errors.js';
import { findInvalidUtf8, incompleteUtf8Tail } from '../utf8/utf8-sequence.js';

/** The encodings csv input is recognised in. */
export type InputEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

/** How much of the start of the input decides its encoding. */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

/** An encoding and the length of the byte order mark that announced it (0 when none). */
export interface DetectedEncoding {
  encoding: InputEncoding;
  bomLength: number;
}

/**
 * Picks the encoding from the first bytes: a byte order mark; else the NUL pattern of UTF-16
 * (ASCII text in UTF-16 has a NUL in every other byte); else UTF-8 when the sample is valid UTF-8
 * and Windows-1252 (a superset of Latin-1's printable range) when it is not.
 * `complete` says the sample is the whole input, so a sequence cut at its end is an error.
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): DetectedEncoding {
  const [b0, b1, b2] = sample;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const checked = Math.min(sample.length, 4096) & ~1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < checked; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = checked / 2;
  if (pairs > 0 && oddNul >= pairs * 0.3 && evenNul * 10 <= oddNul) return { encoding: 'utf-16le', bomLength: 0 };
  if (pairs > 0 && evenNul >= pairs * 0.3 && oddNul * 10 <= evenNul) return { encoding: 'utf-16be', bomLength: 0 };
  const end = complete ? sample.length : sample.length - incompleteUtf8Tail(sample);
  return { encoding: findInvalidUtf8(sample, 0, end) < 0 ? 'utf-8' : 'latin1', bomLength: 0 };
}

const DECODER_LABELS: Record<Exclude<InputEncoding, 'utf-8'>, string> = {
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  latin1: 'windows-1252',
};

/**
 * Yields the input as UTF-8 without a byte order mark, transcoding UTF-16 and Latin-1.
 * UTF-8 passes through untouched (chunk boundaries included); it is validated later, per cell.
 * Reports progress per input chunk and the encoding when it is not UTF-8.
 */
export async function* decodeToUtf8(source: ByteSource, hooks: ConversionHooks): AsyncGenerator<Uint8Array> {
  const iterator = iterateBytes(source);
  const head: Uint8Array[] = [];
  let headSize = 0;
  let bytesRead = 0;
  let complete = false;
  while (headSize < ENCODING_SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    bytesRead += next.value.length;
    hooks.onProgress?.(bytesRead);
    head.push(next.value);
    headSize += next.value.length;
  }
  const { encoding, bomLength } = detectEncoding(concatBytes(head), complete);
  if (encoding !== 'utf-8') hooks.onNotice?.({ kind: 'encoding', encoding });
  const transcode = encoding === 'utf-8' ? undefined : transcoder(encoding);
  let skip = bomLength;
  const convert = (chunk: Uint8Array): Uint8Array => {
    // A plain view: Node's Buffer subclass makes every later subarray and element access slower.
    let bytes = chunk.constructor === Uint8Array ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    if (skip > 0) {
      const cut = Math.min(skip, bytes.length);
      bytes = bytes.subarray(cut);
      skip -= cut;
    }
    return transcode ? transcode(bytes, false) : bytes;
  };
  for (const chunk of head) {
    const bytes = convert(chunk);
    if (bytes.length > 0) yield bytes;
  }
  if (!complete) {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      bytesRead += next.value.length;
      hooks.onProgress?.(bytesRead);
      const bytes = convert(next.value);
      if (bytes.length > 0) yield bytes;
    }
  }
  if (transcode) {
    const rest = transcode(new Uint8Array(0), true);
    if (rest.length > 0) yield rest;
  }
}

function transcoder(encoding: Exclude<InputEncoding, 'utf-8'>): (bytes: Uint8Array, last: boolean) => Uint8Array {
  const decoder = new TextDecoder(DECODER_LABELS[encoding], { fatal: true, ignoreBOM: true });
  const encoder = new TextEncoder();
  let offset = 0;
  return (bytes, last) => {
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: !last });
    } catch {
      throw new ConversionError('UNSUPPORTED_ENCODING', `Input looks like ${encoding.toUpperCase()} but is not valid`, {
        offset,
      });
    }
    offset += bytes.length;
    return encoder.encode(text);
  };
}
