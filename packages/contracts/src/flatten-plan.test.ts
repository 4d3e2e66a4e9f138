import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { FlattenPlanDocument, PATH_STRATEGY_NAMES } from './flatten-plan.js';

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
