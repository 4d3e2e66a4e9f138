import { SNIFFED_DELIMITERS } from '../options.js';
import { reorderedRows } from './reordered-rows.js';
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
  /**
   * The columns in the order they are written (`order[k]`: the spooled column at position k), when that is
   * not the order the rows were spooled in (see `groupedColumnOrder`).
   */
  order?: readonly number[] | null;
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

/**
 * Which rows of the spool need padding, and where: each row written narrower than the header gets the
 * delimiters it lacks just before its line ending. Rows are followed by their lengths, segments of the
 * width log by their start offsets.
 */
class PaddingPlan {
  /** Where each pad goes in the current chunk (before the line ending), and what it is. */
  points = new Int32Array(1024);
  pads: Uint8Array[] = [];
  count = 0;
  /** Bytes the pads of the current chunk add. */
  extra = 0;
  /** Lengths of the next rows, from `at` on. */
  lengths: Uint32Array = new Uint32Array(0);
  at = 0;
  /** Absolute offset of the next row. */
  rowStart = 0;
  private segment = -1;
  private segmentEnd = 0;
  private pad = new Uint8Array(0);

  constructor(
    private readonly log: readonly number[],
    private readonly width: number,
    private readonly delimiter: Uint8Array,
    private readonly eolLength: number,
  ) {}

  /** Starts the plan of a chunk. */
  begin(): void {
    this.count = 0;
    this.extra = 0;
    this.pads = [];
  }

  /**
   * Plans the rows whose line ending starts before `chunkEnd`, from the chunk at `offset`. Returns false
   * when the loaded lengths ran out first (load more and call again).
   */
  plan(offset: number, chunkEnd: number): boolean {
    const lengths = this.lengths;
    const eolLength = this.eolLength;
    let at = this.at;
    let rowStart = this.rowStart;
    let covered = false;
    while (at < lengths.length) {
      const rowEnd = rowStart + (lengths[at] as number);
      // The pad goes before the first byte of the line ending: that byte must be in this chunk.
      if (rowEnd - eolLength >= chunkEnd) {
        covered = true;
        break;
      }
      at++;
      if (rowStart >= this.segmentEnd) this.seek(rowStart);
      if (this.pad.length > 0) this.add(rowEnd - eolLength - offset);
      rowStart = rowEnd;
    }
    this.at = at;
    this.rowStart = rowStart;
    return covered;
  }

  private add(point: number): void {
    if (this.count === this.points.length) {
      const grown = new Int32Array(this.count * 2);
      grown.set(this.points);
      this.points = grown;
    }
    this.points[this.count] = point;
    this.pads[this.count] = this.pad;
    this.count++;
    this.extra += this.pad.length;
  }

  /** Moves to the segment holding the row that starts at `offset`. */
  private seek(offset: number): void {
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
 * The final CSV: optional BOM, the header (known only now), then the spooled rows at the header's width (see
 * `paddedRows`), or rewritten in `order`. No output at all when there is no column.
 */
export async function* csvOutput(
  rows: AsyncIterable<Uint8Array>,
  rowLengths: AsyncIterable<Uint8Array>,
  options: CsvOutputOptions,
): AsyncGenerator<Uint8Array> {
  const width = options.headers.length;
  if (width === 0) return;
  const order = options.order ?? null;
  const names = order === null ? options.headers : order.map((col) => options.headers[col] as string);
  const header = names.map((name) => encodeHeaderCell(name, options.delimiter)).join(options.delimiter);
  yield encoder.encode(`${options.bom ? '\ufeff' : ''}${header}${options.eol}`);
  if (order !== null) {
    // Every row is rewritten anyway, at full width: no padding to plan.
    yield* reorderedRows(rows, rowLengths, {
      order,
      delimiter: encoder.encode(options.delimiter),
      eol: encoder.encode(options.eol),
    });
    return;
  }
  yield* paddedRows(rows, rowLengths, {
    width,
    widthLog: options.widthLog,
    delimiter: options.delimiter,
    eol: options.eol,
  });
}

/** How spooled rows are brought to one width. */
export interface PaddedRowsOptions {
  width: number;
  /** Pairs of (spool offset, width): rows from that offset on were written that many cells wide. */
  widthLog: readonly number[];
  delimiter: string;
  eol: string;
}

/**
 * The spooled rows, each `width` cells wide. Rows written before a column was added are narrower and get the
 * missing delimiters before their line ending; the spool of row lengths says where each row ends, so no byte
 * is scanned again. Each spool chunk becomes one output chunk (copied once, and only when it holds a row to
 * pad).
 */
export async function* paddedRows(
  rows: AsyncIterable<Uint8Array>,
  rowLengths: AsyncIterable<Uint8Array>,
  { width, widthLog, delimiter, eol }: PaddedRowsOptions,
): AsyncGenerator<Uint8Array> {
  const plan = new PaddingPlan(widthLog, width, encoder.encode(delimiter), eol.length);
  const lengths = new RowLengthReader(rowLengths);
  let lengthsLeft = true;
  let offset = 0;
  for await (const chunk of rows) {
    const chunkEnd = offset + chunk.length;
    plan.begin();
    while (!plan.plan(offset, chunkEnd) && lengthsLeft) {
      const next = await lengths.next();
      if (next === null) lengthsLeft = false;
      else {
        plan.lengths = next;
        plan.at = 0;
      }
    }
    offset = chunkEnd;
    if (plan.count === 0) {
      yield chunk;
      continue;
    }
    // The chunk is copied whole, then moved right from its last row to its first, leaving room for each pad.
    const out = new Uint8Array(chunk.length + plan.extra);
    out.set(chunk);
    let shift = plan.extra;
    let moveEnd = chunk.length;
    for (let k = plan.count - 1; k >= 0; k--) {
      const point = plan.points[k] as number;
      out.copyWithin(point + shift, point, moveEnd);
      const pad = plan.pads[k] as Uint8Array;
      shift -= pad.length;
      for (let b = 0; b < pad.length; b++) out[point + shift + b] = pad[b] as number;
      moveEnd = point;
    }
    yield out;
  }
  if (plan.rowStart !== offset || plan.at < plan.lengths.length || (lengthsLeft && (await lengths.next()) !== null)) {
    throw new Error('The spooled row lengths do not match the spooled rows');
  }
}
