import type { FlattenPlanDocument } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { changedPaths, hasTables, planFieldText, strategiesFor, tablePaths, withStrategy } from './plan-editing';

const PROPOSED: FlattenPlanDocument = {
  version: 1,
  paths: [
    { path: 'currencies', strategy: 'json', reason: '`currencies` is a map.' },
    { path: 'tld', strategy: 'join', reason: '`tld` is a list.' },
    { path: 'borders', strategy: 'rows' },
  ],
};

describe('editing a flattening plan', () => {
  it('changes one path and keeps the others and their reasons', () => {
    const edited = withStrategy(PROPOSED, 'tld', 'json');
    expect(edited.paths[1]).toEqual({ path: 'tld', strategy: 'json', reason: '`tld` is a list.' });
    expect(edited.paths[0]).toBe(PROPOSED.paths[0]);
    expect(changedPaths(PROPOSED, edited)).toEqual(['tld']);
    expect(PROPOSED.paths[1]?.strategy).toBe('join');
  });

  it('keeps one rows path at most, as the engine requires', () => {
    const edited = withStrategy(PROPOSED, 'tld', 'rows');
    expect(edited.paths.filter((entry) => entry.strategy === 'rows').map((entry) => entry.path)).toEqual(['tld']);
    expect(edited.paths[2]?.strategy).toBe('json');
  });

  it('sends the plan without its reasons', () => {
    expect(JSON.parse(planFieldText(PROPOSED))).toEqual({
      version: 1,
      paths: [
        { path: 'currencies', strategy: 'json' },
        { path: 'tld', strategy: 'join' },
        { path: 'borders', strategy: 'rows' },
      ],
    });
  });

  it('offers an own table only where the engine takes one', () => {
    const plan: FlattenPlanDocument = {
      version: 1,
      paths: [
        { path: 'items', strategy: 'json' },
        { path: 'items.[].parts', strategy: 'json' },
        { path: 'order', strategy: 'columns' },
        { path: 'order.lines', strategy: 'rows' },
      ],
    };
    const offersTable = (within: FlattenPlanDocument, path: string) =>
      strategiesFor(within, path).some((option) => option.value === 'table');
    expect(offersTable(plan, 'items')).toBe(true);
    // Inside a list that is not a table of its own, a table would have no single parent row.
    expect(offersTable(plan, 'items.[].parts')).toBe(false);
    const itemsTable = withStrategy(plan, 'items', 'table');
    expect(offersTable(itemsTable, 'items.[].parts')).toBe(true);
    // The rows path cannot lie inside a table.
    expect(offersTable(plan, 'order')).toBe(false);
    expect(offersTable(plan, 'order.lines')).toBe(true);
    expect(strategiesFor(plan, 'items').map((option) => option.label)).toContain('Own table (linked by id)');
  });

  it('says which paths go to tables of their own', () => {
    const plan = withStrategy(withStrategy(PROPOSED, 'currencies', 'table'), 'borders', 'table');
    expect(hasTables(PROPOSED)).toBe(false);
    expect(hasTables(plan)).toBe(true);
    expect(tablePaths(plan)).toEqual(['currencies', 'borders']);
  });
});
