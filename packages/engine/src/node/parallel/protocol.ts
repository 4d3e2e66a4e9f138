import type { Notice } from '../../byte-source.js';
import type { CsvToJsonOptions, JsonToCsvOptions } from '../../options.js';

/** The options of a conversion that can cross to a worker thread: data only, no callbacks, spools or plans. */
export type PieceJsonToCsvOptions = Omit<
  JsonToCsvOptions,
  'onProgress' | 'onNotice' | 'isUtf8' | 'spool' | 'plan' | 'analysis'
>;
export type PieceCsvToJsonOptions = Omit<CsvToJsonOptions, 'onProgress' | 'onNotice' | 'isUtf8' | 'spool' | 'plan'>;

/** A part of the input file: bytes [start, end), after `prefix` (the CSV header rows) when there is one. */
export interface PieceRange {
  path: string;
  start: number;
  end: number;
}

/** What the main thread asks a piece's worker. Each worker converts one piece, then writes or places it. */
export type PieceRequest =
  | {
      type: 'json2csv';
      range: PieceRange;
      first: boolean;
      /** Bytes read before and after the range: the `[` and `]` that make a part of an array an array. */
      prefix: Uint8Array | null;
      suffix: Uint8Array | null;
      /** The columns of the file's start, added first, so that the piece's columns come in the file's order. */
      seed: string[];
      options: PieceJsonToCsvOptions;
      spoolDirectory: string;
    }
  | {
      type: 'json2csv-write';
      /** `order[k]`: the piece's column at output position k, -1 where the piece has none; null: as spooled. */
      order: number[] | null;
      width: number;
      outputPath: string;
      offset: number;
    }
  | {
      type: 'csv2json';
      range: PieceRange;
      prefix: Uint8Array | null;
      /** Read on past the range's end, line by line, while the last record read is not whole (not the last piece). */
      readOn: boolean;
      options: PieceCsvToJsonOptions;
      /** Where the output goes: the output file itself (the first piece, from offset 0), or a part file. */
      outputPath: string;
    }
  | {
      type: 'csv2json-place';
      partPath: string;
      /** Bytes [from, to) of the part go to `offset` in the output, after `lead`. */
      from: number;
      to: number;
      lead: Uint8Array;
      outputPath: string;
      offset: number;
    };

/** One json2csv piece, converted and spooled, waiting for the header of all the pieces. */
export interface JsonPieceResult {
  headers: string[];
  /** Pairs (spool offset, width), as RowBuffer.widthLog. */
  widthLog: number[];
  /** Rows written in each segment of the width log. */
  segmentRows: number[];
  records: number;
  spoolBytes: number;
  readsLines: boolean;
  readsArray: boolean;
  headersArePaths: boolean;
  leftOut: boolean;
  /** The input's encoding (the first piece only; null for the others). */
  encoding: string | null;
  guarded: { count: number; examples: { col: number; value: string }[] };
  notices: Notice[];
}

/** One csv2json piece, converted to its output file. */
export interface CsvPieceResult {
  /** Where the piece's reading stopped: its range's end, or past it where a record cut there ends. */
  end: number;
  headers: string[];
  rowsAfterBlank: number;
  outputBytes: number;
  notices: Notice[];
}

/** What a worker posts back: a reply to its request, or progress (input bytes read since the last report). */
export type PieceMessage =
  | { type: 'reply'; ok: true; result: unknown }
  | { type: 'reply'; ok: false; error: { name: string; message: string; code?: string } }
  | { type: 'progress'; bytes: number }
  | { type: 'notice'; notice: Notice };
