import type { AnalysisOptions, CompareOptions, CsvToJsonOptions, JsonToCsvOptions } from '@unnest/engine';
import type { CommandSpec, FlagSpec, ParsedArgs } from './flags.js';
import { json2csvPlanFlag, planFlag } from './plan-command.js';

const common: readonly FlagSpec[] = [
  { name: 'output', short: 'o', value: 'FILE', help: 'write here instead of standard output' },
  { name: 'quiet', short: 'q', help: 'no progress bar and no notices on standard error' },
  { name: 'help', short: 'h', help: 'show this help' },
];

const recordsFlag: FlagSpec = {
  name: 'records',
  value: 'PATH',
  help: "dot path of the records array, e.g. data.items; '\\.' is a dot inside a key, '\\\\' a backslash (default: found automatically)",
};

const threadsFlag: FlagSpec = {
  name: 'threads',
  value: 'N',
  help: 'threads for a JSON Lines, JSON array or CSV file written to -o FILE, split between records: one per core from 128 MiB by default; given, from 32 MiB (1 for one thread)',
};

export const json2csvCommand: CommandSpec = {
  name: 'json2csv',
  summary: 'Convert JSON (array, object, JSON Lines, records at a path) to CSV, TSV or XLSX.',
  usage: 'unnest json2csv [INPUT|-] [-o OUTPUT] [options]',
  flags: [
    { name: 'delimiter', value: 'CHAR', help: "cell delimiter (default ','; '\\t' or 'tab' for tabs)" },
    { name: 'separator', value: 'TEXT', help: "joins nested keys (default '.')" },
    {
      name: 'arrays',
      value: 'MODE',
      choices: ['index', 'json', 'join', 'explode'],
      help: 'index (tags.0, tags.1), json (one cell), join ("a; b") or explode (a row per element); default index',
    },
    recordsFlag,
    json2csvPlanFlag,
    { name: 'eol', value: 'EOL', choices: ['lf', 'crlf'], help: 'line ending (default lf)' },
    { name: 'bom', help: 'start with a UTF-8 byte order mark (for Excel)' },
    {
      name: 'excel-safe',
      help: "prefix cells (header cells too) starting with = + - @ tab or CR with ' (formula guard)",
    },
    {
      name: 'group-array-columns',
      help: "keep each array's columns together (items.0.*, items.1.*, then note) where its first column appeared; default: first-seen order (not with --relational)",
    },
    {
      name: 'format',
      value: 'FORMAT',
      choices: ['csv', 'tsv', 'xlsx', 'zip'],
      help: 'output format (default csv); zip: related tables, as --relational',
    },
    {
      name: 'relational',
      help: "related tables: a ZIP of CSVs (TSVs with --format tsv; one workbook, a sheet per table, with --format xlsx), the plan's 'table' paths each in a table of their own",
    },
    { name: 'max-depth', value: 'N', help: 'deepest nesting accepted (default 1000, at most 10000)' },
    threadsFlag,
    ...common,
  ],
  examples: [
    'unnest json2csv orders.json -o orders.csv',
    'curl -s https://api.example.com/users | unnest json2csv --records data.users > users.csv',
    "unnest json2csv export.json --records 'data\\.v2.items' -o items.csv",
    'unnest json2csv events.jsonl --arrays json --excel-safe --bom -o events.csv',
    'unnest json2csv report.json --format xlsx -o report.xlsx',
    'unnest json2csv orders.json --group-array-columns -o orders.csv',
    'unnest json2csv countries.json --plan plan.json -o countries.csv',
    'unnest json2csv countries.json --plan auto -o countries.csv',
    'unnest json2csv orders.json --plan plan.json --relational -o orders.zip',
    'unnest json2csv orders.json --plan auto --relational -o orders.zip',
  ],
};

