// @vitest-environment node
import type { CompareDataResponse } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { fileComparisonSource, textComparisonSource } from './comparison-source';
import { analysisBody, analysisView, comparedTexts, comparisonReducer, INITIAL_COMPARISON } from './comparison-state';

const STORED: CompareDataResponse = {
  original_json: '[{"a":1}]',
  converted_csv: 'a\n1\n',
  filename: 'people_converted.csv',
  original_size: 9,
  size: 4,
  excel_safe: true,
};

describe('the comparison state', () => {
  it('opens on the side-by-side view and keeps the tab chosen', () => {
    expect(INITIAL_COMPARISON.tab).toBe('side-by-side');
    const state = comparisonReducer(INITIAL_COMPARISON, { type: 'tab-chosen', tab: 'reconverted' });
    expect(state.tab).toBe('reconverted');
    expect(comparisonReducer(state, { type: 'tab-chosen', tab: 'reconverted' })).toBe(state);
  });

  it("takes a text source's texts and options as they are, and names its CSV after the JSON", () => {
    const source = textComparisonSource('[{"a":"=1"}]', "a\n'=1\n", 'people.JSON', { excelSafe: true });
    expect(comparedTexts(source, undefined)).toEqual({
      key: source.key,
      filename: 'people.JSON',
      csvName: 'people.csv',
      original: '[{"a":"=1"}]',
      csv: "a\n'=1\n",
      plan: undefined,
      excelSafe: true,
    });
  });

  it("takes a stored file's texts, name and guard from the server's answer once it is there", () => {
    const source = fileComparisonSource('f-1', 'people.json');
    expect(comparedTexts(source, undefined)).toMatchObject({ original: undefined, csv: undefined, excelSafe: false });
    expect(comparedTexts(source, STORED)).toMatchObject({
      key: 'file:f-1',
      csvName: 'people_converted.csv',
      original: STORED.original_json,
      csv: STORED.converted_csv,
      excelSafe: true,
    });
    expect(comparedTexts(null, undefined)).toMatchObject({ key: '', filename: 'data.json' });
  });

  it('asks for the analysis only when open with the CSV known: by file id, or with the texts and options', () => {
    const file = fileComparisonSource('f-1', 'people.json');
    expect(analysisBody(false, file, 'a\n1\n')).toBeUndefined();
    expect(analysisBody(true, file, undefined)).toBeUndefined();
    expect(analysisBody(true, null, 'a\n1\n')).toBeUndefined();
    expect(analysisBody(true, file, 'a\n1\n')).toEqual({ file_id: 'f-1' });
    const text = textComparisonSource('[{"a":1}]', 'a\n1\n', 'data.json', { excelSafe: false });
    expect(analysisBody(true, text, 'a\n1\n')).toEqual({
      original_json: '[{"a":1}]',
      csv_data: 'a\n1\n',
      filename: 'data.json',
      excel_safe: false,
    });
  });

  it('shows the first of: texts failed, analysing, premium required, failed, done, else loading', () => {
    const none = { textsFailed: false, analysing: false, premiumRequired: false, failed: false, done: false };
    expect(analysisView(none)).toBe('loading');
    expect(analysisView({ ...none, done: true })).toBe('done');
    expect(analysisView({ ...none, failed: true, done: true })).toBe('failed');
    expect(analysisView({ ...none, premiumRequired: true, failed: true })).toBe('premium-required');
    // A Retry refetches: the earlier failure stays until the new answer, but the spinner shows.
    expect(analysisView({ ...none, analysing: true, failed: true })).toBe('analysing');
    expect(analysisView({ ...none, textsFailed: true, analysing: true })).toBe('texts-failed');
  });
});
