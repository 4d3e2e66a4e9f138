import { Readable } from 'node:stream';
import { encodeHeaderCell, guardFormula } from '@unnest/engine';
import { AppError } from '../platform/errors.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** A header row longer than this is not one the converter wrote. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

/** How a stored CSV or TSV was written: what the new header row must follow. */
export interface HeaderDialect {
  delimiter: string;
  /** The formula guard was on: the new names get it too, as the old ones did. */
  excelSafe: boolean;
}

/**
 * The header row of `bytes` from `from`: its cells, and where its line ending starts (`end`). Null while it has
 * not ended; at the end of the file (`final`) the row is what is left.
 */
function headerRow(
  bytes: Buffer,
  from: number,
  delimiter: Buffer,
  final: boolean,
): { cells: number; end: number } | null {
  let quoted = false;
  let cells = 1;
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF) return { cells, end: i > from && bytes[i - 1] === CR ? i - 1 : i };
    else if (byte === delimiter[0] && bytes.subarray(i, i + delimiter.length).equals(delimiter)) {
      cells++;
      i += delimiter.length - 1;
    }
  }
  return final ? { cells, end: bytes.length } : null;
}

/**
 * A stored CSV or TSV with its header row written again from `names` (quoted and guarded as the converter
 * writes a header), the byte order mark, the line ending and every data row kept byte for byte. Reads only as
 * far as the header's end before answering; `sizeChange` is what the new header adds to the size (or takes
 * off). A header whose column count differs from the names is refused.
 */
export async function withHeaderRow(
  source: Readable,
  names: readonly string[],
  dialect: HeaderDialect,
): Promise<{ stream: Readable; sizeChange: number }> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const delimiter = Buffer.from(dialect.delimiter);
  let head = Buffer.alloc(0);
  let row: ReturnType<typeof headerRow> = null;
  let start = 0;
  while (row === null && head.length <= MAX_HEADER_BYTES) {
    const next = await chunks.next();
    if (!next.done) head = Buffer.concat([head, next.value]);
    // Only a chunk with a line break can end the row: a long header is not scanned again for every chunk.
    if (!next.done && !next.value.includes(LF)) continue;
    start = head.subarray(0, 3).equals(BOM) ? 3 : 0;
    row = headerRow(head, start, delimiter, next.done === true);
  }
  if (row === null || row.cells !== names.length) {
    source.destroy();
    throw new AppError('VALIDATION_FAILED', {
      detail: `The file's header row has ${row === null ? 'too many' : row.cells} columns and the smart column names are ${names.length}: they do not fit it.`,
    });
  }
  const header = names
    .map((name) => encodeHeaderCell(dialect.excelSafe ? guardFormula(name) : name, dialect.delimiter))
    .join(dialect.delimiter);
  const written = Buffer.from(header);
  const first = Buffer.concat([head.subarray(0, start), written, head.subarray(row.end)]);
  async function* rest(): AsyncGenerator<Buffer> {
    yield first;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { stream: Readable.from(rest(), { objectMode: false }), sizeChange: written.length - (row.end - start) };
}
