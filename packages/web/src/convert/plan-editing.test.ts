import type { FlattenPlanDocument } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedPaths,
  choiceOf,
  editorPaths,
  hasTables,
  matchingPaths,
  planFieldText,
  reasonParts,
  strategiesFor,
  tablePaths,
  withStrategy,
} from './plan-editing';

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

  it('gives a strategy to a path the proposal left to the default, and takes it back', () => {
    const edited = withStrategy(PROPOSED, 'name', 'json');
    expect(edited.paths.at(-1)).toEqual({ path: 'name', strategy: 'json' });
    expect(choiceOf(edited, 'name')).toBe('json');
    expect(changedPaths(PROPOSED, edited)).toEqual(['name']);
    const back = withStrategy(edited, 'name', 'default');
    expect(back.paths).toEqual(PROPOSED.paths);
    expect(changedPaths(PROPOSED, back)).toEqual([]);
    // A decided path set to the default leaves the plan: the conversion's options decide it.
    expect(withStrategy(PROPOSED, 'tld', 'default').paths.map((entry) => entry.path)).toEqual([
      'currencies',
      'borders',
    ]);
    expect(changedPaths(PROPOSED, withStrategy(PROPOSED, 'tld', 'default'))).toEqual(['tld']);
    expect(strategiesFor(PROPOSED, 'name')[0]).toEqual({
      value: 'default',
      label: "Default (the conversion's options)",
    });
  });

  it("lists the proposal's paths first, then every other object or list path of the profile", () => {
    const paths = editorPaths(PROPOSED, [
      { path: 'name', object: true, list: false, columns: 4 },
      { path: 'tld', object: false, list: true, columns: 2 },
      { path: 'name.native', object: true, list: false, columns: 2 },
      { path: 'currencies', object: true, list: true, columns: 325 },
    ]);
    expect(paths.map((entry) => entry.path)).toEqual(['currencies', 'tld', 'borders', 'name', 'name.native']);
    expect(paths[0]).toEqual({
      path: 'currencies',
      holds: 'an object or a list',
      columns: 325,
      reason: '`currencies` is a map.',
    });
    expect(paths[2]).toEqual({ path: 'borders', holds: null, columns: null, reason: null });
    expect(paths[3]).toEqual({ path: 'name', holds: 'an object', columns: 4, reason: null });
    expect(matchingPaths(paths, ' NAME').map((entry) => entry.path)).toEqual(['name', 'name.native']);
    expect(matchingPaths(paths, '')).toHaveLength(5);
  });

  it('reads the backquoted paths of a reason as code, never showing the backquotes', () => {
    expect(reasonParts('`items` is a list: its position in the column `items.\\#`.')).toEqual([
      { text: 'items', code: true },
      { text: ' is a list: its position in the column ', code: false },
      { text: 'items.\\#', code: true },
      { text: '.', code: false },
    ]);
    expect(reasonParts('no code here')).toEqual([{ text: 'no code here', code: false }]);
  });
});
