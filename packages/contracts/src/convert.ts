import { type Static, Type } from 'typebox';
import { AiAnalysis, AiAnalysisError, DataQuality, SmartHeader } from './analysis.js';
import { FlattenPlanDocument, FlattenPlanProposal, MAX_PLAN_TEXT_BYTES } from './flatten-plan.js';
import { withMessages } from './validation-messages.js';

/**
 * The spec's conversion and file error texts (section 8). The server starts its `detail` with the text
 * of the call that failed and adds the reason (`File conversion failed: Unexpected ']' (line 3, column
 * 7)`); the texts marked client-side are for failures the server never sees (no id, no network).
 */
export const CONVERSION_TEXTS = {
  /** POST /api/convert/simple */
  conversionFailed: 'Conversion failed',
  /** POST /api/convert/file */
  fileConversionFailed: 'File conversion failed',
  /** POST /api/convert/csv-to-json */
  csvToJsonFailed: 'CSV to JSON conversion failed',
  /** POST /api/convert/text/download */
  failedToConvertFile: 'Failed to convert file',
  /** POST /api/convert/text */
  failedToConvertText: 'Failed to convert JSON or CSV',
  /** GET /api/files/download/{id} when the stored bytes cannot be read */
  failedToDownload: 'Failed to download file',
  /** GET /api/files/compare-data/{fileId} when the file cannot be compared */
  failedToLoadComparison: 'Failed to load file data for comparison. Please try again.',
  /** DELETE /api/files/delete/{fileId} when the stored bytes cannot be removed */
  failedToDelete: 'Failed to delete file.',
  /** Client-side: Download CSV pressed without a converted file. */
  noFileId: 'No file ID available for download',
  /** Client-side: a download answered with an error. */
  downloadFailed: 'Download failed',
  /** Client-side: the files list answered with an error (followed by status and text). */
  filesApiFailed: 'Files API failed',
  /** Client-side: no answer at all. */
  networkError: 'Network error. Please check your connection and try again.',
  /** Client-side: the comparison could not be set up. */
  failedToPrepareComparison: 'Failed to prepare comparison.',
  /** Client-side: the comparison's CSV to JSON step failed. */
  failedToReconvert: 'Failed to reconvert CSV to JSON',
  /** Quick convert with nothing pasted (spec section 5). */
  emptyQuickConvert: 'Please paste some JSON data.',
  /** Text conversion with nothing typed (spec section 5). */
  emptyJsonText: 'Please enter JSON text',
  /** CSV to JSON with nothing typed (spec section 5). */
  emptyCsvText: 'Please enter CSV text',
  /** File conversion without a file (spec section 5). */
  noFile: 'Please select a file',
} as const;

/** Anonymous quick convert: at most this many bytes of JSON (512 KB)... */
export const QUICK_CONVERT_MAX_BYTES = 524_288;
/** ...and this many conversions per rolling 24 hours per client address. */
export const QUICK_CONVERT_PER_DAY = 3;
/**
 * How the quick convert writes its CSV: the server's conversion and the browser's check before sending use
 * these same engine options, so the count of guarded cells the page shows is that of the CSV downloaded.
 * Spreadsheet-safe is on: the downloads go to spreadsheets (DESIGN 7.12).
 */
export const QUICK_CONVERT_CSV = {
  format: 'csv',
  delimiter: ',',
  arrays: 'index',
  bom: false,
  excelSafe: true,
} as const;
/** Only files below this size can be compared (spec section 9: 20 MB). */
export const COMPARE_MAX_BYTES = 20_971_520;
/** Largest CSV text accepted by POST /api/convert/csv-to-json (bigger CSV goes through /convert/file). */
export const CSV_TO_JSON_MAX_BYTES = COMPARE_MAX_BYTES;

