import { analyse } from 'chardet';
import { type ByteSource, type ConversionHooks, concatBytes, iterateBytes } from '../byte-source.js';
import { ConversionError } from '../errors.js';
import { findInvalidUtf8, incompleteUtf8Tail } from '../utf8/utf8-sequence.js';
import { LATIN_ENCODINGS, likeliestLatinReading } from './latin-readings.js';

/**
 * The encodings csv input is recognised in by hand; a single-byte encoding chardet recognises (such as
 * `windows-1250`) may be detected too, and any TextDecoder label may be given.
 */
export type InputEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1' | 'windows-1252';

/** How much of the start of the input decides its encoding. */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

/**
 * NULs in the same place of each byte pair that UTF-16 without a byte order mark takes (8 characters of ASCII
 * in it): fewer, in a few bytes, are as likely a UTF-8 text holding NULs.
 */
const UTF16_MIN_NULS = 8;

/** An encoding, the length of the byte order mark that announced it (0 when none), and how sure the guess is. */
export interface DetectedEncoding {
  encoding: string;
  bomLength: number;
  /** 0 to 1. */
  confidence: number;
}

/** chardet's guess of a script other than Latin (Cyrillic, Greek, a CJK encoding) is taken from this confidence on. */
const CHARDET_MIN_CONFIDENCE = 50;

/**
 * The encoding of bytes that are not UTF-8: chardet's guess where it is sure of one that is not Latin (and
 * the platform can decode it), or its likeliest such guess where no Latin reading looks like Latin text
 * (Cyrillic, Greek); otherwise the Latin reading whose letters look most like one language's (see
 * latin-readings.ts), which tells Windows-1250, -1252, -1254 and -1257 apart where chardet, made for prose,
 * is unsure or wrong (Turkish place names read as ISO-8859-2, Czech ones as Windows-1252).
 */
function singleByteEncoding(sample: Uint8Array): DetectedEncoding {
  const guesses = analyse(sample);
  const other = guesses.find((guess) => {
    const label = guess.name.toLowerCase();
    const usable = isDecodable(label) && !label.startsWith('utf') && !label.startsWith('iso-2022');
    return usable && !LATIN_ENCODINGS.has(new TextDecoder(label).encoding);
  });
  const chardetGuess = other && {
    encoding: other.name.toLowerCase(),
    bomLength: 0,
    confidence: other.confidence / 100,
  };
  if (chardetGuess && other === guesses[0] && other.confidence >= CHARDET_MIN_CONFIDENCE) return chardetGuess;
  const latin = likeliestLatinReading(sample);
  if (chardetGuess && !latin.latin) return chardetGuess;
  return { encoding: latin.encoding, bomLength: 0, confidence: latin.confidence };
}

function isDecodable(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * Picks the encoding from the first bytes: a byte order mark; else the NUL pattern of UTF-16
 * (ASCII text in UTF-16 has a NUL in every other byte); else UTF-8 when the sample is valid UTF-8,
 * and a single-byte encoding when it is not (see singleByteEncoding).
 * `complete` says the sample is the whole input, so a sequence cut at its end is an error.
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): DetectedEncoding {
  const [b0, b1, b2] = sample;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: 'utf-8', bomLength: 3, confidence: 1 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf-16le', bomLength: 2, confidence: 1 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf-16be', bomLength: 2, confidence: 1 };
  const checked = Math.min(sample.length, 4096) & ~1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < checked; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = checked / 2;
  // At least UTF16_MIN_NULS of them: a NUL in a short UTF-8 text (`a\n\0\n`, a cell holding U+0000) is a pattern too.
  if (oddNul >= UTF16_MIN_NULS && oddNul >= pairs * 0.3 && evenNul * 10 <= oddNul) {
    return { encoding: 'utf-16le', bomLength: 0, confidence: 0.9 };
  }
  if (evenNul >= UTF16_MIN_NULS && evenNul >= pairs * 0.3 && oddNul * 10 <= evenNul) {
    return { encoding: 'utf-16be', bomLength: 0, confidence: 0.9 };
  }
  const end = complete ? sample.length : sample.length - incompleteUtf8Tail(sample);
  if (findInvalidUtf8(sample, 0, end) < 0) return { encoding: 'utf-8', bomLength: 0, confidence: 1 };
  return singleByteEncoding(sample.subarray(0, end));
}

/** The encoding given by hand (checked with the options): its byte order mark, if any, is still dropped. */
function givenEncoding(encoding: string, sample: Uint8Array): DetectedEncoding {
  const bom = detectEncoding(sample.subarray(0, 3), false);
  const bomLength = bom.bomLength > 0 && bom.encoding === encoding ? bom.bomLength : 0;
  return { encoding, bomLength, confidence: 1 };
}

/**
 * Yields the input as UTF-8 without a byte order mark, transcoding UTF-16 and Latin-1.
 * UTF-8 passes through untouched (chunk boundaries included); it is validated later, per cell.
 * Reports progress per input chunk and the encoding when it is not UTF-8.
 */
export async function* decodeToUtf8(
  source: ByteSource,
  hooks: ConversionHooks & { encoding?: string | undefined },
): AsyncGenerator<Uint8Array> {
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
  // The first ENCODING_SAMPLE_BYTES exactly, however the input arrives: a first chunk of a megabyte must not
  // decide otherwise than sixteen of 64 KiB (nor cost chardet a megabyte). A first chunk that holds them all
  // is only viewed, not copied.
  const first = head[0];
  const sample =
    first !== undefined && first.length >= ENCODING_SAMPLE_BYTES
      ? first.subarray(0, ENCODING_SAMPLE_BYTES)
      : concatBytes(head).subarray(0, ENCODING_SAMPLE_BYTES);
  const whole = complete && headSize <= ENCODING_SAMPLE_BYTES;
  const { encoding, bomLength, confidence } =
    hooks.encoding === undefined ? detectEncoding(sample, whole) : givenEncoding(hooks.encoding, sample);
  if (encoding !== 'utf-8') hooks.onNotice?.({ kind: 'encoding', encoding, confidence });
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

/** ISO-8859-1 as it is: each byte is the code point of the same number (TextDecoder reads `latin1` as Windows-1252). */
function latin1ToUtf8(bytes: Uint8Array): Uint8Array {
  let high = 0;
  for (const byte of bytes) if (byte >= 0x80) high++;
  if (high === 0) return bytes;
  const out = new Uint8Array(bytes.length + high);
  let o = 0;
  for (const byte of bytes) {
    if (byte < 0x80) {
      out[o++] = byte;
    } else {
      out[o++] = 0xc0 | (byte >> 6);
      out[o++] = 0x80 | (byte & 0x3f);
    }
  }
  return out;
}

function transcoder(encoding: string): (bytes: Uint8Array, last: boolean) => Uint8Array {
  if (encoding === 'latin1') return latin1ToUtf8;
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
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