export const csv2jsonCommand: CommandSpec = {
  name: 'csv2json',
  summary: 'Convert CSV (any dialect and encoding, sniffed and reported) to JSON or JSON Lines, with exact types.',
  usage: 'unnest csv2json [INPUT|-] [-o OUTPUT] [options]',
  flags: [
    {
      name: 'delimiter',
      value: 'TEXT',
      help: "'auto' (default: sniffed), one character or up to 4 (', ' also skips spaces after ','); 'tab' for tabs",
    },
    { name: 'quote', value: 'CHAR', help: `the quote character, " or ' (default: sniffed)` },
    {
      name: 'escape',
      value: 'CHAR',
      help: "escapes the next character inside quotes, e.g. '\\'; 'none' for \"\" (default: sniffed)",
    },
    { name: 'skip-rows', value: 'N', help: 'rows before the header to leave out (default: a sniffed preamble)' },
    { name: 'header-rows', value: 'N', help: 'rows making up the header, joined per column (default 1)' },
    {
      name: 'encoding',
      value: 'NAME',
      help: 'utf-8, utf-16le, utf-16be, latin1, windows-1252 or another WHATWG label (default: detected)',
    },
    {
      name: 'types',
      value: 'HOW',
      choices: ['auto', 'per-column', 'per-cell', 'strings'],
      help: "'per-column' types each column from all its cells (a code column stays strings); 'per-cell' types unquoted cells one by one; 'strings'; 'auto' (default): per column when every cell is quoted, else per cell",
    },
    { name: 'no-types', help: 'keep every value a string (an empty cell is ""), as --types strings' },
    { name: 'no-unflatten', help: 'keep dotted headers as flat keys' },
    { name: 'ndjson', help: 'write JSON Lines, one record per line' },
    { name: 'pretty', help: 'indent the JSON' },
    { name: 'separator', value: 'TEXT', help: "splits headers into nested keys (default '.')" },
    { name: 'excel-safe', help: "undo the formula guard (drop the ' before = + - @), in header names too" },
    { name: 'no-header', help: 'the first row is data; each row becomes an array of strings' },
    { ...planFlag, help: 'read the table back under the plan it was written with (joined cells, rows, map keys)' },
    threadsFlag,
    ...common,
  ],
  examples: [
    'unnest csv2json orders.csv -o orders.json',
    'unnest csv2json export.tsv --ndjson > export.jsonl',
    'cat data.csv | unnest csv2json --no-types --pretty',
    'unnest csv2json zip-codes.csv --types per-column -o zip-codes.json',
    'unnest csv2json orders.zip -o orders.json   # a relational ZIP: its tables back into nested JSON',
  ],
};

export const analyzeCommand: CommandSpec = {
  name: 'analyze',
  summary: 'Report the schema, data-quality issues and readable column names of a JSON file.',
  usage: 'unnest analyze [INPUT|-] [--text] [-o OUTPUT] [options]',
  flags: [
    { name: 'text', help: 'a readable summary instead of the JSON report' },
    { name: 'separator', value: 'TEXT', help: "joins nested keys in paths (default '.')" },
    recordsFlag,
    { name: 'max-depth', value: 'N', help: 'deepest nesting accepted (default 1000, at most 10000)' },
    ...common,
  ],
  examples: [
    'unnest analyze orders.json > report.json',
    'curl -s https://api.example.com/users | unnest analyze --text',
  ],
};

export const compareCommand: CommandSpec = {
  name: 'compare',
  summary: 'Compare a JSON file with the JSON read back from its CSV: what the round trip kept and lost.',
  usage: 'unnest compare ORIGINAL.json CONVERTED.csv|CONVERTED.zip [--text] [-o OUTPUT] [options]',
  flags: [
    { name: 'text', help: 'a readable summary instead of the JSON report' },
    { name: 'separator', value: 'TEXT', help: "the separator the CSV was written with (default '.')" },
    { name: 'records', value: 'PATH', help: 'records path of the original, as given to json2csv' },
    { name: 'delimiter', value: 'CHAR', help: "the CSV's delimiter (default: sniffed)" },
    { name: 'max-differences', value: 'N', help: 'how many differences to list (default 100; all are counted)' },
    {
      name: 'excel-safe',
      help: 'the CSV was written with json2csv --excel-safe: read it back with the guard undone and list the cells it guarded (a ZIP says itself)',
    },
    {
      ...planFlag,
      help: "the plan the CSV was written with: it is read back under it; 'auto': the proposal json2csv --plan auto applied, made again from the original",
    },
    ...common,
  ],
  examples: [
    'unnest compare orders.json orders.csv --text',
    'unnest compare orders.json orders.csv -o comparison.json',
    'unnest compare countries.json countries.csv --plan auto --text',
  ],
};

