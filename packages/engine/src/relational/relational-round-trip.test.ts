import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { type FlattenPlan, formatPlanPath, type PathStrategy, type PlanSegment } from '../flatten/flatten-plan.js';
import {
  type Json,
  key,
  looksLikeJsonContainer,
  pathsOf,
  records,
  value,
  writesOnlyNulls,
} from '../plan/plan-arbitraries.test-support.js';
import { proposePlan } from '../plan/planner.js';
import { profileJson } from '../plan/profile-json.js';
import { compareRoundTrip } from '../round-trip/compare-round-trip.js';
import { jsonToRelational } from './json-to-relational.js';

const encoder = new TextEncoder();

/** Table paths over the data: key paths from the record, and key paths below their elements or members. */
function tablePaths(paths: readonly PlanSegment[][]): fc.Arbitrary<string[]> {
  const keysOnly = paths.filter((path) => path.every((segment) => 'key' in segment));
  return fc.subarray(keysOnly, { maxLength: Math.min(3, keysOnly.length) }).chain((tops) => {
    // Below a table: its element (`[]`) or member (`*`), then keys. Data paths name a map's members by key.
    const nested = paths.flatMap((path) =>
      tops.flatMap((top) => {
        if (path.length <= top.length + 1) return [];
        if (
          !top.every(
            (segment, n) =>
              'key' in segment && 'key' in (path[n] as PlanSegment) && segment.key === (path[n] as { key: string }).key,
          )
        ) {
          return [];
        }
        const rest = path.slice(top.length + 1);
        if (!rest.every((segment) => 'key' in segment)) return [];
        const element = path[top.length] as PlanSegment;
        return [formatPlanPath([...top, 'key' in element ? { anyKey: true } : { items: true }, ...rest])];
      }),
    );
    return fc
      .subarray([...new Set(nested)], { maxLength: Math.min(2, new Set(nested).size) })
      .map((below) => [...tops.map((top) => formatPlanPath(top)), ...below]);
  });
}

/** Data and a plan with `table` paths, plus any strategy on other paths (the same generators as plain plans). */
const dataAndPlan = records.chain((rows) => {
  const paths = pathsOf(rows);
  const strategies: PathStrategy[] = ['columns', 'index', 'join', 'json'];
  return fc
    .tuple(
      tablePaths(paths),
      fc
        .subarray(paths, { maxLength: Math.min(4, paths.length) })
        .chain((chosen) =>
          fc
            .tuple(...chosen.map(() => fc.constantFrom(...strategies)))
            .map((picked) =>
              chosen.map((path, n) => ({ path: formatPlanPath(path), strategy: picked[n] as PathStrategy })),
            ),
        ),
    )
    .map(([tables, others]): [Json[], FlattenPlan] => [
      rows,
      { version: 1, paths: [...tables.map((path) => ({ path, strategy: 'table' as const })), ...others] },
    ]);
});

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

describe('any plan with table paths', () => {
  it('gives related tables that read back to the original records', async () => {
    await fc.assert(
      fc.asyncProperty(dataAndPlan, async ([rows, plan]) => {
        const json = encoder.encode(JSON.stringify(rows));
        const zip = await bytesOf(jsonToRelational([json], { plan }));
        const report = await compareRoundTrip([json], [zip], { plan, maxDifferences: 3 });
        expect(report.differences).toEqual([]);
        expect(report.counts.reconvertedRecords).toBe(rows.length);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a map of records (any member keys) a table of its own, with a table below its members, and reads it back', async () => {
    // A member of nulls only writes the empty cells of a null one (the limit of any table).
    const member = fc.dictionary(key, value, { maxKeys: 3 }).filter((object) => !writesOnlyNulls(object));
    const rows = fc.array(
      fc.record({ id: fc.integer(), m: fc.dictionary(fc.string({ maxLength: 6 }), member, { maxKeys: 4 }) }),
      { minLength: 1, maxLength: 4 },
    );
    const plans = fc.constantFrom<FlattenPlan>(
      { version: 1, paths: [{ path: 'm', strategy: 'table' }] },
      {
        version: 1,
        paths: [
          { path: 'm', strategy: 'table' },
          { path: 'm.*.a', strategy: 'table' },
          { path: 'm.*.*', strategy: 'json' },
        ],
      },
    );
    await fc.assert(
      fc.asyncProperty(rows, plans, async (data, plan) => {
        const json = encoder.encode(JSON.stringify(data));
        const zip = await bytesOf(jsonToRelational([json], { plan }));
        const report = await compareRoundTrip([json], [zip], { plan, maxDifferences: 3 });
        expect(report.differences).toEqual([]);
        expect(report.counts.reconvertedRecords).toBe(data.length);
      }),
      { numRuns: 300 },
    );
  });

  it("the planner's relational proposal for any records is a plan the tables follow, read back to the records", async () => {
    // Records keyed like data (years) give maps of records, whose members' paths the planner writes as `*`.
    const member = fc.record({ n: fc.integer(), tags: fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }) });
    const year = fc.constantFrom('2020', '2021', '2022', '2023', '2024');
    // A sku such as "[]" would read back as that array: CSV cannot mark JSON text (the plain round trip's limit).
    const sku = fc.string({ maxLength: 3 }).filter((text) => !looksLikeJsonContainer(text));
    const rows = fc.array(
      fc.record({
        id: fc.integer(),
        byYear: fc.dictionary(year, member, { maxKeys: 5 }),
        items: fc.array(fc.record({ sku, parts: fc.array(member, { maxLength: 2 }) }), {
          maxLength: 3,
        }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(rows, async (data) => {
        const json = encoder.encode(JSON.stringify(data));
        const plan = proposePlan(await profileJson([json]), { relational: true }).plan;
        const zip = await bytesOf(jsonToRelational([json], { plan }));
        const report = await compareRoundTrip([json], [zip], { plan, maxDifferences: 3 });
        expect(report.differences).toEqual([]);
        expect(report.counts.reconvertedRecords).toBe(data.length);
      }),
      { numRuns: 200 },
    );
  });
});
