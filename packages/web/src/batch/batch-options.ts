import { type ConversionChoices, type ConversionMode, optionFields } from '../convert';

/**
 * Which options the selection needs: JSON files take the JSON to CSV options (format, delimiter,
 * arrays, BOM, spreadsheet-safe); a selection of CSV files only takes the CSV reading options.
 */
export function batchMode(files: readonly File[]): ConversionMode {
  return files.length > 0 && files.every((file) => file.name.toLowerCase().endsWith('.csv'))
    ? 'csv-to-json'
    : 'json-to-csv';
}

/** The option fields a batch sends, as the converter sends them for one file. */
export function batchFields(mode: ConversionMode, choices: ConversionChoices): Record<string, string> {
  return optionFields(mode, { ...choices, analysis: false });
}
