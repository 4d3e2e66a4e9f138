import {
  ARRAY_STRATEGIES,
  type ArrayStrategyName,
  CONVERSION_TEXTS,
  ConversionOptionFields,
  delimiterFromSetting,
  OUTPUT_FORMATS,
  type OutputFormat,
  type UserSettings,
} from '@unnest/contracts';
import { type CellTyping, type CsvToJsonOptions, type FlattenPlan, normalizeCsvToJsonOptions } from '@unnest/engine';
import { engineFailure } from '../platform/engine-errors.js';
import { AppError, unknownFieldText } from '../platform/errors.js';
import type { InputFormat } from '../platform/file-names.js';
import { planFromField } from '../platform/flatten-plan-field.js';
import type { PlanLimits } from '../platform/plan-catalogue.js';

/**
 * Conversion options as a request sends them: the names of ConversionOptionFields, each as text (a multipart
 * field, checked here) or, for a yes-or-no option, also a boolean (the query string, checked by the route's
 * schema, whose coercion turns `true` and `false` into booleans; a JSON body).
 */
export type OptionFields = {
  [Name in keyof ConversionOptionFields]?: [Extract<ConversionOptionFields[Name], boolean>] extends [never]
    ? string
    : string | boolean;
};

const OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys(ConversionOptionFields.properties));

/** Whether a multipart field (or any named value) is one of the conversion options. */
export function isOptionName(name: string): name is keyof OptionFields {
  return OPTION_NAMES.has(name);
}

/**
 * Refuses a form field that is neither a conversion option nor one of `others` (the file's field), as the
 * query string's schema refuses a name it does not know: a misspelt option must not convert with the default.
 */
export function unknownOptionField(name: string, others: readonly string[]): AppError {
  return new AppError('VALIDATION_FAILED', { detail: unknownFieldText(name, [...others, ...OPTION_NAMES]) });
}

/** The options one conversion runs with, after request fields, settings and plan are combined. */
export interface ResolvedOptions {
  outputFormat: OutputFormat;
  delimiter: string;
  arrays: ArrayStrategyName;
  bom: boolean;
  /**
   * JSON input: write the formula guard. CSV input: undo it (asked for only; default false). A relational ZIP:
   * undo as the request says, else as the ZIP says (`undefined`).
   */
  excelSafe: boolean | undefined;
  /** JSON to a single table: each array's columns kept together (off unless asked, so the API's output stays). */
  groupArrayColumns: boolean;
  /** The premium analysis asked for explicitly (a plan that includes it runs it anyway). */
  analysis: boolean;
  /** The flattening plan asked for (JSON input only). */
  flattenPlan?: FlattenPlan;
  /** `plan=auto`: the worker profiles the input and applies the proposal (JSON input only). */
  autoPlan?: true;
  /** The records path asked for (JSON input only). */
  recordsPath?: string;
  /** Relational output: the plan's `table` paths in tables of their own (JSON input only). */
  relational: boolean;
  /** CSV input: the parts of its dialect given (each sniffed when absent). */
  csvDialect?: CsvDialectGiven;
}

/** The parts of a CSV's dialect a request gives, as the engine takes them. */
export type CsvDialectGiven = Pick<
  CsvToJsonOptions,
  | 'delimiter'
  | 'quote'
  | 'escape'
  | 'skipRows'
  | 'headerRows'
  | 'typing'
  | 'encoding'
  | 'pretty'
  | 'ndjson'
  | 'unflatten'
  | 'separator'
  | 'header'
>;

/** The yes-or-no options of CSV input, by the engine's name. */
const CSV_FLAGS = ['pretty', 'ndjson', 'unflatten', 'header'] as const;
/** Every option that applies to CSV input only. */
const CSV_ONLY = [
  'quote',
  'escape',
  'skip_rows',
  'header_rows',
  'types',
  'encoding',
  'separator',
  ...CSV_FLAGS,
] as const;

