import type {
  ConversionDuplicateKeys,
  ConversionLoneSurrogates,
  FlattenPlanDocument,
  FormulaGuardSummary,
} from '@unnest/contracts';
import {
  type CsvToJsonOptions,
  checkFlattenPlan,
  csvToJson,
  csvToJsonText,
  joinedNotedCells,
  jsonToCsvText,
  jsonToRelational,
  type Notice,
  relationalToJson,
} from '@unnest/engine';
import {
  type ConversionChoices,
  type ConversionMode,
  csvDialectFields,
  delimiterChar,
} from '../components/conversion-options';
import { PREVIEW_ROWS, type PreviewTable, tableOfText } from '../lib/preview-rows';
import { hasTables } from './plan-editing';
import { relationalTables } from './plan-preview';

/** Inputs up to this size are previewed in the browser; bigger ones are only converted on the server. */
export const LOCAL_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

/** What the preview table reads: the result as CSV text, or as JSON text. */
export interface PreviewSource {
  text: string;
  kind: 'csv' | 'json';
}

/**
 * Converts the input in the browser with the same engine and options as the server, for the preview
 * of a result the server stored (an XLSX or a file result is not downloaded just to be previewed).
 */
export async function localPreview(
  input: string,
  mode: ConversionMode,
  choices: ConversionChoices,
  plan?: FlattenPlanDocument,
  onNotice?: (notice: Notice) => void,
): Promise<PreviewSource> {
  if (mode === 'csv-to-json') return { text: await csvToJsonText(input, csvReadingOptions(choices)), kind: 'json' };
  const options = { ...tableOptions(choices), ...(onNotice === undefined ? {} : { onNotice }) };
  // Relational output: the main table is what the preview shows (the own tables are in the download).
  if (plan !== undefined && hasTables(plan))
    return { text: (await relationalTables(input, plan, options)).main, kind: 'csv' };
  const text = await jsonToCsvText(input, {
    ...options,
    ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }),
  });
  return { text, kind: 'csv' };
}

/** The engine options of a CSV to JSON conversion with these choices, as the server reads the same fields. */
function csvReadingOptions(choices: ConversionChoices): CsvToJsonOptions {
  const dialect = csvDialectFields(choices);
  return {
    ...(dialect.delimiter === undefined ? {} : { delimiter: dialect.delimiter }),
    ...(dialect.quote === undefined ? {} : { quote: dialect.quote }),
    ...(dialect.escape === undefined ? {} : { escape: dialect.escape }),
    ...(dialect.skip_rows === undefined ? {} : { skipRows: dialect.skip_rows }),
    ...(dialect.header_rows === undefined ? {} : { headerRows: dialect.header_rows }),
    ...(dialect.types === undefined ? {} : { typing: dialect.types }),
    ...(dialect.pretty === undefined ? {} : { pretty: dialect.pretty }),
    ...(dialect.ndjson === undefined ? {} : { ndjson: dialect.ndjson }),
    ...(dialect.unflatten === undefined ? {} : { unflatten: dialect.unflatten }),
    ...(dialect.separator === undefined ? {} : { separator: dialect.separator }),
    ...(dialect.header === undefined ? {} : { header: dialect.header }),
    excelSafe: choices.excelSafe,
  };
}

/**
 * The JSON of a CSV file, read as the server reads the upload: its bytes, in the encoding chosen or detected
 * (its text would be UTF-8 only, so a Windows-1252 file's accents would show as U+FFFD in the preview of a
 * result that has them).
 */
async function csvFilePreview(file: Blob, choices: ConversionChoices): Promise<PreviewSource> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const options = {
    ...csvReadingOptions(choices),
    ...(choices.encoding === 'auto' ? {} : { encoding: choices.encoding }),
  };
  return { text: await textOf(csvToJson([bytes], options)), kind: 'json' };
}

