/**
 * The work on one piece of a conversion split across cores (see parallel-json.ts and parallel-csv.ts):
 * convert the piece, then write its rows into the output file where the main thread says. It runs in a worker
 * thread (piece-worker.ts), and the first piece on the main thread, which can start before any worker is up.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync, writeSync } from 'node:fs';
import type { Notice } from '../../byte-source.js';
import { type CsvPieceReport, csvToJsonPiece } from '../../csv-to-json.js';
import { InputDecoder } from '../../json/input-encoding.js';
import { normalizeJsonToCsvOptions } from '../../options.js';
import type { Spool } from '../../spool.js';
import { paddedRows } from '../../table/csv-output.js';
import { JsonTable } from '../../table/json-table.js';
import { reorderedRows } from '../../table/reordered-rows.js';
import { createFileSpool } from '../file-spool.js';
import type { CsvPieceResult, JsonPieceResult, PieceRange, PieceRequest } from './protocol.js';

const READ_CHUNK = 1 << 20;
/** How much is read at a time while a record cut by a piece's end is read on. */
const LINE_SEARCH_BYTES = 1 << 16;
/** Past the widest row: reorderedRows writes such a column empty. */
const MISSING_COLUMN = 0x7fffffff;

/** What a piece tells the main thread while it works. */
export interface PieceReports {
  /** Input bytes read since the last report. */
  progress(bytes: number): void;
  /** A notice the main thread needs before the piece ends (the first CSV piece's dialect and typing). */
  notice(notice: Notice): void;
}

/** A json2csv piece's spooled rows, kept between its conversion and its write. */
interface SpooledRows {
  spool: Spool;
  lengths: Uint8Array[];
  widthLog: number[];
  delimiter: string;
  eol: string;
}

/** One piece's work: its conversion, then the write of its rows (json2csv) or the placing of its part (csv2json). */
export class PieceWork {
  private spooled: SpooledRows | null = null;
  /** Set by `stop`: the piece reads no further and fails. */
  private stopped = false;

  constructor(private readonly reports: PieceReports) {}

  handle(request: PieceRequest): Promise<unknown> {
    switch (request.type) {
      case 'json2csv':
        return this.jsonPiece(request);
      case 'json2csv-write':
        return this.writeJsonPiece(request);
      case 'csv2json':
        return this.csvPiece(request);
      case 'csv2json-place':
        return placeCsvPiece(request);
    }
  }

  /** Makes the request running fail at its next chunk of input (a worker thread is simply ended instead). */
  stop(): void {
    this.stopped = true;
  }

  /** Frees what the piece holds (its spool), when its write never comes. */
  async dispose(): Promise<void> {
    const spooled = this.spooled;
    this.spooled = null;
    await spooled?.spool.dispose();
  }

