/** Writes the cells of one output format into the row buffer; one method per kind of JSON value. */
export interface CellWriter {
  /**
   * Set when an analysis observes the leaves: `string` then also counts the characters (code points, as
   * decoded; a lone surrogate escape is one) of the string it wrote into `characters`.
   */
  countsCharacters: boolean;
  /** The characters of the last string written, while `countsCharacters` is set. */
  readonly characters: number;
  /** The JSON string whose content starts at `i` (after its quote); returns the index after it, or INCOMPLETE. */
  string(col: number, buf: Uint8Array, i: number, end: number): number;
  /** A number, `true` or `false`, copied exactly as written. */
  literal(col: number, buf: Uint8Array, start: number, end: number): void;
  /** `null`: an empty cell. */
  empty(col: number): void;
  /** An empty container, written `[]` or `{}` so that it reads back as itself. */
  container(col: number, text: Uint8Array): void;
  /** Decoded text (joined values, JSON text of an array), written as a string cell. */
  text(col: number, bytes: Uint8Array): void;
  /**
   * The cell just written at `col` (by `text`) held a lone surrogate escape, written as U+FFFD: counted, with the
   * JSON string `buf[start, end)` (its content, escapes as written) as its example.
   */
  noteLoneSurrogate(col: number, buf: Uint8Array, start: number, end: number): void;
  /** The record's row was written: the cells it changed count (guarded, lone surrogates replaced). */
  commitRecord(): void;
  /** The record will be read again from its start: the cells it changed are forgotten. */
  abortRecord(): void;
}