/** Output formats: a table (csv, tsv, xlsx) from JSON, or JSON from CSV. */
export const OUTPUT_FORMATS = ['csv', 'tsv', 'xlsx', 'json'] as const;
/** One output format. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
/**
 * What a stored conversion's result is: an output format, or `zip` for relational output (a ZIP of linked
 * CSV or TSV tables with the plan inside; relational XLSX output is one workbook, `xlsx`).
 */
export const RESULT_FORMATS = [...OUTPUT_FORMATS, 'zip'] as const;
/** One result format. */
export type ResultFormat = (typeof RESULT_FORMATS)[number];
/** How arrays inside records become cells. */
export const ARRAY_STRATEGIES = ['index', 'json', 'join', 'explode'] as const;
/** One array strategy. */
export type ArrayStrategyName = (typeof ARRAY_STRATEGIES)[number];

/**
 * A yes-or-no option: a JSON boolean, or its text as a query string or a multipart field carries it (`1` and
 * `0` too). The server reads the query with type coercion, so `true` and `false` arrive as booleans there;
 * the refusal names the option.
 */
function flag(name: string, description: string) {
  return Type.Union(
    [
      Type.Boolean(withMessages({ type: `${name} must be true or false` })),
      Type.Literal('true'),
      Type.Literal('false'),
      Type.Literal('1'),
      Type.Literal('0'),
    ],
    { description },
  );
}

/**
 * A delimiter as users write it in a setting or a conversion option (`,`, `;`, `tab`, `\t`): the
 * character, or undefined when unusable.
 */