function invalid(detail: string): AppError {
  return new AppError('VALIDATION_FAILED', { detail });
}

function flag(value: string | boolean | undefined, name: string, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(`${name} must be true or false`);
}

/** Whether a quick convert keeps each array's columns together (its one option; off unless asked). */
export function quickConvertGrouping(value: string | boolean | undefined): boolean {
  return flag(value, 'group_array_columns', false);
}

/** The `plan` field's value that asks for the input to be profiled and the proposal applied. */
export const AUTO_PLAN = 'auto';

/**
 * The plan and whether the output is relational: asked for with `relational`, or by default when the plan
 * has a `table` path (a plan with one is refused when `relational` is false, as a single table cannot hold
 * it). A relational ZIP holds its own plan, so it is read back without one. `plan=auto` (JSON input only)
 * leaves the plan to the worker, which profiles the input and applies the proposal (relational when asked).
 */
function flattening(
  fields: OptionFields,
  input: InputFormat,
): { flattenPlan?: FlattenPlan; autoPlan?: true; relational: boolean } {
  if (input === 'zip' && fields.plan?.trim()) throw invalid('A relational ZIP is read back under the plan inside it');
  if (fields.plan?.trim() === AUTO_PLAN) {
    if (input !== 'json') throw invalid('plan=auto applies to JSON input only');
    return { autoPlan: true, relational: flag(fields.relational, 'relational', false) };
  }
  const flattenPlan = planFromField(fields.plan, { relational: input === 'json' });
  const hasTable = flattenPlan?.paths.some((entry) => entry.strategy === 'table') ?? false;
  const relational = flag(fields.relational, 'relational', hasTable);
  if (relational && input !== 'json') throw invalid('Relational output applies to JSON input only');
  if (relational && !hasTable) throw invalid('Relational output needs a plan with `table` paths, or plan=auto');
  // Without relational output, the plan is checked again as a single table's (`table` refused, saying why).
  if (!relational && hasTable) planFromField(fields.plan);
  return { ...(flattenPlan === undefined ? {} : { flattenPlan }), relational };
}

/**
 * The formula guard: written from JSON as the request or the user's setting says; undone from a CSV only when
 * asked (a foreign file's own leading ' stays); for a ZIP as asked, else as the ZIP itself says.
 */
function guardOption(
  value: string | boolean | undefined,
  settings: UserSettings,
  input: InputFormat,
): boolean | undefined {
  if (input === 'json') return flag(value, 'excel_safe', settings.excel_safe);
  if (input === 'zip' && (value === undefined || value === '')) return undefined;
  return flag(value, 'excel_safe', false);
}

function rowCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]{1,4}$/.test(value)) throw invalid(`${name} must be a whole number`);
  return Number(value);
}

/**
 * The dialect a CSV is read with, as far as the request gives it (checked here as the reader checks it, so a
 * wrong one is refused before anything is stored); refused for other input, which has no dialect.
 */
function csvDialect(fields: OptionFields, input: InputFormat): CsvDialectGiven | undefined {
  const skipRows = rowCount(fields.skip_rows, 'skip_rows');
  const headerRows = rowCount(fields.header_rows, 'header_rows');
  const given: CsvDialectGiven = {
    ...(fields.delimiter ? { delimiter: fields.delimiter } : {}),
    ...(fields.quote ? { quote: fields.quote } : {}),
    ...(fields.escape ? { escape: fields.escape } : {}),
    ...(skipRows === undefined ? {} : { skipRows }),
    ...(headerRows === undefined ? {} : { headerRows }),
    // Checked below, as the reader checks it.
    ...(fields.types ? { typing: fields.types as CellTyping } : {}),
    ...(fields.encoding ? { encoding: fields.encoding } : {}),
    ...(fields.separator ? { separator: fields.separator } : {}),
  };
  for (const name of CSV_FLAGS) {
    const value = fields[name];
    if (value !== undefined && value !== '') given[name] = flag(value, name, false);
  }
  if (input !== 'csv') {
    const named = CSV_ONLY.find((name) => fields[name] !== undefined && fields[name] !== '');
    if (named !== undefined) throw invalid(`${named} applies to CSV input only`);
    return undefined;
  }
  try {
    normalizeCsvToJsonOptions(given);
  } catch (error) {
    throw engineFailure(error, CONVERSION_TEXTS.conversionFailed);
  }
  return given;
}

