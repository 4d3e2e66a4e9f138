import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ConversionOptionFields } from './convert.js';
import { UsedOptions } from './files.js';
import {
  FlattenPlanDocument,
  FlattenPlanQuery,
  MAX_PLAN_TEXT_BYTES,
  PATH_STRATEGY_NAMES,
  PLAN_SAMPLE_MAX_RECORDS,
} from './flatten-plan.js';

describe('flattening plan document', () => {
  it('takes the planner’s output shape', () => {
    const plan = {
      version: 1,
      records: { path: 'css.properties', shape: 'map', keyColumn: 'name' },
      paths: [
        { path: 'currencies', strategy: 'json', reason: '`currencies` is a map' },
        { path: 'latlng', strategy: 'index' },
        { path: 'translations.*.common', strategy: 'columns' },
      ],
    };
    expect(Value.Check(FlattenPlanDocument, plan)).toBe(true);
    for (const strategy of PATH_STRATEGY_NAMES) {
      expect(Value.Check(FlattenPlanDocument, { version: 1, paths: [{ path: 'a', strategy }] })).toBe(true);
    }
  });

  it('refuses other versions, unknown strategies, empty paths and extra fields', () => {
    expect(Value.Check(FlattenPlanDocument, { version: 2, paths: [] })).toBe(false);
    expect(Value.Check(FlattenPlanDocument, { version: 1, paths: [{ path: 'a', strategy: 'explode' }] })).toBe(false);
    expect(Value.Check(FlattenPlanDocument, { version: 1, paths: [{ path: '', strategy: 'json' }] })).toBe(false);
    expect(Value.Check(FlattenPlanDocument, { version: 1, paths: [], extra: true })).toBe(false);
    expect(Value.Check(FlattenPlanDocument, { version: 1, records: { path: 'a', shape: 'list' }, paths: [] })).toBe(
      false,
    );
  });
});

describe('the flattening plan over HTTP', () => {
  it('takes a records path and a bounded sample in the proposal query', () => {
    expect(Value.Check(FlattenPlanQuery, { records: 'css.properties', sample: 500 })).toBe(true);
    expect(Value.Check(FlattenPlanQuery, { sample: PLAN_SAMPLE_MAX_RECORDS + 1 })).toBe(false);
    expect(Value.Check(FlattenPlanQuery, { sample: 0 })).toBe(false);
    expect(Value.Check(FlattenPlanQuery, { records: '' })).toBe(false);
  });

  it('takes the plan as JSON text among the conversion options, up to its size', () => {
    const plan = JSON.stringify({ version: 1, paths: [] });
    expect(Value.Check(ConversionOptionFields, { plan, records: 'users' })).toBe(true);
    expect(Value.Check(ConversionOptionFields, { plan: 'x'.repeat(MAX_PLAN_TEXT_BYTES + 1) })).toBe(false);
  });

  it('keeps the plan used in a file metadata options', () => {
    expect(Value.Check(UsedOptions, { output_format: 'csv', plan: { version: 1, paths: [] }, records: 'users' })).toBe(
      true,
    );
    expect(Value.Check(UsedOptions, { output_format: 'csv', plan: { version: 2, paths: [] } })).toBe(false);
  });
});
