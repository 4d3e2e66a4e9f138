import { isUtf8 } from 'node:buffer';
import { closeSync, ftruncateSync, openSync, statSync, writeSync } from 'node:fs';
import type { ConversionHooks } from '../../byte-source.js';
import { type FormulaGuardReport, guardHeaders } from '../../formula-guard.js';
import { InputDecoder } from '../../json/input-encoding.js';
import { normalizeJsonToCsvOptions } from '../../options.js';
import { groupedColumnOrder } from '../../table/column-order.js';
import { encodeHeaderCell } from '../../table/csv-output.js';
import { JsonTable } from '../../table/json-table.js';
import { addNotedCells, NotedCells } from '../../table/noted-cells.js';
import { LocalPiece, type PieceRunner, PieceThread } from './piece-thread.js';
import type { JsonPieceResult, PieceJsonToCsvOptions, PieceRange } from './protocol.js';
import {
  FIRST_PIECE_WEIGHT,
  fileHead,
  type ParallelOutcome,
  type ParallelSettings,
  pieceFailure,
  progressCounter,
  resolvedSettings,
} from './settings.js';
import { arrayElementCut, firstArrayKey, lastArrayCut, lineCut, splitPoints } from './split-points.js';

const encoder = new TextEncoder();
/** What makes a part of an array an array of its own. */
const ARRAY_START = encoder.encode('[');
const ARRAY_END = encoder.encode(']');
/** How much of the file's start is read to choose how to cut it (its first line, its first columns). */
const HEAD_BYTES = 1 << 20;

/**
 * `jsonToCsv` of a JSON Lines file or a JSON array of objects on several cores, writing `outputPath` (which must
 * exist; it is rewritten from its start). JSON Lines is cut after line feeds, an array between two of its objects
 * (at the comma of `}`, `{`), into one piece per thread; each thread converts its piece as a document of its own
 * (a part of an array between a `[` and a `]` added around it) and spools its rows. The cuts are proven, not
 * assumed: the first piece starts the file, and a piece is kept only when it reads to its last byte as JSON Lines
 * records (an array's part: as an array of records, closed by the one `]` added), so the next piece starts a
 * record. A cut inside a value spread over lines, inside a string or inside a nested array leaves the piece before
 * it with a value never closed, and it fails. The header is the union of the pieces' columns in piece order,
 * which is the columns' first-seen order in the whole file; then each thread writes its rows at their place in the
 * output, padded (or reordered) to that header. The bytes are those of `jsonToCsv` on the whole file, notices
 * included (sent only once the output is whole).
 *
 * Answers why not when the input or the options are not for pieces (a document that is neither JSON Lines nor an
 * array, XLSX, a records path, another encoding than UTF-8, a failed piece: the whole file then reports the error).
 */
