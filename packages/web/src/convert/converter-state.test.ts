// @vitest-environment node
import { CONVERSION_TEXTS, type ConversionResult, DEFAULT_SETTINGS, type FlattenPlanDocument } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import type { ConversionOutcome } from './conversion-outcome';
import {
  type ConverterAction,
  type ConverterState,
  compareBlockedReason,
  comparedConversion,
  conversionToRun,
  converterReducer,
  initialConverterState,
  isConvertShortcut,
  liveRequestOf,
  offersAnalysisForCredit,
  planInputOf,
} from './converter-state';
import { LIVE_MAX_BYTES } from './live-conversion';

const PLAN: FlattenPlanDocument = { version: 1, paths: [{ path: 'tags', strategy: 'json' }] };

function after(...actions: ConverterAction[]): ConverterState {
  return actions.reduce(converterReducer, initialConverterState());
}

const jsonFile = new File(['[{"id": 1}]'], 'people.json');

/** A JSON to CSV conversion the server stored: its answer and the outcome made of it. */
function storedCsv(): { response: ConversionResult; stored: ConversionOutcome } {
  const response = { output_format: 'csv', file_id: 'f1', original_filename: 'people.json' } as ConversionResult;
  return {
    response,
    stored: { kind: 'file', response, preview: null, formulaGuard: null, duplicateKeys: null, loneSurrogates: null },
  };
}

