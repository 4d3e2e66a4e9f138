import { closeSync, ftruncateSync, openSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversionHooks, Notice } from '../../byte-source.js';
import type { CellTypingReport } from '../../csv/column-types.js';
import { type DialectReport, isStandardDialect } from '../../csv/dialect.js';
import { normalizeCsvToJsonOptions } from '../../options.js';
import { LocalPiece, type PieceRunner, PieceThread } from './piece-thread.js';
import type { CsvPieceResult, PieceCsvToJsonOptions } from './protocol.js';
import { firstRowWidth, likelyDelimiter, looksLikeRecordStart } from './record-start-probe.js';
import {
  FIRST_PIECE_WEIGHT,
  fileHead,
  type ParallelOutcome,
  type ParallelSettings,
  pieceFailure,
  progressCounter,
  resolvedSettings,
} from './settings.js';
import { lineCut, splitPoints } from './split-points.js';

const encoder = new TextEncoder();
/** How much of the file's start holds the rows before the records (preamble and header) at most. */
const PREFIX_SEARCH_BYTES = 1 << 20;
/** What ends the JSON array of a piece: taken off every piece but the last. */
const ARRAY_END = 3;
/** Notices every piece sends alike, or that only the first piece's say: the others' are not compared. */
const ALIKE = new Set<Notice['kind']>(['dialect', 'column-types', 'duplicate-header', 'encoding', 'summary']);

/**
 * `csvToJson` of a CSV file on several cores, writing `outputPath` (which must exist; it is rewritten from its
 * start). The file is cut at line starts into one piece per thread. The first piece is converted as the file's
 * start (it sniffs the dialect and decides the typing, as the whole file would from the same first megabyte);
 * the others are converted with that dialect and typing given, each after a copy of the file's header rows.
 * The cuts are proven, not assumed: a cut inside a quoted cell leaves the piece before it inside quotes at its
 * end; it reads on, a line at a time, to the end of that record, and the next piece, which started elsewhere, is
 * converted again from there. Cuts are placed where a record likely starts, so that this is rare. The conversion
 * is left to one thread for any piece with a stray quote, a ragged row, a repeated header, a second table, a
 * blank line followed by a row (whether it starts a second table depends on the first record), another header
 * than the first piece's, or no record.
 * The first piece writes straight into the output; each other piece's records then follow from its part file.
 * The bytes are those of `csvToJson` on the whole file, notices included (sent only once the output is whole).
 */
