import { type ByteSource, iterateBytes } from '../byte-source.js';
import { addGuardedCells, type FormulaGuardReport, guardHeaders } from '../formula-guard.js';
import { InputDecoder } from '../json/input-encoding.js';
import { type JsonToCsvOptions, type NormalizedJsonToCsvOptions, normalizeJsonToCsvOptions } from '../options.js';
import { checkFlattenPlan, type FlattenPlan } from '../plan/flatten-plan.js';
import { createMemorySpool } from '../spool.js';
import { csvOutput } from '../table/csv-output.js';
import { RelationalTable } from './relational-table.js';
import { allTables, renameHeader, type TableSpec, tableSpecs } from './table-specs.js';
import { sheetNames, xlsxWorkbook } from './xlsx-workbook.js';
import { PLAN_FILE, WRITTEN_FILE, type ZipEntry, zipOutput } from './zip-output.js';

/** Options of a relational conversion: those of json2csv, with the plan required. */
export interface RelationalOptions extends Omit<JsonToCsvOptions, 'plan' | 'analysis'> {
  /** The plan; its `table` paths each become a table of their own. */
  plan: FlattenPlan;
}

/**
 * Converts JSON into related tables, streaming: the records in `main.csv`, and every `table` path of the plan
 * in `tables/<path>.csv`, whose rows are that path's array elements or map members, each with its own id
 * (`\#id`), its parent row's id (`\#parent`) and its position or key (`<name>.\#`). The result is a ZIP
 * holding the tables and the plan (`plan.json`), which `relationalToJson` reads back into the same JSON.
 * Every table's rows wait in their own spool (`options.spool`, a file each under Node), as json2csv's do.
 * Formats: `csv`, `tsv` (`.tsv` files), or `xlsx`: one workbook with a sheet per table (`main`, `items`,
 * `items.parts`), which has no plan inside and is not read back.
 */
export function jsonToRelational(input: ByteSource, options: RelationalOptions): AsyncIterable<Uint8Array> {
  const plan = checkFlattenPlan(options.plan, { relational: true });
  // The plan without its tables passes the single-table checks (records path and all); the tables come back below.
  const single = { ...plan, paths: plan.paths.filter((entry) => entry.strategy !== 'table') };
  const normalized = normalizeJsonToCsvOptions({ ...options, plan: single });
  return convert(input, { ...normalized, plan }, tableSpecs(plan));
}

async function* convert(
  input: ByteSource,
  options: NormalizedJsonToCsvOptions & { plan: FlattenPlan },
  specs: TableSpec,
): AsyncGenerator<Uint8Array> {
  const createSpool = options.spool ?? createMemorySpool;
  const made: RelationalTable[] = [];
  try {
    const make = async (spec: TableSpec): Promise<RelationalTable> => {
      const spool = await createSpool();
      const rowLengths = await createSpool();
      const tableOptions: NormalizedJsonToCsvOptions =
        spec.path === ''
          ? options
          : { ...options, plan: spec.plan, recordsPath: undefined, onNotice: undefined, onProgress: undefined };
      // Children are made first (they are created synchronously inside the parent's constructor).
      const children = new Map<TableSpec, RelationalTable>();
      for (const child of spec.children) if (child !== null) children.set(child, await make(child));
      const table = new RelationalTable(spec, tableOptions, spool, rowLengths, (child) => children.get(child) ?? null);
      made.push(table);
      return table;
    };
    const main = await make(specs);
    const decoder = new InputDecoder();
    let bytesRead = 0;
    let encodingKnown = false;
    const feed = async (chunks: Uint8Array[]) => {
      for (const chunk of chunks) main.table.push(chunk);
      if (!encodingKnown && decoder.encoding !== null) {
        encodingKnown = true;
        if (decoder.encoding !== 'utf-8') options.onNotice?.({ kind: 'encoding', encoding: decoder.encoding });
      }
      await main.flush();
    };
    for await (const chunk of iterateBytes(input)) {
      bytesRead += chunk.length;
      await feed(decoder.push(chunk));
      options.onProgress?.(bytesRead);
    }
    await feed(decoder.end());
    main.finish();
    await main.flush();
    const tables = allTables(main.spec).map((spec) => made.find((t) => t.spec === spec) as RelationalTable);
    const headersOf = (table: RelationalTable) =>
      table.table.columns.headers.map((header) =>
        table.spec.path === '' ? header : renameHeader(table.spec, header, options.separator),
      );
    if (options.format === 'xlsx') {
      const names = sheetNames(tables.map((table) => table.spec.file.replace(/^tables\//, '')));
      yield* xlsxWorkbook(
        tables.map((table, n) => ({
          name: names[n] as string,
          headers: headersOf(table),
          rows: table.table.rows.rows,
          spool: table.spool.read(),
        })),
      );
      options.onNotice?.({ kind: 'summary', records: main.table.records, columns: main.table.columns.headers.length });
      return;
    }
    const extension = options.format === 'tsv' ? 'tsv' : 'csv';
    const encoder = new TextEncoder();
    const entries: ZipEntry[] = [
      { name: PLAN_FILE, data: [encoder.encode(`${JSON.stringify(options.plan, null, 2)}\n`)] },
      // How the tables were written, for reading them back: the guard's `'` is dropped only where it was added.
      { name: WRITTEN_FILE, data: [encoder.encode(`${JSON.stringify({ excelSafe: options.excelSafe }, null, 2)}\n`)] },
    ];
    const guard: FormulaGuardReport = { cells: 0, examples: [] };
    const written = tables.map((table) => {
      const headers = headersOf(table);
      // A child table's examples name the table too: `items/sku`.
      const prefix = table.spec.path === '' ? '' : `${table.spec.file.replace(/^tables\//, '')}/`;
      if (table.table.guardedCells) addGuardedCells(guard, table.table.guardedCells, headers, prefix);
      return guardHeaders(headers, options.excelSafe, guard, prefix);
    });
    if (options.excelSafe) options.onNotice?.({ kind: 'formula-guard', ...guard });
    for (const [n, table] of tables.entries()) {
      entries.push({
        name: `${table.spec.file}.${extension}`,
        data: csvOutput(table.spool.read(), table.rowLengths.read(), {
          headers: written[n] as string[],
          widthLog: table.table.rows.widthLog,
          delimiter: options.delimiter,
          eol: options.eol === 'crlf' ? '\r\n' : '\n',
          bom: options.bom,
        }),
      });
    }
    yield* zipOutput(entries);
    options.onNotice?.({ kind: 'summary', records: main.table.records, columns: main.table.columns.headers.length });
  } finally {
    for (const table of made) {
      await table.spool.dispose();
      await table.rowLengths.dispose();
    }
  }
}
