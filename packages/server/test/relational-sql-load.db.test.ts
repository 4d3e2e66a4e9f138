import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { PGlite } from '@electric-sql/pglite';
import { jsonToRelational, profileJson, proposePlan } from '@unnest/engine';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL } from './support/test-database.js';

/**
 * A relational export of a public fixture (countries.json, as the planner proposes it) loaded the way
 * docs/relational.md and schema.sql say, into SQLite, PostgreSQL (the server in the PostgreSQL pass, PGlite
 * otherwise) and DuckDB: every table's rows arrive, and no row points at a parent that is not there.
 */

const COUNTRIES = new URL('../../../testdata/flattening/world-countries/countries.json', import.meta.url);

interface Resource {
  name: string;
  path: string;
  schema: { foreignKeys?: { fields: string[]; reference: { resource: string } }[] };
}

let dir: string;
let resources: Resource[];
/** Rows each table must hold, counted from the JSON itself. */
let expected: Record<string, number>;

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

/** Members of the object at `key` across the records: a map-of-records table's rows. */
function members(records: Record<string, unknown>[], keys: string[]): number {
  let total = 0;
  for (const record of records) {
    let value: unknown = record;
    for (const key of keys) value = (value as Record<string, unknown> | null)?.[key];
    if (typeof value === 'object' && value !== null) total += Object.keys(value).length;
  }
  return total;
}

const quoted = (name: string) => `"${name}"`;
/** Child rows whose parent row is missing, per child table. */
const orphansSql = (resource: Resource, parent: string) =>
  `SELECT COUNT(*) AS n FROM ${quoted(resource.name)} c LEFT JOIN ${quoted(parent)} p ON c."_parent_id" = p."_id" WHERE p."_id" IS NULL`;

beforeAll(async () => {
  const input = fs.readFileSync(COUNTRIES);
  const plan = proposePlan(await profileJson([input]), { relational: true }).plan;
  const zip = await bytesOf(jsonToRelational([input], { plan }));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-relational-sql-'));
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), bytes);
  }
  resources = JSON.parse(fs.readFileSync(path.join(dir, 'datapackage.json'), 'utf8')).resources;
  const records = JSON.parse(input.toString('utf8')) as Record<string, unknown>[];
  expected = {
    main: records.length,
    name_native: members(records, ['name', 'native']),
    currencies: members(records, ['currencies']),
    translations: members(records, ['translations']),
  };
}, 60_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function parentOf(resource: Resource): string | null {
  return resource.schema.foreignKeys?.[0]?.reference.resource ?? null;
}

