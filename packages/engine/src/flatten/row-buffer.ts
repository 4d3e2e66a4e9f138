/** Output is handed on in chunks of about this size. */
const OUT_CHUNK = 1 << 20;
/** A reservation above this is one cell's measured size rather than a guess (see `CsvCells.string`). */
const HUGE_RESERVATION = 1 << 22;
/** Row lengths are handed on in batches of this many. */
const LENGTH_BATCH = 1 << 16;

/** Which output the rows are written for. */
export type RowFormat = 'csv' | 'xlsx';

/**
 * The output rows, built in one large buffer. Cell writers append each cell's bytes; the buffer keeps each
 * cell's column and bounds, so a record whose keys come in column order is already its CSV row (delimiters
 * are written in between as cells arrive), while any other record (keys out of order, a duplicated key,
 * exploded rows, every XLSX row) is reassembled in column order at its end.
 *
 * Each row has the width known when it was written; `widthLog` records where the width grew, and every CSV
 * row's length is handed on too (`takeRowLengths`), so that the final pass can pad the narrower rows once
 * the header (the union of all columns) is known without looking for their ends again.
 */
export class RowBuffer {
  out = new Uint8Array(OUT_CHUNK);
  pos = 0;
  /** Where the row being built starts in `out`. */
  rowStart = 0;
  /** Filled chunks waiting for the spool. */
  ready: Uint8Array[] = [];
  /** Bytes handed on before `out[0]`. */
  private handedOn = 0;
  /** Output rows written so far. */
  rows = 0;
  /** Absolute output offsets where the row width grew, with the new width (pairs: offset, width). */
  readonly widthLog: number[] = [];
  private loggedWidth = -1;
  /** Byte lengths of the CSV rows written since the last batch was handed on. */
  private rowLengths = new Uint32Array(LENGTH_BATCH);
  private rowLengthCount = 0;
  private readyLengths: Uint8Array[] = [];

  /** Which exploded element the next cells belong to (0: the parent record). */
  owner = 0;
  /** How many exploded elements the record has (0: not exploded). */
  parts = 0;

  private cellCol = new Int32Array(64);
  private cellStart = new Int32Array(64);
  private cellEnd = new Int32Array(64);
  private cellOwner = new Int32Array(64);
  private cellCount = 0;
  private lastCol = -1;
  private inOrder: boolean;
  /** Cells written before the row left column order: they are already CSV, delimiters included. */
  private orderedCells = 0;

  private colCell = new Int32Array(64);
  private colStamp = new Int32Array(64);
  private stamp = 0;
  private readonly delimiter: Uint8Array;
  /** The delimiter when it is one byte, else -1. */
  private readonly delimiterByte: number;
  private readonly eol: Uint8Array;
  private readonly csv: boolean;
  private readonly columnNames: Uint8Array[] = [];

  constructor(format: RowFormat, delimiter: Uint8Array, eol: Uint8Array) {
    this.csv = format === 'csv';
    this.inOrder = this.csv;
    this.delimiter = delimiter;
    this.delimiterByte = delimiter.length === 1 ? (delimiter[0] as number) : -1;
    this.eol = eol;
  }

  /** Makes room for `n` more bytes in `out` (which may then be a new buffer). */
  reserve(n: number): void {
    if (this.pos + n > this.out.length) this.grow(n);
  }

  private grow(n: number): void {
    const rowBytes = this.pos - this.rowStart;
    if (this.rowStart > 0) {
      this.ready.push(this.out.subarray(0, this.rowStart));
      this.handedOn += this.rowStart;
    }
    // Doubling keeps a row of many cells cheap to grow; one huge cell (a 200 MB string, measured before it
    // is written) gets the room it needs and a chunk more, not twice that.
    const wanted = rowBytes + n;
    const next = new Uint8Array(Math.max(OUT_CHUNK, wanted + (n > HUGE_RESERVATION ? OUT_CHUNK : wanted)));
    next.set(this.out.subarray(this.rowStart, this.pos));
    this.out = next;
    this.pos = rowBytes;
    this.rowStart = 0;
  }

  /** Starts the cell of column `col`. */
  beginCell(col: number): void {
    if (this.inOrder) {
      const last = this.lastCol;
      if (col > last) {
        const gap = last < 0 ? col : col - last;
        if (gap === 1 && this.delimiterByte >= 0) {
          if (this.pos >= this.out.length) this.grow(1);
          this.out[this.pos++] = this.delimiterByte;
        } else if (gap > 0) this.writeDelimiters(gap);
        this.lastCol = col;
      } else {
        this.inOrder = false;
        this.orderedCells = this.cellCount;
      }
    }
    const k = this.cellCount;
    if (k === this.cellCol.length) this.growCells();
    this.cellCol[k] = col;
    this.cellStart[k] = this.pos - this.rowStart;
    this.cellOwner[k] = this.owner;
  }