export function delimiterFromSetting(value: string): string | undefined {
  const delimiter = value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
  if ([...delimiter].length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') return undefined;
  return delimiter;
}

/** JSON input: each array's columns kept together (the engine's `groupArrayColumns`). */
const groupArrayColumnsField = Type.Optional(
  flag(
    'group_array_columns',
    "JSON input: each array's columns together (items.0.*, items.1.*, then note), where the array's first column first appeared; default false: the order in which columns were first seen. Single-table output only: relational output and CSV input leave it aside",
  ),
);

/** The quote a CSV is read with (a part of its dialect). */
const csvQuoteField = Type.Union([Type.Literal('"'), Type.Literal("'")], { description: 'CSV input: default sniffed' });
/** The escape inside quotes a CSV is read with (a part of its dialect). */
const csvEscapeField = Type.String({
  minLength: 1,
  maxLength: 4,
  description: "CSV input: escape character inside quotes, or 'none'; default: sniffed",
});
/** How a CSV's cells become values: see docs/csv-input.md. */
const csvTypesField = Type.Union(
  [Type.Literal('auto'), Type.Literal('per-column'), Type.Literal('per-cell'), Type.Literal('strings')],
  {
    description:
      "CSV input: 'per-column' types each column from all its cells (a code column stays strings); 'per-cell' types unquoted cells one by one; 'strings'; 'auto' (default): per column when every cell is quoted, else per cell",
  },
);
const SKIP_ROWS_TEXT = 'CSV input: rows before the header to leave out (0 to 1000); default: sniffed';
/** How the JSON a CSV becomes is written, and how its headers become keys (the CLI's csv2json flags). */
const PRETTY_TEXT = "CSV input: indent the JSON with two spaces (the CLI's --pretty); default false";
const NDJSON_TEXT = "CSV input: write JSON Lines, one record per line (the CLI's --ndjson); default false";
const UNFLATTEN_TEXT =
  "CSV input: false keeps dotted headers (`a.b`) as flat keys instead of nested objects (the CLI's --no-unflatten); default true";
const HEADER_TEXT =
  "CSV input: false reads the first row as data, each row an array of strings (the CLI's --no-header); default true";
const SEPARATOR_TEXT = "CSV input: splits headers into nested keys (the CLI's --separator); default '.'";
/** The separator splitting CSV headers into nested keys. */
const csvSeparatorField = Type.String({ minLength: 1, maxLength: 8, description: SEPARATOR_TEXT });
const HEADER_ROWS_TEXT = 'CSV input: rows making up the header, joined per column (1 to 10); default 1';

/**
 * Conversion options, sent as the query string (every conversion endpoint, the text ones included) or as
 * multipart fields (before the `file` part); the yes-or-no ones as `true`/`false`. Anything left out comes
 * from the user's settings.
 */
export const ConversionOptionFields = Type.Object(
  {
    output_format: Type.Optional(Type.Enum([...OUTPUT_FORMATS])),
    delimiter: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 3,
        description: "one character, or `tab` / `\\t`; CSV input also ', ' or '; ' (default: sniffed)",
      }),
    ),
    quote: Type.Optional(csvQuoteField),
    escape: Type.Optional(csvEscapeField),
    // Text, as a multipart field carries it; the reader checks the range.
    skip_rows: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: SKIP_ROWS_TEXT })),
    header_rows: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$', description: HEADER_ROWS_TEXT })),
    types: Type.Optional(csvTypesField),
    encoding: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description:
          "CSV input: utf-8, utf-16le, utf-16be, latin1, windows-1252 or another WHATWG label (the CLI's --encoding); default: detected",
      }),
    ),
    pretty: Type.Optional(flag('pretty', PRETTY_TEXT)),
    ndjson: Type.Optional(flag('ndjson', `${NDJSON_TEXT}; the stored file is then named .jsonl`)),
    unflatten: Type.Optional(flag('unflatten', UNFLATTEN_TEXT)),
    separator: Type.Optional(csvSeparatorField),
    header: Type.Optional(flag('header', HEADER_TEXT)),
    array_strategy: Type.Optional(Type.Enum([...ARRAY_STRATEGIES])),
    include_bom: Type.Optional(flag('include_bom', 'a UTF-8 byte order mark first, for Excel (CSV and TSV output)')),
    excel_safe: Type.Optional(
      flag(
        'excel_safe',
        "JSON input: put a ' before text a spreadsheet would run as a formula (default: the user's setting). CSV input: take that ' off again (default false). A relational ZIP says itself.",
      ),
    ),
    group_array_columns: groupArrayColumnsField,
    analysis: Type.Optional(
      flag(
        'analysis',
        'the premium analysis of a stored JSON conversion: a plan without it pays one conversion credit (plans that include it always run it)',
      ),
    ),
    plan: Type.Optional(
      Type.String({
        maxLength: MAX_PLAN_TEXT_BYTES,
        description:
          "a flattening plan as JSON text (FlattenPlanDocument, as POST /api/convert/plan proposes it): a strategy per path; or `auto` (JSON input): the whole input profiled first and the proposal applied (with `relational`, the relational proposal); the answer's `applied_plan` says what it decided",
      }),
    ),
    records: Type.Optional(
      Type.String({ minLength: 1, maxLength: 4096, description: 'records path (`features`, `css.properties`)' }),
    ),
    relational: Type.Optional(
      flag(
        'relational',
        "relational output (the CLI's --relational): every `table` path of the plan in a table of its own, linked by a parent id; a ZIP of CSV (or TSV) tables with the plan inside, or one XLSX workbook with a sheet per table. Default: true when the plan has a `table` path",
      ),
    ),
  },
  { additionalProperties: false },
);
export type ConversionOptionFields = Static<typeof ConversionOptionFields>;

/** Query of POST /api/convert/simple: the one option a quick convert takes (the others are QUICK_CONVERT_CSV). */
export const QuickConvertQuery = Type.Object(
  { group_array_columns: groupArrayColumnsField },
  { additionalProperties: false },
);
export type QuickConvertQuery = Static<typeof QuickConvertQuery>;

