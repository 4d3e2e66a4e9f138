import type { CellTypingReport } from './csv/column-types.js';
import type { DialectReport } from './csv/dialect.js';
import type { RepeatedKeys } from './flatten/repeated-keys.js';
import type { NotedCellsReport } from './table/noted-cells.js';

/** Any producer of input bytes: a Node stream, a web ReadableStream iterator, an array of chunks. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Something the engine reports while it works, besides its output. */
export type Notice =
  | { kind: 'records-path'; path: string }
  /** The records are a map's members and a record has a field `key`: the map's keys went to this column instead. */
  | { kind: 'key-column'; name: string }
  /** Records that held a key more than once in one object: each keeps the key's last value. Sent at the end. */
  | { kind: 'duplicate-keys'; repeated: RepeatedKeys }
  | LeftOutNotice
  /** The input's encoding; `confidence` (0 to 1) when it was guessed from CSV bytes. */
  | { kind: 'encoding'; encoding: string; confidence?: number }
  | { kind: 'dialect'; dialect: DialectReport }
  | { kind: 'ragged-row'; line: number; record: number; expected: number; actual: number }
  | { kind: 'duplicate-header'; name: string; renamedTo: string }
  /** A quote that would have swallowed what follows was read as a literal character. */
  | { kind: 'stray-quote'; line: number; column: number }
  /** The header written again right after itself: the row is dropped. */
  | { kind: 'repeated-header'; line: number }
  /** A second table (the header again, or a new header after a blank line) ended the records: its rows are not read. */
  | { kind: 'second-table'; line: number; rows: number }
  /** A header and no records: the output is empty, these are the columns it would have had. */
  | { kind: 'no-records'; columns: string[] }
  /** How csv2json typed the cells, and each column's decision under per-column typing: sent before any record. */
  | ({ kind: 'column-types' } & CellTypingReport)
  | { kind: 'summary'; records: number; columns: number }
  /** What the formula guard (`excelSafe`) changed: sent once, before the summary, by json2csv with `excelSafe`. */
  | { kind: 'formula-guard'; cells: number; examples: { column: string; value: string }[] }
  /**
   * Strings holding a lone UTF-16 surrogate escape (`"\ud800"`), which UTF-8 cannot hold: written with U+FFFD
   * (�) in its place. Examples give the column and the string as written in the JSON.
   */
  | ({ kind: 'lone-surrogates' } & NotedCellsReport);

/**
 * The members of the wrapper objects around the records that the conversion did not convert (metadata, other
 * lists): the largest parts by name and size, their number and bytes in all, and the records' own bytes.
 */
export interface LeftOutNotice {
  kind: 'left-out';
  /** The largest parts, at most MAX_LEFT_OUT_PARTS, largest first. */
  parts: { path: string; bytes: number }[];
  /** Parts in all. */
  count: number;
  /** Bytes of every part. */
  bytes: number;
  /** Bytes of the records' array or map. */
  recordsBytes: number;
}

/** How many parts a left-out notice names. */
export const MAX_LEFT_OUT_PARTS = 20;

/** Callbacks shared by every streaming conversion. */
export interface ConversionHooks {
  /** Called with the running total of input bytes consumed. */
  onProgress?: (bytesRead: number) => void;
  /** Called with what the engine noticed (records path found, ragged rows, the final summary). */
  onNotice?: (notice: Notice) => void;
  /**
   * A fast whole-buffer UTF-8 check from the platform (pass Node's `isUtf8` from `node:buffer`). With it,
   * valid input skips the per-character check in the hot loops; without it the engine checks each character
   * itself. Either way invalid UTF-8 fails with INVALID_UTF8 at its position.
   */
  isUtf8?: (bytes: Uint8Array) => boolean;
}

/** Iterates a sync or async source as async. */
export async function* iterateBytes(source: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    if (chunk.length > 0) yield chunk;
  }
}

/** Joins chunks into one Uint8Array. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
