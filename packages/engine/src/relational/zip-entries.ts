import { ConversionError } from '../errors.js';

/** One file of a ZIP, found in its central directory. */
export interface ZipEntryInfo {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where its compressed bytes start and how many there are. */
  start: number;
  size: number;
}

/**
 * Compressed bytes handed to the inflater at a time. What one slice inflates to is held at once, and deflate
 * can expand about 1,000 times, so a hostile entry costs at most about 64 MB here.
 */
const SLICE = 64 * 1024;

function broken(message: string): never {
  throw new ConversionError('RELATIONAL_ZIP_INVALID', `The ZIP cannot be read: ${message}`);
}

/**
 * The entries of a ZIP held in memory, from its central directory (the local headers of a streamed ZIP,
 * as fflate writes it, do not know the sizes).
 */
export function zipEntries(zip: Uint8Array): ZipEntryInfo[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) broken('no end of central directory (a truncated file?)');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntryInfo[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) broken('a damaged central directory');
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) broken('a damaged file header');
    const entry: ZipEntryInfo = {
      name: decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      size: view.getUint32(at + 20, true),
      start: local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true),
    };
    if (entry.start + entry.size > zip.length) broken(`${entry.name} runs past the end`);
    if (entry.method !== 0 && entry.method !== 8) broken(`${entry.name} uses compression method ${entry.method}`);
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's bytes, inflated a slice at a time as they are asked for. */
export async function* entryBytes(zip: Uint8Array, entry: ZipEntryInfo): AsyncGenerator<Uint8Array> {
  const data = zip.subarray(entry.start, entry.start + entry.size);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) yield data.subarray(at, at + SLICE);
    return;
  }
  const { Inflate } = await import('fflate');
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => {
    out.push(chunk);
  });
  for (let at = 0; at < data.length || at === 0; at += SLICE) {
    try {
      inflate.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
    } catch (error) {
      broken(`${entry.name}: ${(error as Error).message}`);
    }
    yield* out.splice(0, out.length);
  }
}
