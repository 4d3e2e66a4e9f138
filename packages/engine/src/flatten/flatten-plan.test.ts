import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { jsonToCsvText } from '../json-to-csv.js';
import { checkFlattenPlan, formatPlanPath, parsePlanPath } from './flatten-plan.js';

function refusal(plan: unknown): string {
  try {
    checkFlattenPlan(plan);
  } catch (error) {
    expect(error).toBeInstanceOf(ConversionError);
    return (error as ConversionError).message;
  }
  throw new Error('the plan was accepted');
}

describe('plan paths', () => {
  it('read keys, [] for array elements and * for map keys, with escapes', () => {
    expect(parsePlanPath('translations.*.common')).toEqual([
      { key: 'translations' },
      { anyKey: true },
      { key: 'common' },
    ]);
    expect(parsePlanPath('latlng.[]')).toEqual([{ key: 'latlng' }, { items: true }]);
    expect(parsePlanPath(String.raw`data\.v2.\*.\[]`)).toEqual([{ key: 'data.v2' }, { key: '*' }, { key: '[]' }]);
    expect(parsePlanPath('')).toEqual([]);
  });

  it('write back as they read', () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 5 }).map((key) => ({ key })),
      fc.constant({ items: true as const }),
      fc.constant({ anyKey: true as const }),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        fc.pre(formatPlanPath(segments) !== '');
        expect(parsePlanPath(formatPlanPath(segments))).toEqual(segments);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkFlattenPlan', () => {
  it('accepts a plan and keeps only its known fields', () => {
    const plan = checkFlattenPlan({
      version: 1,
      records: { path: 'users', shape: 'map' },
      paths: [{ path: 'tags', strategy: 'join', reason: 'a list of strings' }],
    });
    expect(plan).toEqual({
      version: 1,
      records: { path: 'users', shape: 'map', keyColumn: 'key' },
      paths: [{ path: 'tags', strategy: 'join', reason: 'a list of strings' }],
    });
  });

  it('refuses what it cannot apply, saying why', () => {
    expect(refusal({ version: 2, paths: [] })).toBe('A flattening plan must have "version": 1');
    expect(refusal({ version: 1, paths: [{ path: 'a', strategy: 'explode' }] })).toMatch(/^Unknown strategy "explode"/);
    expect(refusal({ version: 1, paths: [{ path: 'a', strategy: 'table' }] })).toMatch(/needs relational output/);
    expect(refusal({ version: 1, paths: [{ path: 'a.[]', strategy: 'rows' }] })).toMatch(/without \[\] or \*/);
    expect(
      refusal({
        version: 1,
        paths: [
          { path: 'a', strategy: 'rows' },
          { path: 'b', strategy: 'rows' },
        ],
      }),
    ).toBe('Only one path can be exploded into rows; "a" and "b" both are');
    expect(refusal({ version: 1, paths: [{ path: '', strategy: 'json' }] })).toMatch(/must not be empty/);
  });
});

describe('json2csv under a plan', () => {
  const records = JSON.stringify([
    { id: 1, tags: ['a', 'b'], meta: { x: 1 }, items: [{ sku: 'p', n: 2 }, { sku: 'q' }], loc: [1.5, 2] },
    { id: 2, tags: [], items: [] },
  ]);

  it('applies a strategy per path and leaves the others to the default', async () => {
    const plan = {
      version: 1 as const,
      paths: [
        { path: 'tags', strategy: 'join' as const },
        { path: 'meta', strategy: 'json' as const },
        { path: 'items', strategy: 'rows' as const },
      ],
    };
    expect(await jsonToCsvText(records, { plan })).toBe(
      [
        String.raw`id,tags,meta,items.\#,items.sku,items.n,loc.0,loc.1,items`,
        '1,"a; b","{""x"":1}","0",p,2,1.5,2,',
        '1,"a; b","{""x"":1}","1",q,,1.5,2,',
        '2,[],,,,,,,[]',
        '',
      ].join('\n'),
    );
  });

  it('writes a joined list that would not read back as JSON instead', async () => {
    const plan = { version: 1 as const, paths: [{ path: 'tags', strategy: 'join' as const }] };
    const csv = await jsonToCsvText('[{"tags":["a; b","c"]},{"tags":[1,2]},{"tags":"x; y"}]', { plan });
    expect(csv).toBe('tags\n"[""a; b"",""c""]"\n"[1,2]"\n"""x; y"""\n');
  });

  it('keeps the global array strategy where the plan says nothing', async () => {
    const plan = { version: 1 as const, paths: [{ path: 'loc', strategy: 'index' as const }] };
    const csv = await jsonToCsvText('[{"loc":[1,2],"tags":["a","b"]}]', { plan, arrays: 'json' });
    expect(csv).toBe('loc.0,loc.1,tags\n1,2,"[""a"",""b""]"\n');
  });
});
