import { constants, crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

const ROW = '1,x\n';
const HEADER = '\\#id,a\n';
const SEGMENT_BYTES = 1024 * 1024;

/**
 * A relational ZIP whose `main.csv` (a header, then one row repeated) inflates to about `inflatedBytes` from
 * a ZIP of about a thousandth of that: a ZIP bomb that reads as a valid relational export until its limits
 * stop it. It is built without ever holding the inflated bytes: one megabyte of rows is deflated once (ended
 * on a byte boundary by a sync flush) and that segment repeated, which a deflate stream allows (its
 * references only reach back into the segment itself), then a final empty block ends the stream.
 * `statedSize`: what its directory says main.csv unpacks to (a lie; 0xffffffff defers to a ZIP64 record that
 * is not there), instead of the truth.
 */
export function zipBomb(inflatedBytes: number, { statedSize }: { statedSize?: number } = {}): Buffer {
  const segmentText = Buffer.from(ROW.repeat(SEGMENT_BYTES / ROW.length));
  const segment = deflateRawSync(segmentText, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const header = deflateRawSync(Buffer.from(HEADER), { finishFlush: constants.Z_SYNC_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const segments = Math.max(1, Math.floor(inflatedBytes / SEGMENT_BYTES));
  let crc = crc32(HEADER);
  for (let n = 0; n < segments; n++) crc = crc32(segmentText, crc);
  const compressed = Buffer.concat([header, ...Array.from({ length: segments }, () => segment), end]);
  const size = HEADER.length + segments * SEGMENT_BYTES;
  // plan.json first, as unnest writes it: a plan with no table paths (main.csv alone).
  const plan = Buffer.from(zipSync({ 'plan.json': strToU8('{"version":1,"paths":[]}') }, { level: 0 }));
  return appendDeflatedEntry(plan, 'main.csv', compressed, statedSize ?? size, crc >>> 0);
}

/** A ZIP (fflate's, one entry) with one more entry whose deflated bytes are given, its directory rewritten. */
function appendDeflatedEntry(zip: Buffer, name: string, compressed: Buffer, size: number, crc: number): Buffer {
  const endAt = zip.length - 22;
  const directoryAt = zip.readUInt32LE(endAt + 16);
  const directory = zip.subarray(directoryAt, endAt);
  const entries = zip.readUInt16LE(endAt + 10);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(directoryAt, 42);
  const newDirectoryAt = directoryAt + local.length + nameBytes.length + compressed.length;
  const newDirectory = Buffer.concat([directory, central, nameBytes]);
  const end = Buffer.from(zip.subarray(endAt));
  end.writeUInt16LE(entries + 1, 8);
  end.writeUInt16LE(entries + 1, 10);
  end.writeUInt32LE(newDirectory.length, 12);
  end.writeUInt32LE(newDirectoryAt, 16);
  return Buffer.concat([zip.subarray(0, directoryAt), local, nameBytes, compressed, newDirectory, end]);
}
