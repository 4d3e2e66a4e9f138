/**
 * A worker thread of a conversion split across cores (see parallel-json-lines.ts and parallel-csv.ts): it
 * converts one piece of the input file, then writes its rows into the output file where the main thread says.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync, writeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { Notice } from '../../byte-source.js';
import { type CsvPieceReport, csvToJsonPiece } from '../../csv-to-json.js';
import { InputDecoder } from '../../json/input-encoding.js';
import { normalizeJsonToCsvOptions } from '../../options.js';
import type { Spool } from '../../spool.js';
import { paddedRows } from '../../table/csv-output.js';
import { JsonTable } from '../../table/json-table.js';
import { reorderedRows } from '../../table/reordered-rows.js';
import { createFileSpool } from '../file-spool.js';
import type { CsvPieceResult, JsonPieceResult, PieceMessage, PieceRange, PieceRequest } from './protocol.js';

const READ_CHUNK = 1 << 20;
/** Past the widest row: reorderedRows writes such a column empty. */
const MISSING_COLUMN = 0x7fffffff;

const port = parentPort;
if (port === null) throw new Error('piece-worker runs as a worker thread');

const post = (message: PieceMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** A piece's spooled rows, kept between its conversion and its write. */
let spooled: { spool: Spool; lengths: Uint8Array[]; widthLog: number[]; delimiter: string; eol: string } | null = null;

port.on('message', (request: PieceRequest) => {
  handle(request).then(
    (result) => post({ type: 'reply', ok: true, result }),
    (error: unknown) => {
      const { name, message, code } = error as { name?: string; message?: string; code?: string };
      post({ type: 'reply', ok: false, error: { name: name ?? 'Error', message: message ?? String(error), code } });
    },
  );
});

async function handle(request: PieceRequest): Promise<unknown> {
  switch (request.type) {
    case 'json2csv':
      return jsonPiece(request);
    case 'json2csv-write':
      return writeJsonPiece(request);
    case 'csv2json':
      return csvPiece(request);
    case 'csv2json-place':
      return placeCsvPiece(request);
  }
}

/** The piece's bytes, with progress reported as they are read. */
async function* pieceBytes(range: PieceRange): AsyncGenerator<Uint8Array> {
  if (range.end <= range.start) return;
  for await (const chunk of createReadStream(range.path, {
    start: range.start,
    end: range.end - 1,
    highWaterMark: READ_CHUNK,
  })) {
    post({ type: 'progress', bytes: (chunk as Buffer).length });
    yield chunk as Buffer;
  }
}

async function jsonPiece(request: Extract<PieceRequest, { type: 'json2csv' }>): Promise<JsonPieceResult> {
  const notices: Notice[] = [];
  const options = normalizeJsonToCsvOptions({ ...request.options, isUtf8, onNotice: (n) => notices.push(n) });
  const table = new JsonTable(options);
  // Only the first piece can start with a byte order mark.
  const decoder = request.first ? new InputDecoder() : null;
  const spool = await createFileSpool(request.spoolDirectory);
  const lengths: Uint8Array[] = [];
  spooled = { spool, lengths, widthLog: table.rows.widthLog, delimiter: options.delimiter, eol: eolOf(options.eol) };
  const feed = async (chunks: Uint8Array[]) => {
    for (const chunk of chunks) table.push(chunk);
    for (const out of table.take()) await spool.write(out);
    lengths.push(...table.rows.takeRowLengths());
  };
  for await (const chunk of pieceBytes(request.range)) await feed(decoder === null ? [chunk] : decoder.push(chunk));
  if (decoder !== null) await feed(decoder.end());
  table.finish();
  await feed([]);
  const guarded = table.guardedCells;
  return {
    headers: table.columns.headers,
    widthLog: table.rows.widthLog,
    segmentRows: rowsPerSegment(table.rows.widthLog, lengths),
    records: table.records,
    spoolBytes: spool.size,
    readsLines: table.readsLines,
    headersArePaths: table.headersArePaths,
    leftOut: table.leftOut !== null,
    encoding: decoder?.encoding ?? null,
    guarded: { count: guarded?.count ?? 0, examples: [...(guarded?.examples ?? [])] },
    notices,
  };
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

async function writeJsonPiece(request: Extract<PieceRequest, { type: 'json2csv-write' }>): Promise<number> {
  if (spooled === null) throw new Error('No piece was converted by this worker');
  const { spool, lengths, widthLog, delimiter, eol } = spooled;
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
    await spool.dispose();
    spooled = null;
  }
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

async function csvPiece(request: Extract<PieceRequest, { type: 'csv2json' }>): Promise<CsvPieceResult> {
  const notices: Notice[] = [];
  const report: CsvPieceReport = { headers: [], rowsAfterBlank: 0 };
  const prefix = request.prefix;
  const input = (async function* () {
    if (prefix !== null) yield prefix;
    yield* pieceBytes(request.range);
  })();
  const output = csvToJsonPiece(
    input,
    {
      ...request.options,
      isUtf8,
      // The first piece's dialect and typing decide whether the others start: they are sent at once.
      onNotice: (notice) => {
        notices.push(notice);
        if (notice.kind === 'dialect' || notice.kind === 'column-types') post({ type: 'notice', notice });
      },
    },
    report,
  );
  const outputBytes = await writeAt(request.outputPath, 0, output);
  return { headers: report.headers, rowsAfterBlank: report.rowsAfterBlank, outputBytes, notices };
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
