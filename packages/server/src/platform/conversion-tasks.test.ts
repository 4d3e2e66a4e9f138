import { ConversionError } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { describeFailure, type EngineSettings, failureError, resultFormat } from './conversion-tasks.js';
import { infrastructureFailure } from './errors.js';
import { StoredObjectMissingError } from './storage/storage-driver.js';

/** A failure crosses from the worker thread as data: what the HTTP thread rebuilds from it. */
const roundTrip = (error: unknown) => failureError(structuredClone(describeFailure(error)));

describe('a task failure sent from a conversion worker', () => {
  it("keeps the engine's positioned error", () => {
    const rebuilt = roundTrip(new ConversionError('JSON_SYNTAX', 'Unexpected }', { line: 2, column: 9, record: 2 }));
    expect(rebuilt).toBeInstanceOf(ConversionError);
    expect((rebuilt as ConversionError).describe()).toBe(
      new ConversionError('JSON_SYNTAX', 'Unexpected }', { line: 2, column: 9, record: 2 }).describe(),
    );
  });

  it("keeps a system error's code, so a full disk in the worker is answered 507", () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(infrastructureFailure(roundTrip(full))?.code).toBe('STORAGE_FULL');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    expect(infrastructureFailure(roundTrip(refused))?.code).toBe('SERVICE_UNAVAILABLE');
    expect(infrastructureFailure(roundTrip(new Error('something else')))).toBeUndefined();
  });

  it("keeps a stored input's absence, so a batch file whose original went is told 'original not found'", () => {
    const rebuilt = failureError(describeFailure(new StoredObjectMissingError('u1/jobs/j1/in/0')));
    expect(rebuilt).toBeInstanceOf(StoredObjectMissingError);
    expect((rebuilt as StoredObjectMissingError).key).toBe('u1/jobs/j1/in/0');
  });
});

describe('the format a conversion writes', () => {
  const table: Extract<EngineSettings, { direction: 'json-to-csv' }> = {
    direction: 'json-to-csv',
    format: 'csv',
    delimiter: ',',
    arrays: 'index',
    bom: false,
    excelSafe: false,
    analysis: false,
  };

  it('is the table format, a ZIP for relational CSV or TSV tables, one workbook for relational XLSX', () => {
    expect(resultFormat(table)).toBe('csv');
    expect(resultFormat({ ...table, format: 'tsv' as const })).toBe('tsv');
    expect(resultFormat({ ...table, relational: true })).toBe('zip');
    expect(resultFormat({ ...table, format: 'tsv' as const, relational: true })).toBe('zip');
    expect(resultFormat({ ...table, format: 'xlsx' as const, relational: true })).toBe('xlsx');
    expect(resultFormat({ direction: 'csv-to-json', relational: true })).toBe('json');
  });
});
