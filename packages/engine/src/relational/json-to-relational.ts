import { type ByteSource, iterateBytes } from '../byte-source.js';
import { checkFlattenPlan, type FlattenPlan } from '../flatten/flatten-plan.js';
import { type FormulaGuardReport, guardHeaders } from '../formula-guard.js';
import { InputDecoder } from '../json/input-encoding.js';
import { type JsonToCsvOptions, type NormalizedJsonToCsvOptions, normalizeJsonToCsvOptions } from '../options.js';
import { createMemorySpool } from '../spool.js';
import { csvOutput } from '../table/csv-output.js';
import type { JsonTable } from '../table/json-table.js';
import { addNotedCells, type NotedCellsReport } from '../table/noted-cells.js';
import { RelationalTable } from './relational-table.js';
import { headerMapping, type TableHeaders, tableHeaders } from './table-headers.js';
import { TableRepeatedKeys } from './table-repeated-keys.js';
import {
  DATA_PACKAGE_FILE,
  type DescribedTable,
  dataPackage,
  SCHEMA_FILE,
  schemaSql,
  tableNames,
} from './table-schema.js';
import { allTables, PARENT_NATURAL_KEY, type TableSpec, tableSpecs } from './table-specs.js';
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
 * (`_id`, numbered in input order), its parent row's id (`_parent_id`) and its position or key (`_index`);
 * data columns are named without escapes where no other column has the name (see `tableHeaders`). The result
 * is a ZIP holding the tables, the plan (`plan.json`) and how the headers were written (`written.json`), which
 * `relationalToJson` reads back into the same JSON, with `datapackage.json` and `schema.sql` describing the
 * tables for other tools; the same input gives the same bytes.
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
  const repeatedKeys = new TableRepeatedKeys<RelationalTable>();
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
      const table = new RelationalTable(
        spec,
        tableOptions,
        spool,
        rowLengths,
        (child) => children.get(child) ?? null,
        repeatedKeys,
      );
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
    const headers: TableHeaders[] = tables.map((table) =>
      tableHeaders(table.spec, table.table.columns.headers, options.separator),
    );
    const repeated = repeatedKeys.report(
      (table, col) => tablePrefix(table) + ((headers[tables.indexOf(table)] as TableHeaders).written[col] ?? ''),
    );
    if (repeated !== null) options.onNotice?.({ kind: 'duplicate-keys', repeated });
    const replaced: NotedCellsReport = { cells: 0, examples: [] };
    tables.forEach((table, n) => {
      table.table.addLoneSurrogates(replaced, (headers[n] as TableHeaders).written, tablePrefix(table));
    });
    if (replaced.cells > 0) options.onNotice?.({ kind: 'lone-surrogates', ...replaced });
    if (options.format === 'xlsx') {
      const names = sheetNames(tables.map((table) => table.spec.file.replace(/^tables\//, '')));
      yield* xlsxWorkbook(
        tables.map((table, n) => ({
          name: names[n] as string,
          headers: (headers[n] as TableHeaders).written,
          rows: table.table.rows.rows,
          spool: table.spool.read(),
        })),
      );
      reportEnd(main.table, options);
      return;
    }
    const extension = options.format === 'tsv' ? 'tsv' : 'csv';
    const encoder = new TextEncoder();
    const guard: FormulaGuardReport = { cells: 0, examples: [] };
    const written = tables.map((table, n) => {
      const names = (headers[n] as TableHeaders).written;
      const prefix = tablePrefix(table);
      if (table.table.guardedCells) addNotedCells(guard, table.table.guardedCells, names, prefix);
      return guardHeaders(names, options.excelSafe, guard, prefix);
    });
    if (options.excelSafe) options.onNotice?.({ kind: 'formula-guard', ...guard });
    // How the tables were written, for reading them back: the guard's `'` is dropped only where it was added,
    // and each header the flattener would not have written so is mapped back to its own.
    const writing = {
      excelSafe: options.excelSafe,
      columns: Object.fromEntries(
        tables.map((table, n) => [table.spec.file, headerMapping(headers[n] as TableHeaders)]),
      ),
    };
    const sqlNames = tableNames(tables.map((table) => table.spec.file));
    const nameOf = new Map(tables.map((table, n) => [table.spec, sqlNames[n] as string]));
    const described: DescribedTable[] = tables.map((table, n) => ({
      name: sqlNames[n] as string,
      file: `${table.spec.file}.${extension}`,
      headers: written[n] as string[],
      parent: table.spec.parent === null ? null : (nameOf.get(table.spec.parent) ?? null),
      keyed: table.keyed,
      parentKey: parentKeyOf(table, headers[n] as TableHeaders, made),
    }));
    const json = (value: unknown) => [encoder.encode(`${JSON.stringify(value, null, 2)}\n`)];
    const entries: ZipEntry[] = [
      { name: PLAN_FILE, data: json(options.plan) },
      { name: WRITTEN_FILE, data: json(writing) },
      { name: DATA_PACKAGE_FILE, data: [encoder.encode(dataPackage(described, options.delimiter, options.bom))] },
      { name: SCHEMA_FILE, data: [encoder.encode(schemaSql(described, options.delimiter))] },
    ];
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
    reportEnd(main.table, options);
  } finally {
    for (const table of made) {
      await table.spool.dispose();
      await table.rowLengths.dispose();
    }
  }
}

/** Where a child table's `_parent_key` column is, and which of its parent's fields it copies. */
function parentKeyOf(
  table: RelationalTable,
  headers: TableHeaders,
  made: readonly RelationalTable[],
): DescribedTable['parentKey'] {
  const column = table.spec.path === '' ? -1 : headers.internal.indexOf(PARENT_NATURAL_KEY);
  const field = made.find((parent) => parent.spec === table.spec.parent)?.naturalKey.field;
  return column < 0 || field === undefined || field === null ? null : { column, field };
}

/** What names a child table's column in a notice's examples: `items/` (for `items/sku`); nothing for the main table. */
function tablePrefix(table: RelationalTable): string {
  return table.spec.path === '' ? '' : `${table.spec.file.replace(/^tables\//, '')}/`;
}

/** What was left out of the document, then the main table's summary. */
function reportEnd(main: JsonTable, options: Pick<NormalizedJsonToCsvOptions, 'onNotice'>): void {
  const leftOut = main.leftOut;
  if (leftOut !== null) options.onNotice?.(leftOut);
  options.onNotice?.({ kind: 'summary', records: main.records, columns: main.columns.headers.length });
}
