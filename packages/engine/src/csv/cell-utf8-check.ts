import { ConversionError } from '../errors.js';
import { findInvalidUtf8 } from '../utf8/utf8-sequence.js';
import type { Utf8Trust } from '../utf8/utf8-trust.js';
import { CELL_HIGH, CELL_QUOTED } from './cell-flags.js';
import type { CsvParser } from './csv-parser.js';

/**
 * Checks the UTF-8 of cells holding bytes >= 0x80 when the whole input is not already known to be
 * valid, and fails at the first bad byte with its line, column and record.
 */
export class CellUtf8Check {
  constructor(
    private readonly parser: CsvParser,
    private readonly trust: Utf8Trust,
    /** The 1-based number of the record being written. */
    private readonly currentRecord: () => number,
  ) {}

  /** Throws INVALID_UTF8 when the cell in [start, end) of `data` is not valid UTF-8. */
  check(data: Uint8Array, start: number, end: number, flags: number): void {
    if ((flags & CELL_HIGH) === 0 || this.trust.trusted) return;
    const bad = findInvalidUtf8(data, start, end);
    if (bad < 0) return;
    const position = this.parser.locate(data, bad);
    throw new ConversionError(
      'INVALID_UTF8',
      `Invalid UTF-8 byte 0x${(data[bad] ?? 0).toString(16).padStart(2, '0')}${(flags & CELL_QUOTED) !== 0 ? ' in a quoted field' : ''}; the start of the file read as UTF-8: give its encoding if it has another`,
      { ...position, record: this.currentRecord() },
    );
  }
}