/** The UTF-8 text of the engine's output. */
async function textOf(output: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for await (const chunk of output) parts.push(decoder.decode(chunk, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}

/** The engine options of a JSON to CSV (or TSV) conversion with these choices. */
function tableOptions(choices: ConversionChoices) {
  return {
    arrays: choices.arrays,
    bom: choices.bom,
    excelSafe: choices.excelSafe,
    groupArrayColumns: choices.groupArrayColumns,
    ...(choices.recordsPath === '' ? {} : { recordsPath: choices.recordsPath }),
    delimiter: choices.outputFormat === 'csv' ? delimiterChar(choices.delimiter) : undefined,
    format: choices.outputFormat === 'tsv' ? ('tsv' as const) : ('csv' as const),
  };
}

/** Pasted JSON to look at, with the options and plan of its conversion. */
export interface JsonNoticesTask {
  text: string;
  choices: ConversionChoices;
  plan: FlattenPlanDocument | undefined;
}

/**
 * What a conversion of pasted JSON says besides its bytes, which the download answer does not carry: what the
 * formula guard changes (null when it is off, or for XLSX, which has no formulas), the records that hold a
 * key twice and the strings whose lone surrogates become U+FFFD. Found by the same engine the server runs,
 * with the same choices.
 */
export interface JsonNotices {
  formulaGuard: FormulaGuardSummary | null;
  duplicateKeys: ConversionDuplicateKeys | null;
  loneSurrogates: ConversionLoneSurrogates | null;
}

/** Nothing said besides the bytes: CSV input, or notices that could not be found. */
export const NO_JSON_NOTICES: JsonNotices = { formulaGuard: null, duplicateKeys: null, loneSurrogates: null };

/** Gathers a JSON conversion's notices as it runs; `found` answers them once it has ended. */
export function jsonNoticeCollector(choices: ConversionChoices): {
  onNotice: (notice: Notice) => void;
  found: () => JsonNotices;
} {
  let formulaGuard: FormulaGuardSummary | null = null;
  let duplicateKeys: ConversionDuplicateKeys | null = null;
  let loneSurrogates: ConversionLoneSurrogates | null = null;
  return {
    onNotice(notice) {
      if (notice.kind === 'formula-guard') formulaGuard = { cells: notice.cells, examples: notice.examples };
      else if (notice.kind === 'duplicate-keys') duplicateKeys = notice.repeated;
      else if (notice.kind === 'lone-surrogates') loneSurrogates = joinedNotedCells(loneSurrogates, notice);
    },
    // The engine writes XLSX's preview as CSV (guarded); the workbook itself has no formulas.
    found: () => ({
      formulaGuard: choices.outputFormat === 'xlsx' ? null : formulaGuard,
      duplicateKeys,
      loneSurrogates,
    }),
  };
}

/** The notices of pasted JSON (see `JsonNotices`), from a conversion here that keeps no bytes. */
export async function localJsonNotices({ text: input, choices, plan }: JsonNoticesTask): Promise<JsonNotices> {
  const notices = jsonNoticeCollector(choices);
  const options = { ...tableOptions(choices), onNotice: notices.onNotice };
  if (plan !== undefined && hasTables(plan)) {
    const bytes = new TextEncoder().encode(input);
    const written = jsonToRelational([bytes], { ...options, plan: checkFlattenPlan(plan, { relational: true }) });
    for await (const chunk of written) void chunk;
  } else {
    await jsonToCsvText(input, { ...options, ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }) });
  }
  return notices.found();
}

/** The JSON a relational ZIP reads back to, made in the browser for the preview. */
export async function relationalZipPreview(zip: Uint8Array): Promise<PreviewSource> {
  return { text: await textOf(relationalToJson([zip])), kind: 'json' };
}

/**
 * How the preview of a result is made: made already; from the result's own text; from the input converted again here
 * with the same options (an XLSX or a relational ZIP is no text to show; a stored file is not downloaded
 * just to be previewed); or from a relational ZIP read back.
 */
export type PreviewJob =
  /** Made already, where the result was (a conversion in a worker). */
  | { kind: 'table'; table: PreviewTable }
  | { kind: 'text'; text: string; format: 'csv' | 'json' }
  | {
      kind: 'convert';
      input: File | string;
      mode: ConversionMode;
      choices: ConversionChoices;
      plan: FlattenPlanDocument | undefined;
    }
  | { kind: 'zip'; zip: Blob };

/** The first rows of a result, made as the job says. */
export async function tableOfJob(job: PreviewJob): Promise<PreviewTable> {
  if (job.kind === 'table') return job.table;
  const source = await previewSourceOf(job);
  return tableOfText({ ...source, limit: PREVIEW_ROWS });
}

async function previewSourceOf(job: Exclude<PreviewJob, { kind: 'table' }>): Promise<PreviewSource> {
  switch (job.kind) {
    case 'text':
      return { text: job.text, kind: job.format };
    case 'zip':
      return relationalZipPreview(new Uint8Array(await job.zip.arrayBuffer()));
    case 'convert': {
      if (typeof job.input !== 'string' && job.mode === 'csv-to-json') return csvFilePreview(job.input, job.choices);
      const input = typeof job.input === 'string' ? job.input : await job.input.text();
      return localPreview(input, job.mode, job.choices, job.plan);
    }
  }
}

/** How much input a preview job reads (characters of text, bytes of a file). */
export function previewJobSize(job: PreviewJob): number {
  if (job.kind === 'table') return 0;
  if (job.kind === 'text') return job.text.length;
  if (job.kind === 'zip') return job.zip.size;
  return typeof job.input === 'string' ? job.input.length : job.input.size;
}