export async function csvToJsonInParallel(
  inputPath: string,
  outputPath: string,
  options: PieceCsvToJsonOptions,
  hooks: Pick<ConversionHooks, 'onProgress' | 'onNotice'> = {},
  settings: ParallelSettings = {},
): Promise<ParallelOutcome> {
  const { threads, minPieceBytes, directory } = resolvedSettings(settings);
  const normalized = normalizeCsvToJsonOptions(options);
  if (normalized.typing === 'per-column') return { parallel: false, reason: 'per-column typing reads the file twice' };
  const size = statSync(inputPath).size;
  // Cut where a record likely starts, read as the header reads (the dialect is not sniffed yet).
  const head = fileHead(inputPath, PREFIX_SEARCH_BYTES);
  const delimiter = likelyDelimiter(head);
  const width = firstRowWidth(head, delimiter);
  const likelyStart = (window: Uint8Array, at: number) => looksLikeRecordStart(window, at, delimiter, width);
  const cuts = splitPoints(inputPath, size, threads, minPieceBytes, FIRST_PIECE_WEIGHT, lineCut(likelyStart)).map(
    (cut) => cut.start,
  );
  if (cuts.length === 0) return { parallel: false, reason: 'the file is too small or has no line break to cut at' };
  const bounds = [0, ...cuts, size];
  const onProgress = progressCounter(size, hooks.onProgress);
  let dialect: DialectReport | null = null;
  let typing: CellTypingReport | null = null;
  let decided: () => void = () => {};
  const reading = new Promise<void>((resolve) => {
    decided = resolve;
  });
  // The first piece on this thread; the others, each on a worker thread, once it has said how it reads the file.
  const pieces: PieceRunner[] = [
    new LocalPiece(onProgress, (notice) => {
      if (notice.kind === 'dialect') dialect = notice.dialect;
      if (notice.kind === 'column-types') typing = notice;
      if (dialect !== null && typing !== null) decided();
    }),
  ];
  // The other pieces' threads start up while the first piece reads the file's start.
  const others = cuts.map(() => new PieceThread(onProgress));
  pieces.push(...others);
  const parts = await mkdtemp(join(directory, 'unnest-pieces-'));
  try {
    const firstPiece = pieces[0] as PieceRunner;
    const firstResult = firstPiece.ask<CsvPieceResult>({
      type: 'csv2json',
      range: { path: inputPath, start: 0, end: bounds[1] as number },
      prefix: null,
      readOn: true,
      options,
      outputPath,
    });
    try {
      // The first piece may end (or fail) before it has said how it reads: then there is nothing to wait for.
      await Promise.race([reading, firstResult]);
    } catch (error) {
      return { parallel: false, reason: pieceFailure(error) };
    }
    const given = givenReading(dialect, typing, normalized.header);
    if (typeof given === 'string') return { parallel: false, reason: given };
    const prefix = given.rowsBefore === 0 ? null : headerRows(head, given.rowsBefore);
    if (given.rowsBefore > 0 && prefix === null)
      return { parallel: false, reason: 'the header rows are not within the first megabyte' };
    const pieceOptions = { ...options, ...given.options };
    const rest = cuts.map((start, k) => {
      const piece = others[k] as PieceThread;
      const partPath = join(parts, `part-${k + 1}`);
      writeFileSync(partPath, new Uint8Array(0));
      const last = k === cuts.length - 1;
      const convert = (from: number) =>
        piece.ask<CsvPieceResult>({
          type: 'csv2json',
          range: { path: inputPath, start: from, end: bounds[k + 2] as number },
          prefix,
          readOn: !last,
          options: pieceOptions,
          outputPath: partPath,
        });
      return { piece, partPath, start, convert, result: convert(start) };
    });
    const first = await Promise.allSettled([firstResult]);
    if (first[0]?.status === 'rejected') return { parallel: false, reason: pieceFailure(first[0].reason) };
    const results: CsvPieceResult[] = [(first[0] as PromiseFulfilledResult<CsvPieceResult>).value];
    // Each piece is right only if it starts where the one before ended: a record cut by the piece before (a line
    // break inside quotes) was read to its end there, and the piece is converted again from that end.
    for (const part of rest) {
      const start = (results.at(-1) as CsvPieceResult).end;
      const settled = (await Promise.allSettled([part.result]))[0] as PromiseSettledResult<CsvPieceResult>;
      if (start === part.start) {
        if (settled.status === 'rejected') return { parallel: false, reason: pieceFailure(settled.reason) };
        results.push(settled.value);
        continue;
      }
      try {
        results.push(await part.convert(start));
      } catch (error) {
        return { parallel: false, reason: pieceFailure(error) };
      }
    }
    const refusal = refusalOf(results);
    if (refusal !== null) return { parallel: false, reason: refusal };
    const pretty = normalized.pretty && !normalized.ndjson;
    const arrayStart = normalized.ndjson ? 0 : encoder.encode(pretty ? '[\n  ' : '[\n').length;
    const lead = normalized.ndjson ? new Uint8Array(0) : encoder.encode(pretty ? ',\n  ' : ',\n');
    const arrayEnd = normalized.ndjson ? 0 : ARRAY_END;
    let offset = (results[0] as CsvPieceResult).outputBytes - arrayEnd;
    const placed = rest.map(({ piece, partPath }, k) => {
      const result = results[k + 1] as CsvPieceResult;
      const last = k === rest.length - 1;
      const to = result.outputBytes - (last ? 0 : arrayEnd);
      const at = offset;
      offset += lead.length + to - arrayStart;
      return piece.ask<number>({
        type: 'csv2json-place',
        partPath,
        from: arrayStart,
        to,
        lead,
        outputPath,
        offset: at,
      });
    });
    await Promise.all(placed);
    const fd = openSync(outputPath, 'r+');
    try {
      ftruncateSync(fd, offset);
    } finally {
      closeSync(fd);
    }
    for (const notice of (results[0] as CsvPieceResult).notices)
      if (notice.kind !== 'summary') hooks.onNotice?.(notice);
    const summaries = results.map((result) => summaryOf(result));
    hooks.onNotice?.({
      kind: 'summary',
      records: summaries.reduce((sum, summary) => sum + summary.records, 0),
      columns: Math.max(...summaries.map((summary) => summary.columns)),
    });
    return { parallel: true, pieces: pieces.length };
  } finally {
    await Promise.all(pieces.map((piece) => piece.stop()));
    await rm(parts, { recursive: true, force: true });
  }
}

/**
 * The options that make the other pieces read as the first one does (nothing left to sniff), and how many rows
 * come before the records; or why the file is read by one thread.
 */
function givenReading(
  dialect: DialectReport | null,
  typing: CellTypingReport | null,
  header: boolean,
): { options: PieceCsvToJsonOptions; rowsBefore: number } | string {
  if (dialect === null || typing === null) return 'the first piece did not say how it reads the file';
  if (dialect.encoding !== 'utf-8') return 'only UTF-8 input is split';
  if (!isStandardDialect(dialect)) return 'only RFC 4180 quoting is split';
  if (typing.typing === 'per-column') return 'per-column typing reads the file twice';
  return {
    options: {
      delimiter: dialect.delimiter,
      quote: dialect.quote,
      escape: 'none',
      skipRows: dialect.skipRows,
      encoding: 'utf-8',
      typing: typing.typing,
    },
    rowsBefore: dialect.skipRows + (header ? dialect.headerRows : 0),
  };
}

/** The file's first `rows` lines (after a byte order mark), as the other pieces' start; null past the search. */
function headerRows(head: Uint8Array, rows: number): Uint8Array | null {
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  let end = start;
  for (let k = 0; k < rows; k++) {
    const newline = head.indexOf(0x0a, end);
    if (newline < 0) return null;
    end = newline + 1;
  }
  return head.slice(start, end);
}

/** Why the pieces cannot be joined into the whole file's output, or null when they can. */
function refusalOf(results: readonly CsvPieceResult[]): string | null {
  const headers = JSON.stringify((results[0] as CsvPieceResult).headers);
  for (const [k, result] of results.entries()) {
    const odd = result.notices.find((notice) => !ALIKE.has(notice.kind));
    if (odd !== undefined) return `a piece of the file has a ${odd.kind} notice, read by one thread`;
    if (summaryOf(result).records === 0) return 'a piece holds no record';
    if (k === 0) continue;
    if (JSON.stringify(result.headers) !== headers) return 'a piece read another header than the first';
    if (result.rowsAfterBlank > 0) return 'a piece has a row after a blank line, which may start a second table';
  }
  return null;
}

function summaryOf(result: CsvPieceResult): { records: number; columns: number } {
  const summary = result.notices.find((notice) => notice.kind === 'summary');
  return summary?.kind === 'summary' ? summary : { records: 0, columns: 0 };
}
