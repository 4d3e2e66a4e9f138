import { ConversionError } from '../errors.js';

/** One file of a ZIP, found in its central directory. */
export interface ZipEntryInfo {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where its compressed bytes start and how many there are. */
  start: number;
  size: number;
  /** The size its directory states once unpacked; undefined when it defers to a ZIP64 record. */
  statedSize: number | undefined;
}

/**
 * Compressed bytes handed to the inflater at a time. What one slice inflates to is held at once, and deflate
 * can expand about 1,000 times (MAX_DEFLATE_RATIO), so a hostile entry costs at most about 64 MB here; near
 * the end of an inflation budget the slices shrink so that the budget is not passed by more than one of them.
 */
const SLICE = 64 * 1024;
const MIN_SLICE = 1024;
/** Deflate's most: a run of 258 bytes from one code of at least 2 bits (about 1,032 : 1). */
const MAX_DEFLATE_RATIO = 1032;

/** How far the entries of one ZIP may inflate, all entries read together. */
export interface InflationLimits {
  /** Most bytes read out of the ZIP's entries, all together (their inflated size). Default: no limit. */
  maxInflatedBytes?: number;
  /**
   * Most inflated bytes per byte of the ZIP, beyond `ratioFloorBytes` (a small ZIP may inflate that far
   * whatever its size). Default: no limit.
   */
  maxInflateRatio?: number;
  /** Inflated bytes always allowed by the ratio (default 10 MB). */
  ratioFloorBytes?: number;
}

const DEFAULT_RATIO_FLOOR_BYTES = 10 * 1024 * 1024;
const MB = 1024 * 1024;
/** A limit as a person reads it in a refusal: whole megabytes, or kilobytes below one. */
export const sizeText = (bytes: number): string =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * Counts the bytes every entry of one ZIP inflates to against its limits, as they are inflated, so that a ZIP
 * bomb (a small ZIP whose entries inflate to gigabytes, or entries sharing their compressed bytes) is refused
 * after at most a slice past the limit, long before its bytes are parsed or held.
 */
export class InflationBudget {
  private used = 0;
  private readonly sizeLimit: number;
  private readonly ratioLimit: number;

  constructor(
    zipBytes: number,
    private readonly limits: InflationLimits = {},
  ) {
    this.sizeLimit = limits.maxInflatedBytes ?? Number.POSITIVE_INFINITY;
    this.ratioLimit =
      limits.maxInflateRatio === undefined
        ? Number.POSITIVE_INFINITY
        : Math.max(limits.ratioFloorBytes ?? DEFAULT_RATIO_FLOOR_BYTES, limits.maxInflateRatio * zipBytes);
  }

  /**
   * Refuses at once a ZIP whose directory states that its files unpack past the limits, before any is
   * inflated (each entry is then held to its stated size as it inflates, see `entryBytes`).
   */
  admit(entries: readonly ZipEntryInfo[]): void {
    this.check(entries.reduce((total, entry) => total + (entry.statedSize ?? 0), 0));
  }

  /** Bytes that may still be inflated. */
  get left(): number {
    return Math.min(this.sizeLimit, this.ratioLimit) - this.used;
  }

  /** Counts `bytes` more inflated; fails once a limit is passed. */
  take(bytes: number): void {
    this.used += bytes;
    this.check(this.used);
  }

  private check(bytes: number): void {
    if (bytes > this.sizeLimit) {
      throw new ConversionError(
        'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
        `The files in the ZIP add up to more than ${sizeText(this.sizeLimit)} once unpacked`,
      );
    }
    if (bytes > this.ratioLimit) {
      throw new ConversionError(
        'RELATIONAL_ZIP_RATIO_TOO_HIGH',
        `The files in the ZIP unpack to more than ${this.limits.maxInflateRatio} times the ZIP's size (a ZIP bomb?)`,
      );
    }
  }
}

/** How much compressed input to inflate next: a whole slice while the budget is far, less when it is near. */
function sliceFor(budget: InflationBudget): number {
  const left = budget.left;
  if (left >= SLICE * MAX_DEFLATE_RATIO) return SLICE;
  return Math.max(MIN_SLICE, Math.min(SLICE, Math.floor(left / MAX_DEFLATE_RATIO)));
}

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
      statedSize: view.getUint32(at + 24, true) === 0xffffffff ? undefined : view.getUint32(at + 24, true),
    };
    if (entry.start + entry.size > zip.length) broken(`${entry.name} runs past the end`);
    if (entry.method !== 0 && entry.method !== 8) broken(`${entry.name} uses compression method ${entry.method}`);
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * An entry's bytes, inflated a slice at a time as they are asked for, each counted against `budget` (shared by
 * every entry of the ZIP) before it is handed on.
 */
export async function* entryBytes(
  zip: Uint8Array,
  entry: ZipEntryInfo,
  budget: InflationBudget = new InflationBudget(zip.length),
): AsyncGenerator<Uint8Array> {
  const data = zip.subarray(entry.start, entry.start + entry.size);
  let inflated = 0;
  const count = (bytes: number) => {
    inflated += bytes;
    // Past the size its directory states, the entry is not what the ZIP says: refused before more is read.
    if (entry.statedSize !== undefined && inflated > entry.statedSize)
      broken(`${entry.name} unpacks past its stated size`);
    budget.take(bytes);
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) {
      const slice = data.subarray(at, at + SLICE);
      count(slice.length);
      yield slice;
    }
    return;
  }
  const { Inflate } = await import('fflate');
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => {
    out.push(chunk);
  });
  for (let at = 0, slice = sliceFor(budget); at < data.length || at === 0; at += slice, slice = sliceFor(budget)) {
    try {
      inflate.push(data.subarray(at, at + slice), at + slice >= data.length);
    } catch (error) {
      broken(`${entry.name}: ${(error as Error).message}`);
    }
    for (const chunk of out) count(chunk.length);
    yield* out.splice(0, out.length);
  }
}
