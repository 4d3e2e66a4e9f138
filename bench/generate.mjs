/**
 * Writes the benchmark's deterministic data sets (flat.json, flat.ndjson, flat.csv, nested.json)
 * into bench/data/<mb>mb/ with a manifest the checks read. Data is regenerated only when the
 * manifest is missing or its size, seed or generator version differ.
 *
 *   node bench/generate.mjs [--mb 200] [--seed 2024] [--force]
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRandom } from './lib/prng.mjs';
import {
  expectedCell,
  FLAT_COLUMNS,
  FLAT_LATE_COLUMNS,
  flatRecord,
  makeFlatSentinel,
  makeNestedSentinel,
  NESTED_ARRAYS,
  NESTED_COLUMNS,
  NESTED_LATE_COLUMNS,
  nestedRecord,
  RawNumber,
  toCsvLine,
  toJson,
} from './lib/records.mjs';

/** Bump when the records change, so that old data sets are regenerated. */
const GENERATOR_VERSION = 4;
export const DEFAULT_SEED = 2024;
export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const BATCH_BYTES = 4 << 20;

/** Appends text to a file through a large in-memory batch, counting bytes. */
class BatchWriter {
  constructor(path) {
    this.path = path;
    this.fd = openSync(`${path}.partial`, 'w');
    this.parts = [];
    this.pending = 0;
    this.bytes = 0;
  }
  write(text) {
    const length = Buffer.byteLength(text);
    this.parts.push(text);
    this.pending += length;
    this.bytes += length;
    if (this.pending >= BATCH_BYTES) this.flush();
  }
  flush() {
    if (this.parts.length > 0) writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.pending = 0;
  }
  close() {
    this.flush();
    closeSync(this.fd);
    renameSync(`${this.path}.partial`, this.path);
  }
}

/** Where in the file a record falls: late keys start past 90%, the last ones past 99%. */
function phaseAt(fraction) {
  if (fraction >= 0.99) return 'last';
  return fraction >= 0.9 ? 'late' : 'early';
}

/** Flattens the object leaves of a record into dotted paths, skipping arrays. */
function objectLeaves(value, prefix, out) {
  for (const key in value) {
    const child = value[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object' && !(child instanceof RawNumber)) {
      if (!Array.isArray(child)) objectLeaves(child, path, out);
    } else out[path] = expectedCell(child);
  }
  return out;
}

/** The sentinel row as the checks expect it: every column, missing ones as null. */
function sentinelCells(record, columns) {
  const leaves = objectLeaves(record, '', {});
  const cells = {};
  for (const column of columns) cells[column] = leaves[column] ?? expectedCell(null);
  return cells;
}

/**
 * Writes the flat records as a JSON array, as JSON Lines, and (optionally) as CSV in one pass,
 * stopping once the JSON array reaches `targetBytes`.
 */
export function writeFlatSets(dir, targetBytes, seed, { ndjson = true, csv = true } = {}) {
  const rand = createRandom(seed);
  const json = new BatchWriter(join(dir, 'flat.json'));
  const lines = ndjson ? new BatchWriter(join(dir, 'flat.ndjson')) : null;
  const table = csv ? new BatchWriter(join(dir, 'flat.csv')) : null;
  table?.write(toCsvLine(Object.fromEntries(FLAT_COLUMNS.map((c) => [c, c])), FLAT_COLUMNS));
  json.write('[\n');
  const sentinels = [];
  let index = 0;
  while (json.bytes < targetBytes) {
    const fraction = json.bytes / targetBytes;
    const record = flatRecord(rand, index, phaseAt(fraction));
    const lateSentinel = fraction >= 0.95 && sentinels.length === 1;
    if (index === 1 || lateSentinel) {
      makeFlatSentinel(record, lateSentinel);
      sentinels.push({ row: index, cells: sentinelCells(record, FLAT_COLUMNS) });
    }
    const text = toJson(record);
    json.write(index === 0 ? text : `,\n${text}`);
    lines?.write(`${text}\n`);
    table?.write(toCsvLine(record, FLAT_COLUMNS));
    index++;
  }
  json.write('\n]\n');
  const described = (writer, format, direction) => ({
    file: writer.path,
    bytes: writer.bytes,
    format,
    direction,
    shape: 'flat',
    records: index,
    columns: FLAT_COLUMNS,
    lateColumns: FLAT_LATE_COLUMNS,
    arrays: [],
    sentinels,
  });
  const sets = {};
  for (const [writer, format, direction] of [
    [json, 'json', 'json2csv'],
    [lines, 'ndjson', 'json2csv'],
    [table, 'csv', 'csv2json'],
  ]) {
    if (!writer) continue;
    writer.close();
    sets[writer.path.slice(dir.length + 1)] = described(writer, format, direction);
  }
  return sets;
}

