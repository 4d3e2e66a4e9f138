import { ConversionError, type InputPosition } from '../errors.js';

/**
 * Excel's sheet limits. Excel refuses a file past them, or cuts it without a word, so the conversion fails
 * instead, with a ConversionError naming the record where it is known.
 */

/** Columns per sheet. */
export const XLSX_MAX_COLUMNS = 16_384;
/** Rows per sheet, the header row included. */
export const XLSX_MAX_ROWS = 1_048_576;
/** Characters per cell, counted as Excel does: UTF-16 code units (an emoji is 2). */
export const XLSX_MAX_CELL_CHARS = 32_767;

/** The TOO_MANY_ROWS error, at the record that would be the first row past the limit when it is known. */
export function tooManyRows(position: InputPosition = {}): ConversionError {
  return new ConversionError(
    'TOO_MANY_ROWS',
    `More rows than an Excel sheet holds (${XLSX_MAX_ROWS}, the header included)`,
    position,
  );
}

/** Fails with CELL_TOO_LONG when the UTF-8 text of `cell` (e.g. `A cell`, `The header of column B`) is too long. */
export function checkCellLength(bytes: Uint8Array, cell: string, position: InputPosition = {}): void {
  // UTF-8 never takes fewer bytes than UTF-16 code units: most text needs no count.
  if (bytes.length <= XLSX_MAX_CELL_CHARS) return;
  const chars = utf16Length(bytes);
  if (chars <= XLSX_MAX_CELL_CHARS) return;
  throw new ConversionError(
    'CELL_TOO_LONG',
    `${cell} has ${chars} characters, more than an Excel cell holds (${XLSX_MAX_CELL_CHARS})`,
    position,
  );
}

/** UTF-16 code units of valid UTF-8: one per sequence, two for a 4-byte one. */
function utf16Length(bytes: Uint8Array): number {
  let units = 0;
  for (let k = 0; k < bytes.length; k++) {
    const c = bytes[k] as number;
    if ((c & 0xc0) !== 0x80) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}
