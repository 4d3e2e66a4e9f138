/**
 * How a CSV file is written: what separates cells, what quotes them, how a quote is escaped inside
 * quotes, and where the table starts. Each part is sniffed unless given.
 */
export interface CsvDialect {
  /**
   * Separates cells: one character, or a longer text such as `, ` or `::`. Spaces at the end of a longer
   * delimiter mean "and any spaces after it" (`, ` also splits `a,b` and `a,   b`).
   */
  delimiter: string;
  /** Opens and closes a quoted cell: `"` or `'`. */
  quote: string;
  /** Escapes the next character inside quotes (usually `\`); `null` when a quote is doubled instead. */
  escape: string | null;
  /** Rows before the header that are not part of the table (a title, notes, empty rows). */
  skipRows: number;
  /** Rows making up the header; several are stacked headers, joined per column with a space. */
  headerRows: number;
}

/** The dialect a conversion read with, how sure the sniffer was, and which parts were given by hand. */
export interface DialectReport extends CsvDialect {
  /** The input's encoding, as detected or given. */
  encoding: string;
  /** 0 to 1: how well the sniffed parts fit the sample (1 when everything was given). */
  confidence: number;
  /** The parts of the dialect that were given rather than sniffed. */
  given: DialectPart[];
}

export type DialectPart = keyof CsvDialect | 'encoding';

/** The dialect of RFC 4180 with the given single-byte delimiter. */
export function isStandardDialect(dialect: CsvDialect): boolean {
  return dialect.delimiter.length === 1 && dialect.quote === '"' && dialect.escape === null;
}

/** The delimiter's text without its trailing spaces (those mean "skip spaces after it"), and whether it had any. */
export function delimiterCore(delimiter: string): { core: string; skipSpaces: boolean } {
  const core = delimiter.replace(/ +$/, '');
  if (core.length === 0) return { core: ' ', skipSpaces: delimiter.length > 1 };
  return { core, skipSpaces: core.length < delimiter.length };
}
