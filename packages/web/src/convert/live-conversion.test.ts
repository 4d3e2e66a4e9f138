import { DEFAULT_SETTINGS } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { choicesFromSettings } from '../components/conversion-options';
import { convertLive } from './live-conversion';

describe('convertLive', () => {
  it('gives the CSV and, from the same conversion, what the guard changed and the keys held twice', async () => {
    const choices = choicesFromSettings(DEFAULT_SETTINGS, 'json-to-csv');
    const live = await convertLive({
      text: '[{"f":"=1+1","a":1,"a":2}]',
      mode: 'json-to-csv',
      choices: { ...choices, excelSafe: true },
      plan: undefined,
    });
    expect(live.text).toBe("f,a\n'=1+1,2\n");
    expect(live.formulaGuard).toEqual({ cells: 1, examples: [{ column: 'f', value: '=1+1' }] });
    expect(live.duplicateKeys).toEqual({ records: 1, record: 1, key: 'a' });
    // XLSX has no formulas: nothing guarded is said, the key held twice still is.
    const xlsx = await convertLive({
      text: '[{"f":"=1+1","a":1,"a":2}]',
      mode: 'json-to-csv',
      choices: { ...choices, excelSafe: true, outputFormat: 'xlsx' },
      plan: undefined,
    });
    expect(xlsx.formulaGuard).toBeNull();
    expect(xlsx.duplicateKeys).toEqual({ records: 1, record: 1, key: 'a' });
  });

  it('says nothing besides the JSON for CSV input', async () => {
    const live = await convertLive({
      text: 'a,b\n1,2\n',
      mode: 'csv-to-json',
      choices: choicesFromSettings(DEFAULT_SETTINGS, 'csv-to-json'),
      plan: undefined,
    });
    expect(live).toMatchObject({ formulaGuard: null, duplicateKeys: null });
  });
});