export async function jsonToCsvInParallel(
  inputPath: string,
  outputPath: string,
  options: PieceJsonToCsvOptions,
  hooks: Pick<ConversionHooks, 'onProgress' | 'onNotice'> = {},
  settings: ParallelSettings = {},
): Promise<ParallelOutcome> {
  const { threads, minPieceBytes, directory } = resolvedSettings(settings);
  const normalized = normalizeJsonToCsvOptions(options);
  if (normalized.format === 'xlsx') return { parallel: false, reason: 'XLSX output is written by one thread' };
  if (normalized.recordsPath !== undefined) return { parallel: false, reason: 'a records path is read by one thread' };
  // The file's first megabyte, read once: its encoding, its shape, where an array may be cut, its first columns.
  const head = fileHead(inputPath, HEAD_BYTES);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return { parallel: false, reason: 'only UTF-8 input is split' };
  }
  const first = firstValueByte(head);
  const array = first === 0x5b;
  if (!array && !(first === 0x7b && firstLineIsObject(head))) {
    return { parallel: false, reason: 'only JSON Lines or an array of objects is split' };
  }
  const size = statSync(inputPath).size;
  const cuts = splitPoints(
    inputPath,
    size,
    threads,
    minPieceBytes,
    FIRST_PIECE_WEIGHT,
    array ? arrayElementCut(firstArrayKey(head)) : lineCut(),
  );
  if (cuts.length === 0) return { parallel: false, reason: 'the file is too small or has nowhere to cut' };
  // Piece k runs from the end of cut k - 1 (the file's start for the first) to the start of cut k (its end).
  const ranges: PieceRange[] = [0, ...cuts.map((cut) => cut.start)].map((start, k) => ({
    path: inputPath,
    start,
    end: cuts[k]?.end ?? size,
  }));
  const seed = startColumns(head, array, options);
  const onProgress = progressCounter(size, hooks.onProgress);
  // The first piece on this thread, the others each on a worker thread.
  const pieces: PieceRunner[] = ranges.map((_, k) =>
    k === 0 ? new LocalPiece(onProgress) : new PieceThread(onProgress),
  );
  try {
    let results: JsonPieceResult[];
    try {
      results = await Promise.all(
        pieces.map((piece, k) =>
          piece.ask<JsonPieceResult>({
            type: 'json2csv',
            range: ranges[k] as PieceRange,
            first: k === 0,
            prefix: array && k > 0 ? ARRAY_START : null,
            suffix: array && k < ranges.length - 1 ? ARRAY_END : null,
            seed: k > 0 ? seed : [],
            options,
            spoolDirectory: directory,
          }),
        ),
      );
    } catch (error) {
      return { parallel: false, reason: pieceFailure(error) };
    }
    const refusal = refusalOf(results, array);
    if (refusal !== null) return { parallel: false, reason: refusal };
    const headers = unionOf(results);
    if (headers === null) return { parallel: false, reason: 'a piece has two columns of one name' };
    const width = headers.length;
    const order = normalized.groupArrayColumns && width > 0 ? groupedColumnOrder(headers, normalized.separator) : null;
    const guard: FormulaGuardReport = { cells: 0, examples: [] };
    for (const result of results) addNotedCells(guard, guardedOf(result), result.headers);
    const written = guardHeaders(headers, normalized.excelSafe, guard);
    const eol = normalized.eol === 'crlf' ? '\r\n' : '\n';
    const names = order === null ? written : order.map((col) => written[col] as string);
    const headerLine = encoder.encode(
      `${normalized.bom ? '\ufeff' : ''}${names.map((name) => encodeHeaderCell(name, normalized.delimiter)).join(normalized.delimiter)}${eol}`,
    );
    const delimiterBytes = encoder.encode(normalized.delimiter).length;
    const fd = openSync(outputPath, 'r+');
    try {
      ftruncateSync(fd, 0);
      if (width > 0) writeSync(fd, headerLine, 0, headerLine.length, 0);
    } finally {
      closeSync(fd);
    }
    if (width > 0) {
      let offset = headerLine.length;
      const writes = results.map((result, k) => {
        const size = paddedSize(result, width, delimiterBytes);
        const at = offset;
        offset += size;
        return (pieces[k] as PieceRunner)
          .ask<number>({
            type: 'json2csv-write',
            order: pieceOrder(result.headers, headers, order),
            width,
            outputPath,
            offset: at,
          })
          .then((bytes) => {
            if (bytes !== size) throw new Error(`A piece wrote ${bytes} bytes where ${size} were planned`);
          });
      });
      await Promise.all(writes);
    }
    if (normalized.excelSafe) hooks.onNotice?.({ kind: 'formula-guard', ...guard });
    const records = results.reduce((sum, result) => sum + result.records, 0);
    hooks.onNotice?.({ kind: 'summary', records, columns: width });
    return { parallel: true, pieces: pieces.length };
  } finally {
    await Promise.all(pieces.map((piece) => piece.stop()));
  }
}

/**
 * The columns of the records in the file's first megabyte, in their order, for the other pieces to start with: a
 * piece whose first records have their keys in another order (three items where the file's first record has two)
 * would otherwise have its columns in another order than the file's, and its rows would all be rewritten at the
 * end instead of only padded. A guess that only saves time: each piece's columns are checked against the file's.
 */
