import { describe, expect, it } from 'vitest';
import { previewUnderPlan } from './plan-preview';

const JSON_TEXT = JSON.stringify([
  { id: 1, tags: ['a', 'b'], prices: { EUR: 1, USD: 2 } },
  { id: 2, tags: ['c'], prices: { GBP: 3 } },
]);

describe('the preview under a plan', () => {
  it('writes the columns the plan gives, with the values as the engine writes them', async () => {
    const plan = {
      version: 1 as const,
      paths: [
        { path: 'tags', strategy: 'join' as const },
        { path: 'prices', strategy: 'json' as const },
      ],
    };
    const preview = await previewUnderPlan(JSON_TEXT, plan, { arrays: 'index' });
    expect(preview.csv.split('\n').slice(0, 2)).toEqual(['id,tags,prices', '1,"a; b","{""EUR"":1,""USD"":2}"']);
    expect(preview).toMatchObject({ columns: 3, rows: 2 });
  });

  it('changes when one path changes', async () => {
    const plan = { version: 1 as const, paths: [{ path: 'tags', strategy: 'index' as const }] };
    const preview = await previewUnderPlan(JSON_TEXT, plan, { arrays: 'index' });
    expect(preview.csv.split('\n')[0]).toBe('id,tags.0,tags.1,prices.EUR,prices.USD,prices.GBP');
    expect(preview.columns).toBe(6);
  });

  it('shows the main table of relational output and counts the own tables', async () => {
    const plan = {
      version: 1 as const,
      paths: [
        { path: 'tags', strategy: 'table' as const },
        { path: 'prices', strategy: 'json' as const },
      ],
    };
    const preview = await previewUnderPlan(JSON_TEXT, plan, { arrays: 'index' });
    expect(preview.csv.split('\n').slice(0, 2)).toEqual([
      '_id,id,tags,prices',
      '1,1,tables/tags,"{""EUR"":1,""USD"":2}"',
    ]);
    expect(preview).toMatchObject({ columns: 4, rows: 2, tables: [{ file: 'tables/tags.csv', rows: 3 }] });
  });

  it('fails on a plan the engine refuses', async () => {
    const plan = { version: 1 as const, paths: [{ path: 'tags.[].x', strategy: 'table' as const }] };
    await expect(previewUnderPlan(JSON_TEXT, plan, { arrays: 'index' })).rejects.toThrow(/table/);
  });
});