/** The members of the wrapper objects around the records that a conversion did not convert. */
export const ConversionLeftOut = Type.Object({
  parts: Type.Array(
    Type.Object({
      path: Type.String({ description: 'the part as a records path (`meta`, `data.links`)' }),
      bytes: Type.Integer({ minimum: 0 }),
    }),
    { description: 'the largest parts, largest first (up to 20)' },
  ),
  count: Type.Integer({ minimum: 1, description: 'parts in all' }),
  bytes: Type.Integer({ minimum: 0, description: 'bytes of every part' }),
  records_bytes: Type.Integer({ minimum: 0, description: "bytes of the records' array or map" }),
});
export type ConversionLeftOut = Static<typeof ConversionLeftOut>;

/** Records that held a key more than once in one object: only the key's last value was converted. */
export const ConversionDuplicateKeys = Type.Object({
  records: Type.Integer({ minimum: 1, description: 'records that did' }),
  record: Type.Integer({ minimum: 1, description: 'the first of them, counting from 1' }),
  key: Type.String({ description: "the first such key's column in that record (`u.x`)" }),
});
export type ConversionDuplicateKeys = Static<typeof ConversionDuplicateKeys>;

/**
 * JSON input: strings holding a lone UTF-16 surrogate escape (`"\ud800"`, often half of an emoji cut apart),
 * which UTF-8 cannot hold: each was written with U+FFFD in its place.
 */
export const ConversionLoneSurrogates = Type.Object({
  cells: Type.Integer({ minimum: 1, description: 'strings that held one' }),
  examples: Type.Array(
    Type.Object({
      column: Type.String(),
      value: Type.String({ description: 'the string as the JSON wrote it (escapes kept), cut after 120 characters' }),
    }),
    { maxItems: 2 },
  ),
});
export type ConversionLoneSurrogates = Static<typeof ConversionLoneSurrogates>;

/** `plan=auto`: the proposal the conversion applied, with its reasons and the columns without and with it. */
export const AppliedPlan = FlattenPlanProposal;
export type AppliedPlan = Static<typeof AppliedPlan>;

/** How a CSV was read: each part sniffed or given, with the sniffer's confidence (0 to 1). */
export const CsvDialect = Type.Object({
  delimiter: Type.String(),
  quote: Type.String(),
  escape: Type.Union([Type.String(), Type.Null()]),
  skip_rows: Type.Integer(),
  header_rows: Type.Integer(),
  encoding: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  given: Type.Array(Type.String(), { description: 'the parts given in the request; the others were sniffed' }),
});
export type CsvDialect = Static<typeof CsvDialect>;

/** How a CSV's cells were typed, and each column's decision with the counts it was made from. */
export const CsvColumnTypes = Type.Object({
  typing: Type.Union([Type.Literal('per-column'), Type.Literal('per-cell'), Type.Literal('strings')]),
  reason: Type.Union([Type.Literal('given'), Type.Literal('every-cell-quoted'), Type.Literal('default')], {
    description: 'given: as asked; every-cell-quoted: auto chose per column; default: auto chose per cell',
  }),
  columns: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.Union([
        Type.Literal('number'),
        Type.Literal('boolean'),
        Type.Literal('string'),
        Type.Literal('empty'),
      ]),
      numbers: Type.Integer({ description: 'non-empty cells that are JSON numbers' }),
      booleans: Type.Integer({ description: 'cells that are true or false' }),
      others: Type.Integer({ description: 'other non-empty cells' }),
      empty: Type.Integer({ description: 'empty cells, quoted or not' }),
    }),
    { description: 'each column in header order; empty unless typing is per-column' },
  ),
});
export type CsvColumnTypes = Static<typeof CsvColumnTypes>;

/** Something the reader recovered from or left out, with its line. */
export const CsvReadingNotice = Type.Union([
  Type.Object({ kind: Type.Literal('stray-quote'), line: Type.Integer(), column: Type.Integer() }),
  Type.Object({ kind: Type.Literal('repeated-header'), line: Type.Integer() }),
  Type.Object({ kind: Type.Literal('second-table'), line: Type.Integer(), rows: Type.Integer() }),
  Type.Object({
    kind: Type.Literal('ragged-row'),
    line: Type.Integer(),
    record: Type.Integer(),
    expected: Type.Integer(),
    actual: Type.Integer(),
  }),
]);
export type CsvReadingNotice = Static<typeof CsvReadingNotice>;