describe('converter state', () => {
  it('takes a file of the direction chosen and says which ones otherwise', () => {
    expect(after({ type: 'file', file: jsonFile }).file).toBe(jsonFile);
    const refused = after({ type: 'file', file: jsonFile }, { type: 'file', file: new File(['x'], 'data.csv') });
    expect(refused.file).toBeNull();
    expect(refused.inputError).toBe('Please select a .json file');
    const csvWanted = after({ type: 'mode', mode: 'csv-to-json' }, { type: 'file', file: jsonFile });
    expect(csvWanted.inputError).toBe('Please select a .csv or .zip file');
    expect(
      after({ type: 'mode', mode: 'csv-to-json' }, { type: 'file', file: new File(['x'], 'T.ZIP') }).file?.name,
    ).toBe('T.ZIP');
  });

  it('a new direction starts from no input and no error', () => {
    const state = after(
      { type: 'text', text: '[1]' },
      { type: 'file', file: new File(['x'], 'x.txt') },
      { type: 'mode', mode: 'csv-to-json' },
    );
    expect(state).toMatchObject({ mode: 'csv-to-json', file: null, text: '', inputError: null });
  });

  it('pasting switches to text; a refused clipboard is an error that keeps the input', () => {
    expect(after({ type: 'pasted', text: 'a,b' })).toMatchObject({ inputKind: 'text', text: 'a,b' });
    const refused = after(
      { type: 'text', text: '[1]' },
      { type: 'input-error', message: 'Failed to read from clipboard' },
    );
    expect(refused).toMatchObject({ text: '[1]', inputError: 'Failed to read from clipboard' });
    expect(after({ type: 'file', file: jsonFile }, { type: 'text', text: 'x' }, { type: 'clear' })).toMatchObject({
      file: null,
      text: '',
    });
  });

  it('options follow the saved settings for the direction, and Spreadsheet-safe changes alone', () => {
    const saved = { ...DEFAULT_SETTINGS, delimiter: ';', excel_safe: false };
    const json = after({ type: 'settings', settings: saved, mode: 'json-to-csv' });
    expect(json.choices).toMatchObject({ delimiter: ';', excelSafe: false });
    const csv = after({ type: 'settings', settings: saved, mode: 'csv-to-json' }, { type: 'excel-safe', on: true });
    expect(csv.choices).toMatchObject({ delimiter: 'auto', excelSafe: true });
  });

  it("a records path chosen for one file's result is sent with it, and other input finds its records again", () => {
    const chosen = after({ type: 'file', file: jsonFile });
    const withPath = converterReducer(chosen, {
      type: 'choices',
      choices: { ...chosen.choices, recordsPath: 'data.users' },
    });
    const run = conversionToRun(withPath, false);
    expect('request' in run && run.request.choices.recordsPath).toBe('data.users');
    for (const action of [
      { type: 'file', file: jsonFile },
      { type: 'input-kind', inputKind: 'text' },
      { type: 'text', text: '{}' },
      { type: 'clear' },
    ] satisfies ConverterAction[])
      expect(converterReducer(withPath, action).choices.recordsPath).toBe('');
  });

  it('an unchanged plan leaves the state as it is (the panel reports it after every render)', () => {
    const state = after({ type: 'plan', plan: PLAN });
    expect(converterReducer(state, { type: 'plan', plan: PLAN })).toBe(state);
  });

  it('asks for the conversion of the input with the plan of JSON to CSV, or says what is missing', () => {
    expect(conversionToRun(initialConverterState(), false)).toEqual({ missing: CONVERSION_TEXTS.noFile });
    expect(
      conversionToRun(after({ type: 'input-kind', inputKind: 'text' }, { type: 'text', text: '  ' }), false),
    ).toEqual({
      missing: CONVERSION_TEXTS.emptyJsonText,
    });
    const csvText = after({ type: 'mode', mode: 'csv-to-json' }, { type: 'input-kind', inputKind: 'text' });
    expect(conversionToRun(csvText, false)).toEqual({ missing: CONVERSION_TEXTS.emptyCsvText });

    const withPlan = after({ type: 'file', file: jsonFile }, { type: 'plan', plan: PLAN });
    const run = conversionToRun(withPlan, false);
    expect(run).toMatchObject({ request: { input: 'file', file: jsonFile, mode: 'json-to-csv', plan: PLAN } });
    const csvRun = conversionToRun(
      after({ type: 'plan', plan: PLAN }, { type: 'mode', mode: 'csv-to-json' }, { type: 'pasted', text: 'a\n1' }),
      false,
    );
    expect(csvRun).toMatchObject({ request: { input: 'text', text: 'a\n1', mode: 'csv-to-json', plan: null } });
  });

  it('sends the analysis option only where a credit pays for it', () => {
    const asked = after(
      { type: 'file', file: jsonFile },
      { type: 'choices', choices: { ...initialConverterState().choices, analysis: true } },
    );
    expect(offersAnalysisForCredit(asked, false)).toBe(true);
    expect(offersAnalysisForCredit(asked, true)).toBe(false);
    expect(offersAnalysisForCredit(asked, undefined)).toBe(false);
    expect(conversionToRun(asked, true)).toMatchObject({ request: { choices: { analysis: true } } });
    expect(conversionToRun(asked, false)).toMatchObject({ request: { choices: { analysis: false } } });
  });

  it('proposes a plan for JSON input only', () => {
    expect(planInputOf(initialConverterState())).toBeNull();
    expect(planInputOf(after({ type: 'file', file: jsonFile }))).toBe(jsonFile);
    expect(planInputOf(after({ type: 'pasted', text: ' ' }))).toBeNull();
    expect(planInputOf(after({ type: 'pasted', text: '[1]' }))).toBe('[1]');
    expect(planInputOf(after({ type: 'mode', mode: 'csv-to-json' }, { type: 'pasted', text: 'a' }))).toBeNull();
  });

  it('compares the last JSON to CSV result: a stored CSV, or pasted JSON under the plan it was converted with', () => {
    const { response, stored } = storedCsv();
    const last = { mode: 'json-to-csv', text: '', convertedPlan: null } as const;
    expect(comparedConversion(last, stored)).toEqual({ kind: 'file', fileId: 'f1', filename: 'people.json' });
    const xlsx = { ...stored, response: { ...response, output_format: 'xlsx' } } as ConversionOutcome;
    expect(comparedConversion(last, xlsx)).toBeNull();
    expect(comparedConversion({ ...last, mode: 'csv-to-json' }, stored)).toBeNull();
    expect(comparedConversion(last, null)).toBeNull();

    const pasted = after(
      { type: 'pasted', text: '[{"a": "=1"}]' },
      { type: 'plan', plan: PLAN },
      { type: 'converting', plan: PLAN },
    );
    const inHand: ConversionOutcome & { kind: 'text' } = {
      kind: 'text',
      blob: new Blob(["a\n'=1"]),
      fileName: 'converted.csv',
      text: "a\n'=1",
      preview: { kind: 'text', text: "a\n'=1", format: 'csv' },
      formulaGuard: { cells: 1, examples: [] },
      duplicateKeys: null,
      loneSurrogates: null,
    };
    expect(comparedConversion(pasted, inHand)).toEqual({
      kind: 'text',
      json: '[{"a": "=1"}]',
      csv: "a\n'=1",
      filename: 'pasted.json',
      plan: PLAN,
      excelSafe: true,
    });
    expect(comparedConversion(pasted, { ...inHand, text: null })).toBeNull();
  });

  it('converts pasted text as it is typed up to LIVE_MAX_BYTES, into text formats only, with the plan', () => {
    const pasted = after({ type: 'pasted', text: '[{"a": 1}]' }, { type: 'plan', plan: PLAN });
    expect(liveRequestOf(pasted)).toEqual({
      text: '[{"a": 1}]',
      mode: 'json-to-csv',
      choices: pasted.choices,
      plan: PLAN,
    });
    expect(liveRequestOf(after({ type: 'file', file: jsonFile }))).toBeNull();
    expect(liveRequestOf(after({ type: 'pasted', text: '  \n' }))).toBeNull();
    // Bytes count, not characters: 'é' is two.
    expect(liveRequestOf(after({ type: 'pasted', text: `"${'x'.repeat(LIVE_MAX_BYTES - 2)}"` }))).not.toBeNull();
    expect(liveRequestOf(after({ type: 'pasted', text: `"${'é'.repeat(LIVE_MAX_BYTES / 2)}"` }))).toBeNull();
    const xlsx = { ...initialConverterState().choices, outputFormat: 'xlsx' as const };
    expect(liveRequestOf(after({ type: 'pasted', text: '[1]' }, { type: 'choices', choices: xlsx }))).toBeNull();
    const tables: FlattenPlanDocument = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    expect(liveRequestOf(after({ type: 'pasted', text: '[1]' }, { type: 'plan', plan: tables }))).toBeNull();
    const csv = after(
      { type: 'mode', mode: 'csv-to-json' },
      { type: 'pasted', text: 'a\n1' },
      { type: 'plan', plan: PLAN },
    );
    expect(liveRequestOf(csv)).toMatchObject({ mode: 'csv-to-json', plan: undefined });
  });

  it('says why Compare cannot open, until a JSON to CSV conversion made on the server gives it a CSV', () => {
    const state = initialConverterState();
    const { stored } = storedCsv();
    expect(compareBlockedReason(state, null, null)).toBe('Compare needs a converted file: convert first.');
    const live: ConversionOutcome = {
      kind: 'live',
      text: 'a\n1\n',
      preview: { kind: 'text', text: 'a\n1\n', format: 'csv' },
      formulaGuard: null,
      duplicateKeys: null,
      loneSurrogates: null,
    };
    expect(compareBlockedReason(state, live, null)).toBe('Compare needs a converted file: convert first.');
    expect(compareBlockedReason({ ...state, mode: 'csv-to-json' }, null, null)).toBe(
      'Compare checks a JSON to CSV conversion: switch to JSON to CSV and convert first.',
    );
    expect(compareBlockedReason(state, stored, null)).toBe('Compare reads CSV or TSV: convert to CSV or TSV first.');
    const tables: FlattenPlanDocument = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    expect(compareBlockedReason({ ...state, convertedPlan: tables }, stored, null)).toBe(
      'Compare reads one CSV table: convert without tables of their own first.',
    );
    expect(compareBlockedReason(state, stored, comparedConversion(state, stored))).toBeNull();
  });

  it('converts on Ctrl+Enter or Cmd+Enter, not on Enter alone', () => {
    expect(isConvertShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isConvertShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isConvertShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isConvertShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});
