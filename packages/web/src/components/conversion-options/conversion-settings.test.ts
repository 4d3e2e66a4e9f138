import { DEFAULT_SETTINGS } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { choicesFromSettings, csvDialectFields, optionFields } from './conversion-settings';

describe('conversion choices', () => {
  it('guard CSV downloads against formula injection unless the user turned it off (DESIGN 7.12)', () => {
    const before = choicesFromSettings(undefined, 'json-to-csv');
    expect(before.excelSafe).toBe(true);
    expect(optionFields('json-to-csv', before)).toMatchObject({ excel_safe: 'true' });
    const off = choicesFromSettings({ ...DEFAULT_SETTINGS, excel_safe: false }, 'json-to-csv');
    expect(optionFields('json-to-csv', off)).toMatchObject({ excel_safe: 'false' });
  });

  it("keep each array's columns together by default, as the API does only when asked", () => {
    const before = choicesFromSettings(undefined, 'json-to-csv');
    expect(before.groupArrayColumns).toBe(true);
    expect(optionFields('json-to-csv', before)).toMatchObject({ group_array_columns: 'true' });
    expect(optionFields('json-to-csv', { ...before, groupArrayColumns: false })).toMatchObject({
      group_array_columns: 'false',
    });
    expect(optionFields('csv-to-json', choicesFromSettings(undefined, 'csv-to-json'))).not.toHaveProperty(
      'group_array_columns',
    );
  });

  it('start CSV input on automatic delimiter detection and JSON input on the saved delimiter', () => {
    const settings = { ...DEFAULT_SETTINGS, delimiter: ';' };
    // CSV to JSON undoes Spreadsheet-safe as the saved setting writes it (on by default), so a round trip is exact.
    expect(optionFields('csv-to-json', choicesFromSettings(settings, 'csv-to-json'))).toEqual({
      output_format: 'json',
      excel_safe: 'true',
    });
    expect(optionFields('csv-to-json', choicesFromSettings({ ...settings, excel_safe: false }, 'csv-to-json'))).toEqual(
      { output_format: 'json', excel_safe: 'false' },
    );
    expect(optionFields('json-to-csv', choicesFromSettings(settings, 'json-to-csv'))).toMatchObject({ delimiter: ';' });
  });

  it('ask for the analysis (one credit on a plan without it) only when it was chosen', () => {
    const chosen = choicesFromSettings(undefined, 'json-to-csv');
    expect(chosen.analysis).toBe(false);
    expect(optionFields('json-to-csv', chosen)).not.toHaveProperty('analysis');
    expect(optionFields('json-to-csv', { ...chosen, analysis: true })).toMatchObject({ analysis: 'true' });
  });

  it('sends only the CSV dialect parts chosen by hand, under the API field names', () => {
    const auto = choicesFromSettings(undefined, 'csv-to-json');
    expect(csvDialectFields(auto)).toEqual({});
    const chosen = { ...auto, delimiter: 'space', quote: "'", escape: '\\', skipRows: '2', headerRows: '3' };
    expect(csvDialectFields(chosen)).toEqual({
      delimiter: ' ',
      quote: "'",
      escape: '\\',
      skip_rows: 2,
      header_rows: 3,
    });
    expect(csvDialectFields({ ...auto, delimiter: ', ', skipRows: '0' })).toEqual({ delimiter: ', ', skip_rows: 0 });
  });

  it('sends the records path of JSON input only when one was chosen', () => {
    const found = choicesFromSettings(undefined, 'json-to-csv');
    expect(optionFields('json-to-csv', found)).not.toHaveProperty('records');
    expect(optionFields('json-to-csv', { ...found, recordsPath: 'data.users' })).toMatchObject({
      records: 'data.users',
    });
    expect(optionFields('json-to-csv', { ...found, recordsPath: '.' })).toMatchObject({ records: '.' });
  });

  it('sends the typing only when chosen, as pasted CSV and an uploaded file', () => {
    const auto = choicesFromSettings(undefined, 'csv-to-json');
    expect(auto.types).toBe('auto');
    expect(csvDialectFields({ ...auto, types: 'per-column' })).toEqual({ types: 'per-column' });
    expect(optionFields('csv-to-json', { ...auto, types: 'strings' })).toMatchObject({ types: 'strings' });
    expect(optionFields('csv-to-json', auto)).not.toHaveProperty('types');
  });
});