/**
 * What the formula guard (`excel_safe`, the web app's Spreadsheet-safe) changed in a CSV or TSV: how many
 * cells got a `'` in front, and the first two with their column and original text. The rule is in
 * docs/spreadsheet-safety.md; reading back with `excel_safe` takes exactly these `'` off again.
 */
export const FormulaGuardSummary = Type.Object({
  cells: Type.Integer({ minimum: 0, description: 'cells (header cells included) that got the guard' }),
  examples: Type.Array(
    Type.Object({
      column: Type.String({ description: 'the column (for a relational table: table/column)' }),
      value: Type.String({ description: 'the text before the guard' }),
    }),
    { maxItems: 2 },
  ),
});
export type FormulaGuardSummary = Static<typeof FormulaGuardSummary>;

/**
 * Answer of POST /api/convert/file and /api/convert/text: the stored result. A premium JSON conversion
 * adds `ai_analysis`, `smart_headers` and `data_quality`; a free one has none of them.
 */
export const ConversionResult = Type.Object({
  message: Type.String(),
  status: Type.Literal('success'),
  file_id: Type.String({ format: 'uuid' }),
  filename: Type.String({ description: 'name of the converted file' }),
  original_filename: Type.String(),
  output_format: Type.Enum([...RESULT_FORMATS], {
    description: 'zip: relational output, a ZIP of linked tables (`filename` ends with .zip)',
  }),
  original_size: Type.Integer({ description: 'bytes received' }),
  converted_size: Type.Integer({ description: 'bytes of the result' }),
  records: Type.Union([Type.Integer(), Type.Null()], {
    description: 'records converted: from JSON, the records; from a CSV, its rows (null for a relational ZIP)',
  }),
  columns: Type.Union([Type.Integer(), Type.Null()], {
    description: 'columns: written (JSON input) or read (a CSV); null for a relational ZIP',
  }),
  formula_guard: Type.Union([FormulaGuardSummary, Type.Null()], {
    description: 'what the formula guard changed; null when excel_safe was off or the output is JSON or XLSX',
  }),
  records_path: Type.Union([Type.String(), Type.Null()], {
    description:
      'where the records were found when no records path was given (`.`: the top-level object is a map of records)',
  }),
  left_out: Type.Union([ConversionLeftOut, Type.Null()], {
    description: 'what the conversion left out of the document (wrapper keys, other lists); null when nothing was',
  }),
  duplicate_keys: Type.Union([ConversionDuplicateKeys, Type.Null()], {
    description:
      'JSON input: records that held a key twice in one object, whose last value alone was converted (as JSON.parse keeps it); null when none did',
  }),
  lone_surrogates: Type.Union([ConversionLoneSurrogates, Type.Null()], {
    description: 'JSON input: strings whose lone surrogate escapes were written as U+FFFD; null when none held one',
  }),
  applied_plan: Type.Optional(AppliedPlan),
  /** CSV input: how it was read. */
  dialect: Type.Optional(CsvDialect),
  /** CSV input: how its cells were typed. */
  column_types: Type.Optional(CsvColumnTypes),
  /** CSV input: at most the first 100 (ragged rows at most 10 of them); `notices_total` counts them all. */
  notices: Type.Optional(Type.Array(CsvReadingNotice)),
  notices_total: Type.Optional(Type.Integer()),
  duration_seconds: Type.Number(),
  expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  download_url: Type.String(),
  // Written out rather than spread from ConversionAnalysisFields: a spread is not a pure call, and would
  // keep the schemas (and TypeBox) in the web bundle.
  ai_analysis: Type.Optional(Type.Union([AiAnalysis, AiAnalysisError])),
  smart_headers: Type.Optional(Type.Array(SmartHeader)),
  data_quality: Type.Optional(DataQuality),
});
export type ConversionResult = Static<typeof ConversionResult>;