function text(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

function whole(args: ParsedArgs, name: string): number | undefined {
  const value = text(args, name);
  return value === undefined ? undefined : Number(value);
}

/** Maps parsed flags to engine options; the engine validates them. */
export function jsonToCsvOptionsFrom(args: ParsedArgs): JsonToCsvOptions {
  const options: JsonToCsvOptions = {
    bom: args.flags.has('bom'),
    excelSafe: args.flags.has('excel-safe'),
  };
  if (args.flags.has('group-array-columns')) options.groupArrayColumns = true;
  const delimiter = text(args, 'delimiter');
  if (delimiter !== undefined) options.delimiter = delimiter;
  const separator = text(args, 'separator');
  if (separator !== undefined) options.separator = separator;
  const arrays = text(args, 'arrays');
  if (arrays !== undefined) options.arrays = arrays as JsonToCsvOptions['arrays'];
  const records = text(args, 'records');
  if (records !== undefined) options.recordsPath = records;
  const eol = text(args, 'eol');
  if (eol !== undefined) options.eol = eol as JsonToCsvOptions['eol'];
  const format = text(args, 'format');
  if (format !== undefined && format !== 'zip') options.format = format as JsonToCsvOptions['format'];
  const maxDepth = whole(args, 'max-depth');
  if (maxDepth !== undefined) options.maxDepth = maxDepth;
  return options;
}

/** Whether json2csv writes related tables (`--relational`, or `--format zip`). */
export function isRelational(args: ParsedArgs): boolean {
  return args.flags.has('relational') || text(args, 'format') === 'zip';
}

/** Maps parsed flags to engine options; the engine validates them. */
export function csvToJsonOptionsFrom(args: ParsedArgs): CsvToJsonOptions {
  const options: CsvToJsonOptions = {
    types: !args.flags.has('no-types'),
    unflatten: !args.flags.has('no-unflatten'),
    ndjson: args.flags.has('ndjson'),
    pretty: args.flags.has('pretty'),
    excelSafe: args.flags.has('excel-safe'),
    header: !args.flags.has('no-header'),
  };
  const typing = text(args, 'types');
  if (typing !== undefined) options.typing = typing as CsvToJsonOptions['typing'];
  const delimiter = text(args, 'delimiter');
  if (delimiter !== undefined) options.delimiter = delimiter;
  const separator = text(args, 'separator');
  if (separator !== undefined) options.separator = separator;
  const quote = text(args, 'quote');
  if (quote !== undefined) options.quote = quote;
  const escapeChar = text(args, 'escape');
  if (escapeChar !== undefined) options.escape = escapeChar;
  const skipRows = whole(args, 'skip-rows');
  if (skipRows !== undefined) options.skipRows = skipRows;
  const headerRows = whole(args, 'header-rows');
  if (headerRows !== undefined) options.headerRows = headerRows;
  const encoding = text(args, 'encoding');
  if (encoding !== undefined) options.encoding = encoding;
  return options;
}

/** Maps parsed flags to analysis options; the engine validates them. */
export function analysisOptionsFrom(args: ParsedArgs): AnalysisOptions {
  const options: AnalysisOptions = {};
  const separator = text(args, 'separator');
  if (separator !== undefined) options.separator = separator;
  const records = text(args, 'records');
  if (records !== undefined) options.recordsPath = records;
  const maxDepth = whole(args, 'max-depth');
  if (maxDepth !== undefined) options.maxDepth = maxDepth;
  return options;
}

/** Maps parsed flags to comparison options; the engine validates them. */
export function compareOptionsFrom(args: ParsedArgs): CompareOptions {
  const options: CompareOptions = {};
  const separator = text(args, 'separator');
  if (separator !== undefined) options.separator = separator;
  const records = text(args, 'records');
  if (records !== undefined) options.recordsPath = records;
  const delimiter = text(args, 'delimiter');
  if (delimiter !== undefined) options.delimiter = delimiter;
  const maxDifferences = whole(args, 'max-differences');
  if (maxDifferences !== undefined) options.maxDifferences = maxDifferences;
  if (args.flags.has('excel-safe')) options.excelSafe = true;
  return options;
}
