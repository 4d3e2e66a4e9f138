/** Machine-readable reasons a conversion can fail. */
export type ConversionErrorCode =
  | 'INVALID_OPTION'
  | 'EMPTY_INPUT'
  | 'INVALID_UTF8'
  | 'UNSUPPORTED_ENCODING'
  | 'JSON_SYNTAX'
  | 'JSON_TRUNCATED'
  | 'JSON_TOO_DEEP'
  | 'JSON_NOT_RECORDS'
  | 'RECORDS_PATH_NOT_FOUND'
  | 'CSV_UNCLOSED_QUOTE'
  | 'CSV_FIELD_TOO_LARGE'
  | 'CSV_INVALID_QUOTE'
  | 'TOO_MANY_COLUMNS'
  | 'TOO_MANY_ROWS'
  | 'CELL_TOO_LONG'
  | 'RELATIONAL_ZIP_INVALID'
  | 'RELATIONAL_ZIP_TOO_LARGE'
  | 'RELATIONAL_ZIP_INFLATES_TOO_LARGE'
  | 'RELATIONAL_ZIP_RATIO_TOO_HIGH';

/** Where in the input an error was found. Lines and columns count from 1, offsets and records from 0 and 1. */
export interface InputPosition {
  /** 1-based line number in the input. */
  line?: number;
  /** 1-based column (in bytes) within the line. */
  column?: number;
  /** 1-based record (row or JSON record) number. */
  record?: number;
  /** 0-based byte offset from the start of the input. */
  offset?: number;
}

/** The one error type the engine throws; it never prints or exits. */
export class ConversionError extends Error implements InputPosition {
  readonly code: ConversionErrorCode;
  readonly line?: number;
  readonly column?: number;
  readonly record?: number;
  readonly offset?: number;

  constructor(code: ConversionErrorCode, message: string, position: InputPosition = {}) {
    super(message);
    this.name = 'ConversionError';
    this.code = code;
    if (position.line !== undefined) this.line = position.line;
    if (position.column !== undefined) this.column = position.column;
    if (position.record !== undefined) this.record = position.record;
    if (position.offset !== undefined) this.offset = position.offset;
  }

  /** The message followed by its position, on one line, e.g. `Unexpected ']' (line 3, column 7, record 2)`. */
  describe(): string {
    const parts: string[] = [];
    if (this.line !== undefined) parts.push(`line ${this.line}`);
    if (this.column !== undefined) parts.push(`column ${this.column}`);
    if (this.record !== undefined) parts.push(`record ${this.record}`);
    if (parts.length === 0 && this.offset !== undefined) parts.push(`byte ${this.offset}`);
    return parts.length > 0 ? `${this.message} (${parts.join(', ')})` : this.message;
  }
}