/**
 * POST /api/convert/csv-to-json. The converter sends `{csv_content, output_format}`, the comparison
 * dialog `{csv_data, original_filename}`; one of the two CSV fields is required.
 */
export const CsvToJsonBody = Type.Object(
  {
    csv_content: Type.Optional(Type.String({ maxLength: CSV_TO_JSON_MAX_BYTES })),
    csv_data: Type.Optional(Type.String({ maxLength: CSV_TO_JSON_MAX_BYTES })),
    output_format: Type.Optional(Type.Literal('json')),
    original_filename: Type.Optional(Type.String({ maxLength: 255 })),
    delimiter: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4,
        description: "one character or up to 4 (', ' also skips spaces after ','); default: sniffed",
      }),
    ),
    quote: Type.Optional(csvQuoteField),
    escape: Type.Optional(csvEscapeField),
    skip_rows: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: SKIP_ROWS_TEXT })),
    header_rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: HEADER_ROWS_TEXT })),
    types: Type.Optional(csvTypesField),
    pretty: Type.Optional(Type.Boolean({ description: PRETTY_TEXT })),
    ndjson: Type.Optional(
      Type.Boolean({ description: `${NDJSON_TEXT}: \`data\` and \`json_data\` are then the JSON Lines as one string` }),
    ),
    unflatten: Type.Optional(Type.Boolean({ description: UNFLATTEN_TEXT })),
    separator: Type.Optional(csvSeparatorField),
    header: Type.Optional(Type.Boolean({ description: HEADER_TEXT })),
    plan: Type.Optional(FlattenPlanDocument),
    excel_safe: Type.Optional(
      Type.Boolean({
        description:
          "undo the formula guard: drop the ' that excel_safe conversions put before text a spreadsheet would run (default false)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CsvToJsonBody = Static<typeof CsvToJsonBody>;

/**
 * Answer of POST /api/convert/csv-to-json: the records twice (the web app reads `data`, older code
 * `json_data`). Numbers are written exactly as in the CSV, so parse them with a parser that keeps
 * big integers if they matter.
 */
export const CsvToJsonResponse = Type.Object({
  data: Type.Unknown(),
  json_data: Type.Unknown(),
  dialect: Type.Optional(CsvDialect),
  column_types: Type.Optional(CsvColumnTypes),
  /** At most the first 100 (ragged rows at most 10 of them); `notices_total` counts them all. */
  notices: Type.Optional(Type.Array(CsvReadingNotice)),
  notices_total: Type.Optional(Type.Integer()),
  /** The header's columns when the CSV has a header and no rows (`data` is then `[]`). */
  columns: Type.Optional(Type.Array(Type.String())),
});
export type CsvToJsonResponse = Static<typeof CsvToJsonResponse>;

/** Query of POST /api/convert/text and /text/download: the options, and a name for the stored file. */
export const TextConversionQuery = Type.Object(
  {
    ...ConversionOptionFields.properties,
    filename: Type.Optional(
      Type.String({ maxLength: 200, description: 'name to store the text under (default pasted.json)' }),
    ),
  },
  { additionalProperties: false },
);
export type TextConversionQuery = Static<typeof TextConversionQuery>;

/** POST /api/convert/file's query: the options, and `async` to queue the conversion (202 with a job). */
export const FileConversionQuery = Type.Object(
  {
    ...ConversionOptionFields.properties,
    async: Type.Optional(
      Type.Union([Type.Boolean(), Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
        description:
          'true: store the file, queue its conversion and answer 202 with the job at once (plans with API access); GET /api/jobs/{id}/status gives the progress and the result',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FileConversionQuery = Static<typeof FileConversionQuery>;
