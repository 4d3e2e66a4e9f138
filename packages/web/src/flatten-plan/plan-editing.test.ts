import type { FlattenPlanDocument } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { changedPaths, EDITABLE_STRATEGIES, planFieldText, withStrategy } from './plan-editing';

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

  it('never offers relational tables in a single-table conversion', () => {
    expect(EDITABLE_STRATEGIES.map((option) => option.value)).not.toContain('table');
  });
});