function startColumns(head: Uint8Array, array: boolean, options: PieceJsonToCsvOptions): string[] {
  const cut = array ? (lastArrayCut(head, firstArrayKey(head))?.end ?? -1) : head.lastIndexOf(0x0a) + 1;
  if (cut <= 0) return [];
  const table = new JsonTable(normalizeJsonToCsvOptions({ ...options, isUtf8 }));
  const decoder = new InputDecoder();
  for (const chunk of [...decoder.push(head.subarray(0, cut)), ...decoder.end()]) table.push(chunk);
  if (array) table.push(ARRAY_END);
  try {
    table.finish();
  } catch {
    return [];
  }
  return table.headersArePaths ? table.columns.headers : [];
}

/**
 * Whether the file's first line (within its first megabyte) ends with `}`: JSON Lines of objects, not a document
 * spread over lines (whose records a wrapper holds). A guess for a better reason only: the pieces prove the rest.
 */
function firstLineIsObject(head: Uint8Array): boolean {
  let end = head.indexOf(0x0a);
  if (end < 0) return false;
  while (end > 0 && (head[end - 1] === 0x20 || head[end - 1] === 0x0d || head[end - 1] === 0x09)) end--;
  return head[end - 1] === 0x7d;
}

/** The first byte of the first value (after a UTF-8 byte order mark and white space), or -1. */
function firstValueByte(head: Uint8Array): number {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
  return i < head.length ? (head[i] as number) : -1;
}

/** Why the pieces cannot be joined into the whole file's output, or null when they can. */
function refusalOf(results: readonly JsonPieceResult[], array: boolean): string | null {
  if (results[0]?.encoding !== 'utf-8') return 'only UTF-8 input is split';
  for (const result of results) {
    if (array ? !result.readsArray : !result.readsLines) {
      return array ? 'a piece did not read as a part of the array' : 'a piece did not read as JSON Lines';
    }
    if (!result.headersArePaths) return 'only records that are objects are split';
    if (result.leftOut) return 'a piece read differently from the whole file';
    // A key held twice or a lone surrogate is said of the whole file's records, which one thread reads in order.
    const said = result.notices[0];
    if (said !== undefined) return `a piece noticed ${said.kind}, which is reported from the whole file`;
  }
  return null;
}

/** The columns of every piece in piece order (each piece's in its first-seen order), or null on a repeated name. */
function unionOf(results: readonly JsonPieceResult[]): string[] | null {
  const seen = new Set<string>();
  const headers: string[] = [];
  for (const result of results) {
    if (new Set(result.headers).size !== result.headers.length) return null;
    for (const header of result.headers) {
      if (seen.has(header)) continue;
      seen.add(header);
      headers.push(header);
    }
  }
  return headers;
}

function guardedOf(result: JsonPieceResult): NotedCells {
  const cells = new NotedCells();
  cells.count = result.guarded.count;
  cells.examples.push(...result.guarded.examples);
  return cells;
}

/** The piece's rows once every row is `width` cells wide: each narrower row gains its missing delimiters. */
function paddedSize(result: JsonPieceResult, width: number, delimiterBytes: number): number {
  let size = result.spoolBytes;
  result.segmentRows.forEach((rows, segment) => {
    const rowWidth = result.widthLog[segment * 2 + 1] ?? width;
    size += rows * (width - Math.max(rowWidth, 1)) * delimiterBytes;
  });
  return size;
}

/**
 * The piece's column at each output position (-1: the piece has none), or null when the piece's columns are
 * the first ones of the output in the same order, so that its rows only need padding.
 */
function pieceOrder(
  pieceHeaders: readonly string[],
  headers: readonly string[],
  order: number[] | null,
): number[] | null {
  if (order === null && pieceHeaders.every((header, col) => headers[col] === header)) return null;
  const local = new Map(pieceHeaders.map((header, col) => [header, col]));
  return (order ?? headers.map((_, col) => col)).map((col) => local.get(headers[col] as string) ?? -1);
}
