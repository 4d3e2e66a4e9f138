/**
 * `unnest compare` and `unnest analyze` on a wide document: an OpenAPI-like description whose 811 records
 * (the members of `paths`) convert to about 811 rows × 175,000 columns (`lib/wide-document.mjs`, ~76 MB).
 * Generates it into bench/data/wide/ (once), converts it (the plain CSV, and with `--relational` the ZIP of
 * tables `unnest plan --relational` proposes), then times each command as a fresh process under GNU time:
 * wall seconds and peak RSS. Each run is killed past `--timeout` seconds or `--max-rss-mb`.
 *
 * With `--flat`, the document is instead a flat array (`writeFlatWideDocument`: 400 records × 200 keys of
 * their own, a CSV of 400 rows × 80,001 columns), read without a records path.
 *
 *   node bench/wide-compare.mjs [--records 811] [--flat] [--relational] [--timeout 600] [--max-rss-mb 4096]
 */
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR } from './generate.mjs';
import { measure } from './lib/measure.mjs';
import { writeFlatWideDocument, writeWideDocument } from './lib/wide-document.mjs';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '811' },
    flat: { type: 'boolean', default: false },
    relational: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '600' },
    'max-rss-mb': { type: 'string', default: '4096' },
  },
});
const flat = values.flat;
const records = flat ? 400 : Number(values.records);
const dir = join(BENCH_DIR, 'data', 'wide');
const name = flat ? 'flat-400' : `openapi-${records}`;
const document = join(dir, `${name}.json`);
const cli = join(dirname(BENCH_DIR), 'packages', 'cli', 'bin', 'unnest.js');
mkdirSync(dir, { recursive: true });

if (!existsSync(document)) {
  const fd = openSync(document, 'w');
  const write = (text) => writeSync(fd, text);
  if (flat) writeFlatWideDocument(write);
  else writeWideDocument(write, { records });
  closeSync(fd);
}

/** Runs `unnest ARGS`, its standard output to `output` (or nowhere); prints and returns the figures. */
async function run(label, args, output) {
  const result = await measure({
    cmd: process.execPath,
    args: [cli, ...args],
    stdoutPath: output,
    stderrPath: join(dir, 'stderr.txt'),
    timeFile: join(dir, 'time.txt'),
    timeoutSeconds: Number(values.timeout),
    maxRssMb: Number(values['max-rss-mb']),
  });
  const figures = result.failure ?? `${result.seconds.toFixed(1)} s, ${Math.round(result.rssMb)} MB peak RSS`;
  console.log(`${label.padEnd(44)} ${figures}`);
  return result;
}

const csv = join(dir, `${name}.csv`);
const records_ = flat ? [] : ['--records', 'paths'];
console.log(`wide document: ${records} records, ${document}`);
await run('json2csv (plain CSV)', ['json2csv', document, ...records_, '-o', csv]);
await run('analyze (the JSON)', ['analyze', document, ...records_]);
await run('compare (the JSON with its CSV)', ['compare', document, csv, ...records_]);
if (values.relational) {
  const plan = join(dir, `${name}-plan.json`);
  const zip = join(dir, `${name}.zip`);
  await run('plan --relational', ['plan', document, ...records_, '--relational', '-o', plan]);
  await run('json2csv --relational (ZIP)', [
    'json2csv',
    document,
    ...records_,
    '--plan',
    plan,
    '--relational',
    '-o',
    zip,
  ]);
  await run('compare (the JSON with its ZIP)', ['compare', document, zip, ...records_]);
}