/** Writes the nested records as a JSON array of about `targetBytes`. */
export function writeNestedSet(dir, targetBytes, seed) {
  const rand = createRandom(seed + 1);
  const json = new BatchWriter(join(dir, 'nested.json'));
  json.write('[\n');
  const sentinels = [];
  let index = 0;
  while (json.bytes < targetBytes) {
    const fraction = json.bytes / targetBytes;
    const record = nestedRecord(rand, index, phaseAt(fraction));
    const lateSentinel = fraction >= 0.95 && sentinels.length === 1;
    if (index === 1 || lateSentinel) {
      makeNestedSentinel(record, lateSentinel);
      sentinels.push({ row: index, cells: sentinelCells(record, NESTED_COLUMNS) });
    }
    const text = toJson(record);
    json.write(index === 0 ? text : `,\n${text}`);
    index++;
  }
  json.write('\n]\n');
  json.close();
  return {
    'nested.json': {
      file: json.path,
      bytes: json.bytes,
      format: 'json',
      direction: 'json2csv',
      shape: 'nested',
      records: index,
      columns: NESTED_COLUMNS,
      lateColumns: NESTED_LATE_COLUMNS,
      arrays: NESTED_ARRAYS,
      sentinels,
    },
  };
}

function manifestIsCurrent(manifest, mb, seed) {
  if (manifest?.generator !== GENERATOR_VERSION || manifest.mb !== mb || manifest.seed !== seed) return false;
  return Object.values(manifest.sets).every((set) => existsSync(set.file) && statSync(set.file).size === set.bytes);
}

function readManifest(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Builds the files of `dir` unless its manifest matches; returns the manifest. */
function ensureFiles({ dir, mb, seed, force, log, build }) {
  const manifestPath = join(dir, 'manifest.json');
  const existing = readManifest(manifestPath);
  if (!force && manifestIsCurrent(existing, mb, seed)) return existing;
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  log(`Generating ${mb} MB data (seed ${seed}) in ${dir} ...`);
  const manifest = { generator: GENERATOR_VERSION, mb, seed, sets: build(mb * 1e6) };
  const partial = `${manifestPath}.partial`;
  const fd = openSync(partial, 'w');
  writeSync(fd, `${JSON.stringify(manifest, null, 2)}\n`);
  closeSync(fd);
  renameSync(partial, manifestPath);
  log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return manifest;
}

/** Makes sure the four data sets of `mb` megabytes (10^6 bytes) exist; returns their manifest. */
export function ensureDataSets({ mb, seed = DEFAULT_SEED, force = false, log = console.log }) {
  const dir = join(BENCH_DIR, 'data', `${mb}mb`);
  const build = (targetBytes) => ({
    ...writeFlatSets(dir, targetBytes, seed),
    ...writeNestedSet(dir, targetBytes, seed),
  });
  return ensureFiles({ dir, mb, seed, force, log, build });
}

/** Makes sure the flat JSON array of `mb` megabytes for the memory check exists; returns its manifest. */
export function ensureMemoryDataSet({ mb, seed = DEFAULT_SEED, force = false, log = console.log }) {
  const dir = join(BENCH_DIR, 'data', `memory-${mb}mb`);
  const build = (targetBytes) => writeFlatSets(dir, targetBytes, seed, { ndjson: false, csv: false });
  return ensureFiles({ dir, mb, seed, force, log, build });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { mb: { type: 'string', default: '200' }, seed: { type: 'string' }, force: { type: 'boolean' } },
  });
  const manifest = ensureDataSets({
    mb: Number(values.mb),
    seed: values.seed === undefined ? DEFAULT_SEED : Number(values.seed),
    force: values.force ?? false,
  });
  for (const [name, set] of Object.entries(manifest.sets)) {
    console.log(`${name}: ${(set.bytes / 1e6).toFixed(1)} MB, ${set.records} records`);
  }
}
