import type { UserSettings } from '@unnest/contracts';
import { type ConversionChoices, choicesFromSettings, optionFields } from '../components/conversion-options';

/** Whether a batch file is CSV (it becomes JSON); every other accepted file is JSON. */
export function isCsvName(name: string): boolean {
  return name.toLowerCase().endsWith('.csv');
}

/** The batch's options before any change: the saved settings' JSON to CSV choices (the defaults until they load). */
export function batchChoices(settings: UserSettings | undefined): ConversionChoices {
  return choicesFromSettings(settings, 'json-to-csv');
}

/**
 * The option fields a batch sends: the converter's JSON to CSV options, which the server applies to
 * every JSON file. CSV files always become JSON with their delimiter detected, so they take none.
 */
export function batchFields(choices: ConversionChoices): Record<string, string> {
  return optionFields('json-to-csv', { ...choices, analysis: false });
}
