import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { type PlanSegment, parsePlanPath } from '../flatten/flatten-plan.js';
import { decodeHeaderPath } from '../header-path.js';
import { jsonToCsv } from '../json-to-csv.js';
import { jsonToRelational } from '../relational/json-to-relational.js';
import { allTables, tableSpecs } from '../relational/table-specs.js';
import { geoJsonLike, openApiLike } from './generated-documents.test-support.js';
import { proposePlan } from './planner.js';
import { profileJson } from './profile-json.js';

const fixtures = new URL('../../../../testdata/flattening/', import.meta.url);
const countries = readFileSync(new URL('world-countries/countries.json', fixtures));
const geo = readFileSync(new URL('world-countries/can.geo.json', fixtures));
const mdn = gunzipSync(readFileSync(new URL('mdn-browser-compat-data/data.json.gz', fixtures)));
const firebase = readFileSync(new URL('firebase-export.json', fixtures));
const decoder = new TextDecoder();
/** A document as the one record of an array: its lists then hang off the record (where tables may). */
const asRecord = (json: Uint8Array) => new TextEncoder().encode(`[${decoder.decode(json)}]`);

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

/** A CSV's rows (quoted cells may hold commas and line breaks): its header's cells, and how many rows follow. */
function table(csv: Uint8Array): { header: string[]; rows: number } {
  const text = decoder.decode(csv);
  const header: string[] = [];
  let cell = '';
  let quoted = false;
  let rows = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ',' || c === '\n')) {
      if (rows === -1) header.push(cell);
      cell = '';
      if (c === '\n') rows++;
    } else if (rows === -1) cell += c;
  }
  return { header, rows };
}

/** Whether a written header lies at or below a plan path (`[]` a position, `*` any key). */
function under(header: string, pattern: readonly PlanSegment[]): boolean {
  const path = decodeHeaderPath(header, '.');
  return pattern.every((segment, n) => {
    const step = path[n];
    if (step === undefined) return false;
    if ('key' in segment) return step === segment.key;
    return 'items' in segment ? typeof step === 'number' : typeof step === 'string';
  });
}

const within10 = (stated: number, real: number) => Math.abs(stated - real) <= 0.1 * Math.max(real, 1);

const documents: [string, Uint8Array, string | undefined][] = [
  ['countries.json', countries, undefined],
  ['can.geo.json', geo, undefined],
  ['firebase users', firebase, 'users'],
  ['mdn css.properties', mdn, 'css.properties'],
  ['a generated GeoJSON feed', geoJsonLike(200), undefined],
  ['a generated API description', openApiLike(300), undefined],
];

describe('every number the planner states', () => {
  it('"instead of N columns" is within 10% of the columns plain conversion writes for that path', async () => {
    for (const [name, input, recordsPath] of documents) {
      const options = recordsPath === undefined ? {} : { recordsPath };
      const proposal = proposePlan(await profileJson([input], options));
      const { header } = table(await bytesOf(jsonToCsv([input], options)));
      let stated = 0;
      for (const entry of proposal.plan.paths) {
        const number = entry.reason?.match(/instead of ([\d,]+)(?: columns)?[.;]/)?.[1];
        if (number === undefined) continue;
        stated++;
        const real = header.filter((cell) => under(cell, parsePlanPath(entry.path))).length;
        const claimed = Number(number.replaceAll(',', ''));
        expect(within10(claimed, real), `${name} ${entry.path}: stated ${claimed}, written ${real}`).toBe(true);
      }
      expect(stated, name).toBeGreaterThan(0);
    }
  }, 180_000);

  it("a relational proposal's rows × columns per table are within 10% of the tables written", async () => {
    const relational: [string, Uint8Array, string | undefined][] = [
      ['countries.json', countries, undefined],
      ['firebase users', firebase, 'users'],
      ['can.geo.json as one record', asRecord(geo), undefined],
      ['a generated GeoJSON feed as one record', asRecord(geoJsonLike(200)), undefined],
      ['a generated API description', openApiLike(300), undefined],
      ['a generated API description as one record', asRecord(openApiLike(300)), undefined],
    ];
    for (const [name, input, recordsPath] of relational) {
      const options = recordsPath === undefined ? {} : { recordsPath };
      const proposal = proposePlan(await profileJson([input], options), { relational: true });
      const files = unzipSync(await bytesOf(jsonToRelational([input], { ...options, plan: proposal.plan })));
      const main = table(files['main.csv'] as Uint8Array);
      expect(within10(proposal.columns.after, main.header.length), `${name} main`).toBe(true);
      let tables = 0;
      for (const spec of allTables(tableSpecs(proposal.plan)).slice(1)) {
        // A table's spec names the elements and the members of its parent table alike, `[]`.
        const same = (path: string) => path.replaceAll('.*.', '.[].') === spec.path;
        const reason =
          proposal.plan.paths.find((entry) => entry.strategy === 'table' && same(entry.path))?.reason ?? '';
        const [, rows, columns] = reason.match(/about ([\d,]+) rows? × ([\d,]+) columns/) ?? [];
        expect(rows, `${name} ${spec.path}: ${reason}`).toBeDefined();
        const written = table(files[`${spec.file}.csv`] as Uint8Array);
        const say = `${name} ${spec.path}: stated ${rows} × ${columns}, written ${written.rows} × ${written.header.length}`;
        // No empty table, and a child table is bounded as the main table is (WIDE_OBJECT, plus its links).
        expect(written.rows, say).toBeGreaterThan(0);
        expect(written.header.length, say).toBeLessThanOrEqual(103);
        expect(within10(Number(rows?.replaceAll(',', '')), written.rows), say).toBe(true);
        expect(within10(Number(columns?.replaceAll(',', '')), written.header.length), say).toBe(true);
        tables++;
      }
      expect(tables, name).toBeGreaterThan(0);
    }
  }, 180_000);
});
