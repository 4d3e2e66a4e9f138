import { type ArrayStrategyName, type CsvToJsonBody, DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';

/** JSON to CSV or CSV to JSON (spec section 2.4). */
export type ConversionMode = 'json-to-csv' | 'csv-to-json';
/** The table formats JSON converts to. */
export type TableOutput = 'csv' | 'tsv' | 'xlsx';

/** The options panel's values. `delimiter` is `auto` only for CSV input. */
export interface ConversionChoices {
  outputFormat: TableOutput;
  delimiter: string;
  arrays: ArrayStrategyName;
  bom: boolean;
  /**
   * JSON to CSV: Spreadsheet-safe (the formula guard). CSV to JSON: take the guard off again. Both follow the
   * saved setting, so a file converted and converted back with the defaults comes back as it was.
   */
  excelSafe: boolean;
  /** JSON to CSV: each array's columns side by side (`items.0.*`, `items.1.*`); on in the web app, off in the API. */
  groupArrayColumns: boolean;
  /** The premium analysis asked for on a plan without it (one conversion credit). */
  analysis: boolean;
  /** CSV to JSON: the quote (`auto`, `"` or `'`), the escape (`auto`, `none` or `\\`), rows to skip (`auto` or a number). */
  quote: string;
  escape: string;
  skipRows: string;
  /** CSV to JSON: rows making up the header, as text (`1` to `10`). */
  headerRows: string;
  /** CSV to JSON: how cells are typed (`auto`, `per-column`, `per-cell` or `strings`). */
  types: CsvTyping;
  /** CSV to JSON: an uploaded file's encoding (`auto`: detected); pasted text is already text. */
  encoding: string;
  /** CSV to JSON: one minified array (today's output), an indented one, or JSON Lines. */
  jsonLayout: JsonLayout;
  /** CSV to JSON: dotted headers become nested objects (`user.name`), as the CLI does unless --no-unflatten. */
  unflatten: boolean;
  /** CSV to JSON: what splits a header into nested keys. */
  separator: string;
  /** CSV to JSON: the first row is the header (off: every row is data, an array of text). */
  header: boolean;
  /** JSON to CSV: the records path (`data.users`, `.` for the whole document); '' finds the records automatically. */
  recordsPath: string;
}

/** How the JSON of CSV to JSON is laid out. */
export type JsonLayout = 'minified' | 'pretty' | 'lines';

/** How CSV cells become values (see docs/csv-input.md). */
export type CsvTyping = NonNullable<CsvToJsonBody['types']>;

/**
 * The options a new conversion starts from: the user's saved settings, or the defaults (the formula
 * guard on, DESIGN 7.12) until they have loaded.
 */
export function choicesFromSettings(settings: UserSettings | undefined, mode: ConversionMode): ConversionChoices {
  const saved = settings ?? DEFAULT_SETTINGS;
  return {
    outputFormat: saved.default_format === 'xlsx' ? 'xlsx' : 'csv',
    delimiter: mode === 'csv-to-json' ? 'auto' : saved.delimiter,
    arrays: saved.array_strategy,
    bom: saved.include_bom,
    excelSafe: saved.excel_safe,
    groupArrayColumns: true,
    analysis: false,
    quote: 'auto',
    escape: 'auto',
    skipRows: 'auto',
    headerRows: '1',
    types: 'auto',
    encoding: 'auto',
    jsonLayout: 'minified',
    unflatten: true,
    separator: '.',
    header: true,
    recordsPath: '',
  };
}

/** The option fields the API takes (multipart fields or query string), as text. */
export function optionFields(mode: ConversionMode, choices: ConversionChoices): Record<string, string> {
  if (mode === 'csv-to-json') {
    // The same dialect parts as pasted CSV sends, as multipart text.
    const dialect = Object.entries(csvDialectFields(choices)).map(([name, value]) => [name, String(value)]);
    return {
      output_format: 'json',
      ...Object.fromEntries(dialect),
      ...(choices.encoding === 'auto' ? {} : { encoding: choices.encoding }),
      excel_safe: String(choices.excelSafe),
    };
  }
  return {
    output_format: choices.outputFormat,
    ...(choices.outputFormat === 'csv' ? { delimiter: choices.delimiter } : {}),
    array_strategy: choices.arrays,
    include_bom: String(choices.bom),
    excel_safe: String(choices.excelSafe),
    group_array_columns: String(choices.groupArrayColumns),
    ...(choices.analysis ? { analysis: 'true' } : {}),
    ...(choices.recordsPath === '' ? {} : { records: choices.recordsPath }),
  };
}

/** The delimiter character a choice stands for (`tab` is a tab). */
export function delimiterChar(choice: string): string {
  return choice === 'tab' ? '\t' : choice === 'space' ? ' ' : choice;
}

/**
 * The CSV dialect and JSON output chosen by hand for CSV to JSON (the API's field names); parts left on `auto`
 * are sniffed, and options on their default are not sent, so the default request is what it always was.
 */
export function csvDialectFields(choices: ConversionChoices): CsvDialectFields {
  const fields: CsvDialectFields = {};
  if (choices.jsonLayout === 'pretty') fields.pretty = true;
  if (choices.jsonLayout === 'lines') fields.ndjson = true;
  if (!choices.unflatten) fields.unflatten = false;
  if (choices.separator !== '.') fields.separator = choices.separator;
  if (!choices.header) fields.header = false;
  if (choices.delimiter !== 'auto') fields.delimiter = delimiterChar(choices.delimiter);
  if (choices.quote !== 'auto') fields.quote = choices.quote as '"' | "'";
  if (choices.escape !== 'auto') fields.escape = choices.escape;
  if (choices.skipRows !== 'auto') fields.skip_rows = Number(choices.skipRows);
  if (choices.headerRows !== '1') fields.header_rows = Number(choices.headerRows);
  if (choices.types !== 'auto') fields.types = choices.types;
  return fields;
}

export type CsvDialectFields = Pick<
  CsvToJsonBody,
  | 'delimiter'
  | 'quote'
  | 'escape'
  | 'skip_rows'
  | 'header_rows'
  | 'types'
  | 'pretty'
  | 'ndjson'
  | 'unflatten'
  | 'separator'
  | 'header'
>;