describe('a relational export loads into SQL databases', () => {
  it('holds the tables the planner proposed, counted from the JSON', () => {
    expect(resources.map((resource) => resource.name)).toEqual(['main', 'name_native', 'currencies', 'translations']);
    expect(expected.translations).toBeGreaterThan(expected.main as number);
  });

  it('SQLite (the sqlite3 shell): every row, foreign keys on, no violation', () => {
    try {
      execFileSync('sqlite3', ['-version']);
    } catch {
      throw new Error('sqlite3 is missing: apt-get install sqlite3 (.ci/run does)');
    }
    const script = [
      '.bail on',
      'PRAGMA foreign_keys = ON;',
      '.read schema.sql',
      '.mode csv',
      ...resources.map((resource) => `.import --skip 1 ${resource.path} ${resource.name}`),
      '.mode list',
      ...resources.map((resource) => `SELECT 'rows', '${resource.name}', COUNT(*) FROM ${quoted(resource.name)};`),
      'PRAGMA foreign_key_check;',
    ].join('\n');
    const out = execFileSync('sqlite3', [path.join(dir, 'data.db')], { cwd: dir, input: script }).toString();
    const lines = out.trim().split('\n');
    const counts = Object.fromEntries(
      lines.filter((line) => line.startsWith('rows|')).map((line) => [line.split('|')[1], Number(line.split('|')[2])]),
    );
    expect(counts).toEqual(expected);
    // foreign_key_check prints one line per violation: none.
    expect(lines.filter((line) => !line.startsWith('rows|'))).toEqual([]);
  });

  it('PostgreSQL: every row through COPY, the foreign keys hold', async () => {
    const schema = fs.readFileSync(path.join(dir, 'schema.sql'), 'utf8');
    const counts: Record<string, number> = {};
    const orphans: number[] = [];
    if (DATABASE_URL) {
      // The server of the PostgreSQL pass, loaded with psql's \copy as schema.sql says.
      const name = `unnest_relational_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${name}`;
      try {
        const psql = (args: string[]) =>
          execFileSync('psql', [url.toString(), '-v', 'ON_ERROR_STOP=1', '-q', ...args], { cwd: dir });
        psql(['-f', 'schema.sql']);
        for (const resource of resources) {
          psql(['-c', `\\copy ${quoted(resource.name)} FROM '${resource.path}' WITH (FORMAT csv, HEADER true)`]);
        }
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        for (const resource of resources) {
          const result = await client.query(`SELECT COUNT(*) AS n FROM ${quoted(resource.name)}`);
          counts[resource.name] = Number(result.rows[0].n);
          const parent = parentOf(resource);
          if (parent !== null) orphans.push(Number((await client.query(orphansSql(resource, parent))).rows[0].n));
        }
        await client.end();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      const db = await PGlite.create();
      try {
        await db.exec(schema);
        for (const resource of resources) {
          const blob = new Blob([fs.readFileSync(path.join(dir, resource.path))]);
          await db.query(`COPY ${quoted(resource.name)} FROM '/dev/blob' WITH (FORMAT csv, HEADER true)`, [], { blob });
        }
        for (const resource of resources) {
          const result = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${quoted(resource.name)}`);
          counts[resource.name] = Number(result.rows[0]?.n);
          const parent = parentOf(resource);
          if (parent !== null) {
            orphans.push(Number((await db.query<{ n: number }>(orphansSql(resource, parent))).rows[0]?.n));
          }
        }
      } finally {
        await db.close();
      }
    }
    expect(counts).toEqual(expected);
    expect(orphans).toEqual([0, 0, 0]);
  }, 120_000);

  it('DuckDB: every row through COPY, the foreign keys hold', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run(fs.readFileSync(path.join(dir, 'schema.sql'), 'utf8'));
      const counts: Record<string, number> = {};
      const orphans: number[] = [];
      for (const resource of resources) {
        const file = path.join(dir, resource.path).replaceAll("'", "''");
        await connection.run(`COPY ${quoted(resource.name)} FROM '${file}' (HEADER)`);
        const rows = (await connection.runAndReadAll(`SELECT COUNT(*) FROM ${quoted(resource.name)}`)).getRows();
        counts[resource.name] = Number(rows[0]?.[0]);
        const parent = parentOf(resource);
        if (parent !== null) {
          orphans.push(Number((await connection.runAndReadAll(orphansSql(resource, parent))).getRows()[0]?.[0]));
        }
      }
      expect(counts).toEqual(expected);
      expect(orphans).toEqual([0, 0, 0]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }, 60_000);
});

describe("a child table's _parent_key in SQL", () => {
  it('SQLite: joining items to their orders by the order id gives the rows joining by _parent_id gives', async () => {
    const orders = [
      { id: 'A-1', items: [{ sku: 'x' }, { sku: 'y' }] },
      { id: 'B-2', items: [{ sku: 'z' }] },
    ];
    const plan = { version: 1 as const, paths: [{ path: 'items', strategy: 'table' as const }] };
    const zip = await bytesOf(jsonToRelational([Buffer.from(JSON.stringify(orders))], { plan }));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-parent-key-'));
    try {
      for (const [name, bytes] of Object.entries(unzipSync(zip))) {
        fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        fs.writeFileSync(path.join(folder, name), bytes);
      }
      const join = (on: string) =>
        `SELECT group_concat(pair, ' ') FROM (SELECT m.id || ':' || i.sku AS pair FROM items i JOIN main m ON ${on} ORDER BY i._id);`;
      const script = [
        '.bail on',
        'PRAGMA foreign_keys = ON;',
        '.read schema.sql',
        '.mode csv',
        '.import --skip 1 main.csv main',
        '.import --skip 1 tables/items.csv items',
        '.mode list',
        join('i._parent_key = m.id'),
        join('i._parent_id = m._id'),
      ].join('\n');
      const out = execFileSync('sqlite3', [path.join(folder, 'data.db')], { cwd: folder, input: script }).toString();
      expect(out.trim().split('\n')).toEqual(['A-1:x A-1:y B-2:z', 'A-1:x A-1:y B-2:z']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
