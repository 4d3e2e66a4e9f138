import { ByteBuilder } from '../json/byte-builder.js';
import { INCOMPLETE, type JsonCursor } from '../json/json-cursor.js';
import { matchLiteral, scanNumber } from '../json/json-scalars.js';
import { decodeString } from '../json/json-string.js';
import { appendMinified, skipValue } from '../json/skip-value.js';
import type { CellWriter } from './cell-writer.js';
import type { ColumnSet } from './column-set.js';

const decoder = new TextDecoder();

/**
 * An array of arrays: the first row names the columns, later rows fill them by position. A value that is
 * itself a container goes into its cell as JSON text; a row that is not an array is one cell.
 * Cells past the header's width get columns named by their 0-based position.
 */
export class RowsFlattener {
  private readonly text = new ByteBuilder();
  private headerRead = false;
  private readonly names: string[] = [];

  constructor(
    private readonly columns: ColumnSet,
    private readonly cells: CellWriter,
    private readonly cursor: JsonCursor,
    private readonly maxDepth: number,
  ) {}

  /** Reads one row starting at `i`; returns its end or INCOMPLETE, and whether it was the header (no output row). */
  parse(buf: Uint8Array, i: number, end: number, depth: number): number {
    const header = !this.headerRead;
    this.names.length = 0;
    let e: number;
    if (buf[i] !== 91) e = this.value(0, buf, i, end, depth, header);
    else {
      if (depth + 1 > this.maxDepth) this.cursor.tooDeep(i, this.maxDepth);
      e = this.row(buf, i, end, depth + 1, header);
    }
    if (e >= 0 && header) {
      for (const name of this.names) this.columns.addNamed(name);
      this.headerRead = true;
    }
    return e;
  }

  /** True until the header row has been read. */
  get expectsHeader(): boolean {
    return !this.headerRead;
  }

  private row(buf: Uint8Array, i: number, end: number, depth: number, header: boolean): number {
    const cursor = this.cursor;
    let j = cursor.ws(buf, i + 1);
    if (j >= end) return INCOMPLETE;
    if (buf[j] === 93) return j + 1;
    for (let position = 0; ; position++) {
      j = cursor.ws(buf, j);
      if (j >= end) return INCOMPLETE;
      const e = this.value(position, buf, j, end, depth, header);
      if (e < 0) return INCOMPLETE;
      j = cursor.ws(buf, e);
      if (j >= end) return INCOMPLETE;
      if (buf[j] === 93) return j + 1;
      if (buf[j] !== 44) cursor.unexpected(buf, j, end, "',' or ']'");
      j++;
    }
  }

  private column(position: number): number {
    while (this.columns.width <= position) this.columns.addNamed(String(this.columns.width));
    return position;
  }

  private value(position: number, buf: Uint8Array, i: number, end: number, depth: number, header: boolean): number {
    const cursor = this.cursor;
    const c = buf[i] as number;
    const text = this.text;
    text.length = 0;
    let e: number;
    if (c === 34) {
      if (!header) return this.cells.string(this.column(position), buf, i + 1, end);
      e = decodeString(buf, i + 1, end, cursor, text);
    } else if (c === 123 || c === 91) {
      e = skipValue(buf, i, end, depth, this.maxDepth, cursor);
      if (e < 0) return INCOMPLETE;
      appendMinified(text, buf, i, e);
      if (!header) {
        this.cells.text(this.column(position), text.view());
        return e;
      }
    } else if (c === 45 || (c >= 48 && c <= 57) || c === 116 || c === 102 || c === 110) {
      e = c === 116 || c === 102 || c === 110 ? matchLiteral(buf, i, end, cursor) : scanNumber(buf, i, end, cursor);
      if (e < 0) return INCOMPLETE;
      if (!header) {
        if (c === 110) this.cells.empty(this.column(position));
        else this.cells.literal(this.column(position), buf, i, e);
        return e;
      }
      if (c !== 110) text.append(buf, i, e);
    } else return cursor.unexpected(buf, i, end, 'a value');
    if (e < 0) return INCOMPLETE;
    this.names.push(decoder.decode(text.view()));
    return e;
  }
}