  /** Ends the cell started last. */
  endCell(): void {
    this.cellEnd[this.cellCount++] = this.pos - this.rowStart;
  }

  private growCells(): void {
    const size = this.cellCol.length * 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.cellCol = grow(this.cellCol);
    this.cellStart = grow(this.cellStart);
    this.cellEnd = grow(this.cellEnd);
    this.cellOwner = grow(this.cellOwner);
  }

  private writeDelimiters(n: number): void {
    const delimiter = this.delimiter;
    this.reserve(n * delimiter.length);
    const out = this.out;
    let p = this.pos;
    if (delimiter.length === 1) {
      const d = delimiter[0] as number;
      for (let k = 0; k < n; k++) out[p++] = d;
    } else {
      for (let k = 0; k < n; k++) {
        out.set(delimiter, p);
        p += delimiter.length;
      }
    }
    this.pos = p;
  }

  private writeBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    const out = this.out;
    let p = this.pos;
    for (let k = 0; k < bytes.length; k++) out[p++] = bytes[k] as number;
    this.pos = p;
  }

  /** Drops the row being built (its record was incomplete and will be read again). */
  abortRow(): void {
    this.pos = this.rowStart;
    this.resetRow();
  }

  private resetRow(): void {
    this.cellCount = 0;
    this.lastCol = -1;
    this.inOrder = this.csv;
    this.orderedCells = 0;
    this.owner = 0;
    this.parts = 0;
  }

  /**
   * Ends the record: writes its row (or its exploded rows), `width` cells wide. Answers the first column the
   * record wrote twice (a key it holds twice, whose last value the row keeps), or -1.
   */
  endRow(width: number): number {
    let repeated = -1;
    const offset = this.handedOn + this.rowStart;
    if (width !== this.loggedWidth) {
      this.widthLog.push(offset, width);
      this.loggedWidth = width;
    }
    if (this.inOrder && this.parts === 0) {
      const present = this.lastCol < 0 ? 1 : this.lastCol + 1;
      if (width > present) this.writeDelimiters(width - present);
      this.writeBytes(this.eol);
      this.rows++;
      this.noteRow(this.pos - this.rowStart);
    } else repeated = this.assemble(width);
    this.rowStart = this.pos;
    this.resetRow();
    return repeated;
  }

  /**
   * Rewrites the row's cells in column order; the last cell of a column wins, as in JSON.parse.
   * The ordered row is built just after the raw cells, then moved back over them with one copyWithin.
   * A CSV row that is not exploded keeps in place the start it wrote in column order (the columns before
   * the smallest one written later): only the rest is rebuilt. Answers the first column written twice by the
   * same record or element, or -1.
   */
  private assemble(width: number): number {
    let repeated = -1;
    const rawBytes = this.pos - this.rowStart;
    if (this.colCell.length < width) {
      this.colCell = new Int32Array(width * 2);
      this.colStamp = new Int32Array(width * 2);
      this.stamp = 0;
    }
    const parts = Math.max(1, this.parts);
    const perCell = this.csv ? this.delimiter.length : 24;
    this.reserve(parts * (rawBytes + width * perCell + 64));
    const raw = this.rowStart;
    const built = this.pos;
    const { colCell, colStamp, cellCol, cellOwner } = this;
    let firstCell = 0;
    let firstCol = 0;
    /** Bytes at the start of the raw row that are already final. */
    let kept = 0;
    if (this.csv && this.parts === 0 && this.orderedCells > 0) {
      // The in-order cells of columns below every later cell's column stay where they are.
      const ordered = this.orderedCells;
      let minCol = width;
      for (let k = ordered; k < this.cellCount; k++) minCol = Math.min(minCol, cellCol[k] as number);
      let k0 = 0;
      while (k0 < ordered && (cellCol[k0] as number) < minCol) k0++;
      if (k0 > 0) {
        kept = (this.cellEnd[k0 - 1] as number) + (minCol - 1 - (cellCol[k0 - 1] as number)) * this.delimiter.length;
        firstCell = k0;
        firstCol = minCol;
      }
    }
    for (let part = 1; part <= parts; part++) {
      const stamp = ++this.stamp;
      for (let k = firstCell; k < this.cellCount; k++) {
        const owner = cellOwner[k];
        if (owner === 0 || owner === part) {
          const col = cellCol[k] as number;
          if (repeated < 0 && colStamp[col] === stamp && cellOwner[colCell[col] as number] === owner) repeated = col;
          colCell[col] = k;
          colStamp[col] = stamp;
        }
      }
      const before = this.pos;
      if (this.csv) {
        this.assembleCsv(raw, width, stamp, firstCol);
        // Only a record that is not exploded keeps bytes in place, and it has a single row.
        this.noteRow(kept + this.pos - before);
      } else this.assembleXlsx(raw, width, stamp);
      this.rows++;
    }
    this.out.copyWithin(raw + kept, built, this.pos);
    this.pos = raw + kept + (this.pos - built);
    return repeated;
  }

  /** Copies cell `k` of the raw row starting at `raw` to `p`; returns the new position. */
  private copyCell(raw: number, k: number, p: number): number {
    const out = this.out;
    let from = raw + (this.cellStart[k] as number);
    const to = raw + (this.cellEnd[k] as number);
    if (to - from < 32) while (from < to) out[p++] = out[from++] as number;
    else {
      out.copyWithin(p, from, to);
      p += to - from;
    }
    return p;
  }

  /** Writes columns `firstCol` to `width - 1` of the row (the ones before are already written), then its end. */
  private assembleCsv(raw: number, width: number, stamp: number, firstCol: number): void {
    const { out, delimiter, delimiterByte, colStamp, colCell, eol } = this;
    let p = this.pos;
    for (let col = firstCol; col < width; col++) {
      if (col > 0) {
        if (delimiterByte >= 0) out[p++] = delimiterByte;
        else {
          out.set(delimiter, p);
          p += delimiter.length;
        }
      }
      if (colStamp[col] === stamp) p = this.copyCell(raw, colCell[col] as number, p);
    }
    for (let k = 0; k < eol.length; k++) out[p++] = eol[k] as number;
    this.pos = p;
  }

  /** XLSX cells carry their reference (`B7`), so empty cells are simply left out. */
  private assembleXlsx(raw: number, width: number, stamp: number): void {
    const row = String(this.rows + 2);
    this.writeAscii(`<row r="${row}">`);
    for (let col = 0; col < width; col++) {
      if (this.colStamp[col] !== stamp) continue;
      const k = this.colCell[col] as number;
      if (this.cellEnd[k] === this.cellStart[k]) continue;
      const name = this.columnName(col);
      this.writeAscii('<c r="');
      this.out.set(name, this.pos);
      this.pos += name.length;
      this.writeAscii(`${row}"`);
      this.pos = this.copyCell(raw, k, this.pos);
    }
    this.writeAscii('</row>');
  }

  private writeAscii(text: string): void {
    this.reserve(text.length);
    const out = this.out;
    let p = this.pos;
    for (let k = 0; k < text.length; k++) out[p++] = text.charCodeAt(k);
    this.pos = p;
  }

  private columnName(col: number): Uint8Array {
    const known = this.columnNames[col];
    if (known !== undefined) return known;
    const name = new TextEncoder().encode(columnLetters(col));
    this.columnNames[col] = name;
    return name;
  }

  private noteRow(length: number): void {
    if (!this.csv) return;
    this.rowLengths[this.rowLengthCount++] = length;
    if (this.rowLengthCount === LENGTH_BATCH) this.handOnRowLengths();
  }

  private handOnRowLengths(): void {
    if (this.rowLengthCount === 0) return;
    this.readyLengths.push(new Uint8Array(this.rowLengths.buffer, 0, this.rowLengthCount * 4));
    this.rowLengths = new Uint32Array(LENGTH_BATCH);
    this.rowLengthCount = 0;
  }

  /**
   * Takes the lengths of the CSV rows handed on so far (each a 32-bit unsigned integer in the platform's
   * byte order), in batches; after `finish`, the last ones too.
   */
  takeRowLengths(): Uint8Array[] {
    const ready = this.readyLengths;
    this.readyLengths = [];
    return ready;
  }

  /** Hands on everything written; call after the last row. */
  finish(): void {
    this.handOnRowLengths();
    if (this.pos > 0) this.ready.push(this.out.subarray(0, this.pos));
    this.handedOn += this.pos;
    this.out = new Uint8Array(0);
    this.pos = 0;
    this.rowStart = 0;
  }

  /** Takes the chunks ready for the spool. */
  take(): Uint8Array[] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }

  /** Total bytes of rows written. */
  get size(): number {
    return this.handedOn + this.pos;
  }
}

/** Spreadsheet column letters of a 0-based column: 0 is A, 26 is AA. */
export function columnLetters(col: number): string {
  let name = '';
  let n = col + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}
