import { SNIFFED_DELIMITERS } from '../options.js';
import { RowLengthReader } from './row-lengths.js';

const encoder = new TextEncoder();

/** How the spooled rows become the final CSV. */
export interface CsvOutputOptions {
  headers: readonly string[];
  /** Pairs of (spool offset, width): rows from that offset on were written that many cells wide. */
  widthLog: readonly number[];
  delimiter: string;
  eol: string;
  bom: boolean;
}

/** Encodes one header cell: quoted when empty or holding the delimiter, a sniffable delimiter, a quote, CR or LF. */
export function encodeHeaderCell(name: string, delimiter: string): string {
  const quote =
    name === '' ||
    name.includes(delimiter) ||
    /["\r\n]/.test(name) ||
    SNIFFED_DELIMITERS.some((sniffed) => name.includes(sniffed));
  return quote ? `"${name.replaceAll('"', '""')}"` : name;
}

/** The delimiters each segment of the width log lacks, by row start offset. */
class RowPadding {
  private segment = -1;
  private segmentEnd = 0;
  /** The padding of the current segment. */
  pad: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly log: readonly number[],
    private readonly width: number,
    private readonly delimiter: Uint8Array,
  ) {}

  /** Moves to the segment holding the row that starts at `offset` (offsets only grow). */
  seek(offset: number): void {
    if (offset < this.segmentEnd) return;
    while (offset >= this.segmentEnd) {
      this.segment++;
      this.segmentEnd = this.log[this.segment * 2 + 2] ?? Number.POSITIVE_INFINITY;
    }
    const rowWidth = this.log[this.segment * 2 + 1] ?? this.width;
    const missing = this.width - Math.max(rowWidth, 1);
    const pad = new Uint8Array(missing * this.delimiter.length);
    for (let k = 0; k < missing; k++) pad.set(this.delimiter, k * this.delimiter.length);
    this.pad = pad;
  }
}

/**
 * The final CSV: optional BOM, the header (known only now), then the spooled rows. Rows written before a
 * column was added are narrower and get the missing delimiters before their line ending; the spool of row
 * lengths says where each row ends, so no byte is scanned again. Each spool chunk becomes one output chunk
 * (copied once, and only when it holds a row to pad). No output at all when there is no column.
 */
export async function* csvOutput(
  rows: AsyncIterable<Uint8Array>,
  rowLengths: AsyncIterable<Uint8Array>,
  options: CsvOutputOptions,
): AsyncGenerator<Uint8Array> {
  const width = options.headers.length;
  if (width === 0) return;
  const header = options.headers.map((name) => encodeHeaderCell(name, options.delimiter)).join(options.delimiter);
  yield encoder.encode(`${options.bom ? '\ufeff' : ''}${header}${options.eol}`);
  const padding = new RowPadding(options.widthLog, width, encoder.encode(options.delimiter));
  const lengths = new RowLengthReader(rowLengths);
  const eolLength = options.eol.length;
  // Where the padding of each row ending in the chunk goes (before its line ending), and what it is.
  let points = new Int32Array(1024);
  let pads: Uint8Array[] = [];
  /** Absolute offsets of the chunk and of the next row. */
  let offset = 0;
  let rowStart = 0;
  for await (const chunk of rows) {
    const chunkEnd = offset + chunk.length;
    let count = 0;
    let extra = 0;
    for (;;) {
      if (!lengths.ready() && !(await lengths.load())) break;
      const rowEnd = rowStart + lengths.peek();
      // The padding goes before the first byte of the line ending: that byte must be in this chunk.
      if (rowEnd - eolLength >= chunkEnd) break;
      lengths.skip();
      padding.seek(rowStart);
      const pad = padding.pad;
      if (pad.length > 0) {
        if (count === points.length) {
          const grown = new Int32Array(count * 2);
          grown.set(points);
          points = grown;
        }
        points[count] = rowEnd - eolLength - offset;
        pads[count] = pad;
        count++;
        extra += pad.length;
      }
      rowStart = rowEnd;
    }
    offset = chunkEnd;
    if (count === 0) {
      yield chunk;
      continue;
    }
    // The chunk is copied whole, then moved right from its last row to its first, leaving room for each pad.
    const out = new Uint8Array(chunk.length + extra);
    out.set(chunk);
    let shift = extra;
    let moveEnd = chunk.length;
    for (let k = count - 1; k >= 0; k--) {
      const point = points[k] as number;
      out.copyWithin(point + shift, point, moveEnd);
      const pad = pads[k] as Uint8Array;
      shift -= pad.length;
      for (let b = 0; b < pad.length; b++) out[point + shift + b] = pad[b] as number;
      moveEnd = point;
    }
    pads = [];
    yield out;
  }
  if (rowStart !== offset || lengths.ready() || (await lengths.load())) {
    throw new Error('The spooled row lengths do not match the spooled rows');
  }
}
