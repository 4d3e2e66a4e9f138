/**
 * Bits the parser records for each cell, so that writers take a slow path only when a cell needs one.
 * A cell's range is its content: without the surrounding quotes for a quoted cell.
 */

/** The cell started with a quote. */
export const CELL_QUOTED = 1;
/** Quoted cell holding doubled quotes (`""`) that stand for one `"`. */
export const CELL_DOUBLED = 2;
/**
 * Quoted cell with more text after its closing quote (`"a"b`): the range then runs through the
 * closing quote and that text, which is kept literally.
 */
export const CELL_TRAILING = 4;
/** Holds a byte that JSON must escape: a control character, a backslash or a literal quote. */
export const CELL_ESCAPE = 16;
/** Holds a byte >= 0x80, so it must be checked as UTF-8. */
export const CELL_HIGH = 32;
/** Flags whose cells cannot be copied byte for byte into a JSON string. */
export const CELL_NEEDS_REWRITE = CELL_DOUBLED | CELL_TRAILING | CELL_ESCAPE;