  /** The piece's bytes, with progress reported as they are read. */
  private async *pieceBytes(range: PieceRange): AsyncGenerator<Uint8Array> {
    if (range.end <= range.start) return;
    const stream = createReadStream(range.path, { start: range.start, end: range.end - 1, highWaterMark: READ_CHUNK });
    for await (const chunk of stream) {
      if (this.stopped) {
        stream.destroy();
        throw new Error('The piece was stopped');
      }
      this.reports.progress((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  }

  private async jsonPiece(request: Extract<PieceRequest, { type: 'json2csv' }>): Promise<JsonPieceResult> {
    const notices: Notice[] = [];
    const options = normalizeJsonToCsvOptions({ ...request.options, isUtf8, onNotice: (n) => notices.push(n) });
    const table = new JsonTable(options);
    table.columns.seed(request.seed);
    // Only the first piece can start with a byte order mark.
    const decoder = request.first ? new InputDecoder() : null;
    const spool = await createFileSpool(request.spoolDirectory);
    const lengths: Uint8Array[] = [];
    const widthLog = table.rows.widthLog;
    this.spooled = { spool, lengths, widthLog, delimiter: options.delimiter, eol: eolOf(options.eol) };
    const feed = async (chunks: Uint8Array[]) => {
      for (const chunk of chunks) table.push(chunk);
      for (const out of table.take()) await spool.write(out);
      lengths.push(...table.rows.takeRowLengths());
    };
    const take = (chunk: Uint8Array) => feed(decoder === null ? [chunk] : decoder.push(chunk));
    if (request.prefix !== null) await take(request.prefix);
    for await (const chunk of this.pieceBytes(request.range)) await take(chunk);
    if (request.suffix !== null) await take(request.suffix);
    if (decoder !== null) await feed(decoder.end());
    table.finish();
    await feed([]);
    const guarded = table.guardedCells;
    return {
      headers: table.columns.headers,
      widthLog,
      segmentRows: rowsPerSegment(widthLog, lengths),
      records: table.records,
      spoolBytes: spool.size,
      readsLines: table.readsLines,
      readsArray: table.readsArray,
      headersArePaths: table.headersArePaths,
      leftOut: table.leftOut !== null,
      encoding: decoder?.encoding ?? null,
      guarded: { count: guarded?.count ?? 0, examples: [...(guarded?.examples ?? [])] },
      notices,
    };
  }

  private async writeJsonPiece(request: Extract<PieceRequest, { type: 'json2csv-write' }>): Promise<number> {
    if (this.spooled === null) throw new Error('No piece was converted here');
    const { spool, lengths, widthLog, delimiter, eol } = this.spooled;
    const lengthBatches = (async function* () {
      yield* lengths;
    })();
    const encoder = new TextEncoder();
    const rows =
      request.order === null
        ? paddedRows(spool.read(), lengthBatches, { width: request.width, widthLog, delimiter, eol })
        : reorderedRows(spool.read(), lengthBatches, {
            order: request.order.map((col) => (col < 0 ? MISSING_COLUMN : col)),
            delimiter: encoder.encode(delimiter),
            eol: encoder.encode(eol),
          });
    try {
      return await writeAt(request.outputPath, request.offset, rows);
    } finally {
      await this.dispose();
    }
  }

  private async csvPiece(request: Extract<PieceRequest, { type: 'csv2json' }>): Promise<CsvPieceResult> {
    const notices: Notice[] = [];
    const report: CsvPieceReport = { headers: [], rowsAfterBlank: 0, betweenRecords: () => true };
    const { prefix, range, readOn } = request;
    let end = range.end;
    const bytes = this.pieceBytes(range);
    const input = (async function* () {
      if (prefix !== null) yield prefix;
      yield* bytes;
      if (!readOn) return;
      // A record cut by the range's end (a line break inside quotes) is read to its end, a line at a time.
      for (const line of linesFrom(range.path, end)) {
        if (report.betweenRecords()) return;
        end += line.length;
        yield line;
      }
    })();
    const onNotice = (notice: Notice) => {
      notices.push(notice);
      // The first piece's dialect and typing decide whether the others start: they are sent at once.
      if (notice.kind === 'dialect' || notice.kind === 'column-types') this.reports.notice(notice);
    };
    const output = csvToJsonPiece(input, { ...request.options, isUtf8, onNotice }, report);
    const outputBytes = await writeAt(request.outputPath, 0, output);
    return { end, headers: report.headers, rowsAfterBlank: report.rowsAfterBlank, outputBytes, notices };
  }
}

/** The file's lines from `start` on, each with its line feed (the last one may have none). */
function* linesFrom(path: string, start: number): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(LINE_SEARCH_BYTES);
    for (let at = start; ; ) {
      const read = readSync(fd, buffer, 0, LINE_SEARCH_BYTES, at);
      if (read === 0) return;
      const newline = buffer.subarray(0, read).indexOf(0x0a);
      const length = newline < 0 ? read : newline + 1;
      yield buffer.slice(0, length);
      at += length;
    }
  } finally {
    closeSync(fd);
  }
}

function eolOf(eol: 'lf' | 'crlf'): string {
  return eol === 'crlf' ? '\r\n' : '\n';
}

/** How many rows each segment of the width log holds, from the rows' lengths. */
function rowsPerSegment(widthLog: readonly number[], lengths: readonly Uint8Array[]): number[] {
  const counts = new Array<number>(widthLog.length / 2).fill(0);
  let segment = 0;
  let nextStart = widthLog[2] ?? Number.POSITIVE_INFINITY;
  let offset = 0;
  for (const batch of lengths) {
    const rows = new Uint32Array(batch.buffer, batch.byteOffset, batch.length / 4);
    for (let k = 0; k < rows.length; k++) {
      while (offset >= nextStart) {
        segment++;
        nextStart = widthLog[segment * 2 + 2] ?? Number.POSITIVE_INFINITY;
      }
      counts[segment] = (counts[segment] ?? 0) + 1;
      offset += rows[k] as number;
    }
  }
  return counts;
}

/** Writes `chunks` into the file at `offset`; answers the bytes written. */
async function writeAt(path: string, offset: number, chunks: AsyncIterable<Uint8Array>): Promise<number> {
  const fd = openSync(path, 'r+');
  let position = offset;
  try {
    for await (const chunk of chunks) {
      let done = 0;
      while (done < chunk.length) done += writeSync(fd, chunk, done, chunk.length - done, position + done);
      position += chunk.length;
    }
  } finally {
    closeSync(fd);
  }
  return position - offset;
}

/** Copies bytes [from, to) of the part file into the output at `offset`, after `lead`. */
async function placeCsvPiece(request: Extract<PieceRequest, { type: 'csv2json-place' }>): Promise<number> {
  const { partPath, from, to, lead } = request;
  const chunks = (async function* () {
    yield lead;
    const fd = openSync(partPath, 'r');
    try {
      const buffer = Buffer.allocUnsafe(READ_CHUNK);
      for (let at = from; at < to; ) {
        const read = readSync(fd, buffer, 0, Math.min(READ_CHUNK, to - at), at);
        if (read === 0) throw new Error('The part file is shorter than its conversion wrote');
        yield buffer.subarray(0, read);
        at += read;
      }
    } finally {
      closeSync(fd);
    }
  })();
  return writeAt(request.outputPath, request.offset, chunks);
}