/** The premium analysis asked for explicitly; relational output carries none, so asking for both is refused. */
function analysisAsked(fields: OptionFields, relational: boolean): boolean {
  const asked = flag(fields.analysis, 'analysis', false);
  if (asked && relational) throw invalid('The analysis is made of single-table conversions, not relational output');
  return asked;
}

/**
 * Combines the request's option fields with the user's settings (defaults for whatever the request
 * leaves out) and checks them against the input and the plan. A format asked for explicitly and not
 * in the plan is refused; a default format the plan lacks (or that does not fit the input) falls back.
 */
export function resolveOptions(
  fields: OptionFields,
  settings: UserSettings,
  plan: PlanLimits,
  input: InputFormat,
): ResolvedOptions {
  const asked = fields.output_format?.trim().toLowerCase() || undefined;
  let outputFormat: OutputFormat;
  if (asked !== undefined) {
    if (!(OUTPUT_FORMATS as readonly string[]).includes(asked)) {
      throw invalid(`Unknown output format '${asked}'. Choose csv, tsv, xlsx or json.`);
    }
    outputFormat = asked as OutputFormat;
    if (input !== 'json' && outputFormat !== 'json') throw invalid(`A ${input.toUpperCase()} file converts to json`);
    if (input === 'json' && outputFormat === 'json') throw invalid('A JSON file converts to csv, tsv or xlsx');
    if (!plan.formats.includes(outputFormat)) {
      throw new AppError('FORMAT_NOT_IN_PLAN', {
        detail: `${outputFormat.toUpperCase()} output is not included in the ${plan.name} plan. Upgrade your plan to use it.`,
      });
    }
  } else if (input !== 'json') {
    outputFormat = 'json';
  } else {
    const preferred = settings.default_format;
    outputFormat = preferred !== 'json' && plan.formats.includes(preferred) ? preferred : 'csv';
  }
  const dialect = csvDialect(fields, input);
  // A CSV's delimiter given is read as its dialect says (', ' too); the setting is for writing CSV.
  const delimiter = delimiterFromSetting((dialect === undefined ? fields.delimiter : undefined) ?? settings.delimiter);
  if (delimiter === undefined)
    throw invalid('The delimiter must be one character (not a quote or a line break), or "tab"');
  const arrays = (fields.array_strategy ?? settings.array_strategy) as ArrayStrategyName;
  if (!(ARRAY_STRATEGIES as readonly string[]).includes(arrays)) {
    throw invalid(`Unknown array strategy '${arrays}'. Choose index, json, join or explode.`);
  }
  const { flattenPlan, autoPlan, relational } = flattening(fields, input);
  const recordsPath = fields.records?.trim() || undefined;
  if (input !== 'json' && recordsPath !== undefined) throw invalid('A records path applies to JSON input only');
  return {
    relational,
    ...(flattenPlan === undefined ? {} : { flattenPlan }),
    ...(autoPlan === undefined ? {} : { autoPlan }),
    ...(recordsPath === undefined ? {} : { recordsPath }),
    outputFormat,
    delimiter,
    arrays,
    bom: flag(fields.include_bom, 'include_bom', settings.include_bom),
    excelSafe: guardOption(fields.excel_safe, settings, input),
    // Checked whatever the input; CSV input and relational output have no column order of their own to set.
    groupArrayColumns:
      flag(fields.group_array_columns, 'group_array_columns', false) && input === 'json' && !relational,
    analysis: analysisAsked(fields, relational),
    ...(dialect === undefined ? {} : { csvDialect: dialect }),
  };
}
