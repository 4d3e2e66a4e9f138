import { type ByteSource, iterateBytes } from './byte-source.js';
import { ConversionError } from './errors.js';
import { type FormulaGuardReport, guardHeaders } from './formula-guard.js';
import { InputDecoder } from './json/input-encoding.js';
import { type JsonToCsvOptions, type NormalizedJsonToCsvOptions, normalizeJsonToCsvOptions } from './options.js';
import { createMemorySpool, type Spool } from './spool.js';
import { groupedColumnOrder } from './table/column-order.js';
import { csvOutput } from './table/csv-output.js';
import { JsonTable } from './table/json-table.js';
import { addNotedCells } from './table/noted-cells.js';
import { reorderedSheetRows } from './table/reordered-sheet-rows.js';
import { xlsxOutput } from './table/xlsx-output.js';

/**
 * Converts a JSON document (array of records, one object, JSON Lines, records at a path, array of arrays,
 * scalars) into CSV, TSV or XLSX bytes, streaming. The header is the union of every record's keys in
 * first-seen order, so rows wait in the spool until the input ends. Options are checked at once
 * (ConversionError INVALID_OPTION); input problems reject the iteration with a positioned ConversionError.
 *
 * Decisions where the contract leaves a choice:
 * - No column at all (`[]`, `[{}]`, `{}`) gives empty output, BOM included; `[{},{"a":1}]` has an empty row.
 * - A lone surrogate escape (`"\ud800"`) becomes U+FFFD, so the output is always valid UTF-8.
 * - A top-level object of up to 8 MiB is read whole first: followed by another value on a later line it is
 *   JSON Lines (each object one row), else it is searched for a records array (or is one row). A bigger one
 *   is streamed as a wrapper. A top-level array followed by more data is an error.
 * - Array of arrays: cells past the header row's width get columns named by their 0-based position.
 * - A duplicated key keeps its last value, but only where both values are cells at the same path: the cells
 *   of an earlier object or array value under that key stay.
 * - XLSX ignores `excelSafe` (its cells are never formulas) and fails past Excel's limits: TOO_MANY_COLUMNS
 *   past 16,384 columns, TOO_MANY_ROWS past 1,048,576 rows (header included), CELL_TOO_LONG past 32,767
 *   characters in a cell.
 */
export function jsonToCsv(input: ByteSource, options?: JsonToCsvOptions): AsyncIterable<Uint8Array> {
  return convert(input, normalizeJsonToCsvOptions(options));
}

async function* convert(input: ByteSource, options: NormalizedJsonToCsvOptions): AsyncGenerator<Uint8Array> {
  const createSpool = options.spool ?? createMemorySpool;
  const spool = await createSpool();
  // Where each CSV row ends, so that the rows written before the last column appeared can be padded.
  let rowLengths: Spool | undefined;
  try {
    rowLengths = options.format === 'xlsx' ? undefined : await createSpool();
    const table = new JsonTable(options);
    const decoder = new InputDecoder();
    let bytesRead = 0;
    let encodingKnown = false;
    const feed = async (chunks: Uint8Array[]) => {
      for (const chunk of chunks) table.push(chunk);
      if (!encodingKnown && decoder.encoding !== null) {
        encodingKnown = true;
        if (decoder.encoding !== 'utf-8') options.onNotice?.({ kind: 'encoding', encoding: decoder.encoding });
      }
      for (const out of table.take()) await spool.write(out);
      for (const lengths of table.rows.takeRowLengths()) await rowLengths?.write(lengths);
    };
    for await (const chunk of iterateBytes(input)) {
      bytesRead += chunk.length;
      await feed(decoder.push(chunk));
      options.onProgress?.(bytesRead);
    }
    await feed(decoder.end());
    table.finish();
    await feed([]);
    const headers = table.columns.headers;
    const order =
      options.groupArrayColumns && table.headersArePaths ? groupedColumnOrder(headers, options.separator) : null;
    if (rowLengths === undefined) {
      const rows = order === null ? spool.read() : reorderedSheetRows(spool.read(), order);
      yield* xlsxOutput(rows, order === null ? headers : order.map((col) => headers[col] as string), table.rows.rows);
    } else {
      const guard: FormulaGuardReport = { cells: 0, examples: [] };
      if (table.guardedCells) addNotedCells(guard, table.guardedCells, headers);
      // Keys are text a spreadsheet shows too: the header gets the data cells' formula guard.
      const written = guardHeaders(headers, options.excelSafe, guard);
      if (options.excelSafe) options.onNotice?.({ kind: 'formula-guard', ...guard });
      yield* csvOutput(spool.read(), rowLengths.read(), {
        headers: written,
        widthLog: table.rows.widthLog,
        delimiter: options.delimiter,
        eol: options.eol === 'crlf' ? '\r\n' : '\n',
        bom: options.bom,
        order,
      });
    }
    const leftOut = table.leftOut;
    if (leftOut !== null) options.onNotice?.(leftOut);
    options.onNotice?.({ kind: 'summary', records: table.records, columns: headers.length });
  } finally {
    await spool.dispose();
    await rowLengths?.dispose();
  }
}

/** Converts JSON text to CSV/TSV text in memory (for the browser); XLSX is binary and needs `jsonToCsv`. */
export async function jsonToCsvText(json: string, options?: JsonToCsvOptions): Promise<string> {
  if (options?.format === 'xlsx') {
    throw new ConversionError('INVALID_OPTION', 'XLSX output is binary: use jsonToCsv, not jsonToCsvText');
  }
  // A requested BOM stays in the text.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  for await (const chunk of jsonToCsv([new TextEncoder().encode(json)], options)) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
