import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFlattenPlan, type FlattenPlan, formatPlanPath, type PathStrategy } from '../flatten/flatten-plan.js';
import { jsonToCsvText } from '../json-to-csv.js';
import { compareRoundTrip } from '../round-trip/compare-round-trip.js';
import { type Json, pathsOf, records, value } from './plan-arbitraries.test-support.js';

/** Data and a plan over its paths: any strategy per path, and at most one `rows` path of keys only. */
const dataAndPlan = records.chain((rows) => {
  const paths = pathsOf(rows);
  const keyPaths = paths.filter((path) => path.every((segment) => 'key' in segment));
  const strategies: PathStrategy[] = ['columns', 'index', 'join', 'json'];
  return fc
    .tuple(
      fc
        .subarray(paths)
        .chain((chosen) =>
          fc
            .tuple(...chosen.map(() => fc.constantFrom(...strategies)))
            .map((picked) =>
              chosen.map((path, n) => ({ path: formatPlanPath(path), strategy: picked[n] as PathStrategy })),
            ),
        ),
      keyPaths.length > 0 ? fc.option(fc.constantFrom(...keyPaths)) : fc.constant(null),
      // Objects whose unnamed keys go together into one `*` cell: the record's own, or any path's.
      fc.subarray([[], ...paths]),
    )
    .map(([entries, rowsPath, gathered]): [Json[], FlattenPlan] => {
      const plan: FlattenPlan = { version: 1, paths: [...entries] };
      if (rowsPath !== null) plan.paths.unshift({ path: formatPlanPath(rowsPath), strategy: 'rows' });
      for (const path of gathered)
        plan.paths.push({ path: formatPlanPath([...path, { anyKey: true }]), strategy: 'json' });
      return [rows, plan];
    })
    .filter(([, plan]) => {
      // A key literally named `*` cannot have its own path where the other keys are gathered (checked apart).
      try {
        checkFlattenPlan(plan);
        return true;
      } catch {
        return false;
      }
    });
});

describe('any plan', () => {
  it('gives a table (keys gathered into `*` cells included) that reads back to the original records under that plan', async () => {
    await fc.assert(
      fc.asyncProperty(dataAndPlan, async ([rows, plan]) => {
        const json = JSON.stringify(rows);
        const csv = await jsonToCsvText(json, { plan });
        const report = await compareRoundTrip([new TextEncoder().encode(json)], [new TextEncoder().encode(csv)], {
          plan,
          maxDifferences: 3,
        });
        expect(report.differences).toEqual([]);
        expect(report.counts.reconvertedRecords).toBe(rows.length);
      }),
      { numRuns: 500 },
    );
  });

  const mapPlan: FlattenPlan = { version: 1, records: { path: 'data', shape: 'map', keyColumn: 'id' }, paths: [] };

  it('gives back keys whose text is a JSON array or object as that text', async () => {
    const members = { '{}': {}, '[]': { a: 1 }, '[1,2.50]': { a: 'x' }, '{"b":[true]}': { a: null }, x: { a: 2 } };
    const json = JSON.stringify({ data: members });
    const csv = await jsonToCsvText(json, { plan: mapPlan });
    const report = await compareRoundTrip([new TextEncoder().encode(json)], [new TextEncoder().encode(csv)], {
      plan: mapPlan,
    });
    expect(report.differences).toEqual([]);
    expect(report.counts.reconvertedRecords).toBe(5);
  });

  it('gives back a map of records with each key, under a plan whose records are a map', async () => {
    // Any key but a JSON array or object written with white space inside, which comes back without it.
    const exactKey = fc.string({ maxLength: 6 }).filter((key) => {
      try {
        const parsed: unknown = JSON.parse(key);
        return typeof parsed !== 'object' || parsed === null || JSON.stringify(parsed) === key;
      } catch {
        return true;
      }
    });
    const map = fc.dictionary(exactKey, fc.dictionary(fc.constantFrom('a', 'b', 'c'), value, { maxKeys: 3 }), {
      minKeys: 1,
      maxKeys: 5,
    });
    await fc.assert(
      fc.asyncProperty(map, async (members) => {
        const plan = mapPlan;
        const json = JSON.stringify({ data: members });
        const csv = await jsonToCsvText(json, { plan });
        const report = await compareRoundTrip([new TextEncoder().encode(json)], [new TextEncoder().encode(csv)], {
          plan,
        });
        expect(report.differences).toEqual([]);
        expect(report.counts.reconvertedRecords).toBe(Object.keys(members).length);
      }),
      { numRuns: 300 },
    );
  });
});
