import type { ArrayStrategyName, UserSettings } from '@unnest/contracts';

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
  excelSafe: boolean;
}

/** The options a new conversion starts from: the user's saved settings. */
export function choicesFromSettings(settings: UserSettings | undefined, mode: ConversionMode): ConversionChoices {
  const preferred = settings?.default_format;
  return {
    outputFormat: preferred === 'xlsx' ? 'xlsx' : 'csv',
    delimiter: mode === 'csv-to-json' ? 'auto' : (settings?.delimiter ?? ','),
    arrays: settings?.array_strategy ?? 'index',
    bom: settings?.include_bom ?? false,
    excelSafe: settings?.excel_safe ?? false,
  };
}

/** The option fields the API takes (multipart fields or query string), as text. */
export function optionFields(mode: ConversionMode, choices: ConversionChoices): Record<string, string> {
  if (mode === 'csv-to-json') {
    return choices.delimiter === 'auto'
      ? { output_format: 'json' }
      : { output_format: 'json', delimiter: choices.delimiter };
  }
  return {
    output_format: choices.outputFormat,
    ...(choices.outputFormat === 'csv' ? { delimiter: choices.delimiter } : {}),
    array_strategy: choices.arrays,
    include_bom: String(choices.bom),
    excel_safe: String(choices.excelSafe),
  };
}

/** The delimiter character a choice stands for (`tab` is a tab). */
export function delimiterChar(choice: string): string {
  return choice === 'tab' ? '\t' : choice;
}
