/**
 * What relational output costs next to a plain conversion: the benchmark's nested data set converted by
 * json2csv without a plan and as related tables (a ZIP: `order.items` a table of its own, `order.tags`
 * joined), and each output read back (csv2json; the ZIP into JSON). Each run is a fresh process, the modes
 * alternated, and the table shows the median wall and CPU time of each. The engine is the build in
 * packages/engine/dist, or the one `--engine` names, to compare a change with the engine before it.
 *
 *   node bench/relational-cost.mjs [--mb 20] [--runs 5] [--engine DIST]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';
import { startTiming } from './lib/measure.mjs';
import { median } from './lib/report.mjs';

const BUILT_ENGINE = join(dirname(BENCH_DIR), 'packages', 'engine', 'dist');
const MODES = ['json2csv', 'relational', 'csv2json', 'relational back'];
const PLAN = {
  version: 1,
  paths: [
    { path: 'order.items', strategy: 'table' },
    { path: 'order.tags', strategy: 'join' },
  ],
};

async function drain(chunks, path) {
  const all = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (path !== undefined) all.push(chunk);
  }
  if (path !== undefined) writeFileSync(path, Buffer.concat(all));
  return bytes;
}

/** One timed run in this process (or, for `prepare`, the CSV and ZIP the read-back modes read). */
async function child(engine, file, mode, work) {
  const { jsonToCsv, csvToJson, jsonToRelational, relationalToJson } = await import(
    pathToFileURL(join(engine, 'index.js')).href
  );
  const input = () => createReadStream(file, { highWaterMark: 1 << 20 });
  const csv = join(work, 'nested.csv');
  const zip = join(work, 'nested.zip');
  if (mode === 'prepare') {
    await drain(jsonToCsv(input()), csv);
    await drain(jsonToRelational(input(), { plan: PLAN }), zip);
    return;
  }
  // The read-back modes read their input whole first (the ZIP reader does anyway): only the conversion is timed.
  const held = mode === 'csv2json' ? readFileSync(csv) : mode === 'relational back' ? readFileSync(zip) : null;
  const timing = startTiming();
  let bytes;
  if (mode === 'json2csv') bytes = await drain(jsonToCsv(input()));
  else if (mode === 'relational') bytes = await drain(jsonToRelational(input(), { plan: PLAN }));
  else if (mode === 'csv2json') bytes = await drain(csvToJson([held]));
  else bytes = await drain(relationalToJson([held]));
  console.log(JSON.stringify({ ...timing(), bytes }));
}

function main() {
  const { values: flags } = parseArgs({
    options: {
      mb: { type: 'string', default: '20' },
      runs: { type: 'string', default: '5' },
      seed: { type: 'string' },
      engine: { type: 'string', default: BUILT_ENGINE },
      help: { type: 'boolean' },
    },
  });
  if (flags.help) {
    console.log('node bench/relational-cost.mjs [--mb 20] [--runs 5] [--seed N] [--engine DIST]');
    return;
  }
  if (!existsSync(join(flags.engine, 'index.js'))) {
    console.error(`${flags.engine} holds no built engine: run \`npm run build\` first.`);
    process.exit(1);
  }
  const manifest = ensureDataSets({
    mb: Number(flags.mb),
    seed: flags.seed === undefined ? DEFAULT_SEED : Number(flags.seed),
  });
  const file = manifest.sets['nested.json'].file;
  const self = fileURLToPath(import.meta.url);
  const work = mkdtempSync(join(tmpdir(), 'unnest-relational-cost-'));
  const run = (mode) => {
    const result = spawnSync(process.execPath, [self, '--child', flags.engine, file, mode, work], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${mode} failed:\n${result.stderr}`);
    return result.stdout === '' ? null : JSON.parse(result.stdout);
  };
  try {
    run('prepare');
    const figures = Object.fromEntries(MODES.map((mode) => [mode, []]));
    for (let n = 1; n <= Number(flags.runs); n++) {
      for (const mode of MODES) {
        const figure = run(mode);
        figures[mode].push(figure);
        console.log(
          `${mode.padEnd(16)} run ${n}: ${figure.seconds.toFixed(2)} s, CPU ${figure.cpuSeconds.toFixed(2)} s`,
        );
      }
    }
    console.log(`\n| nested.json (${flags.mb} MB) | wall | CPU | peak RSS |`);
    console.log('| --- | --- | --- | --- |');
    for (const mode of MODES) {
      const list = figures[mode];
      const wall = median(list.map((f) => f.seconds)).toFixed(2);
      const cpu = median(list.map((f) => f.cpuSeconds)).toFixed(2);
      console.log(`| ${mode} | ${wall} s | ${cpu} s | ${Math.round(Math.max(...list.map((f) => f.rssMb)))} MB |`);
    }
    console.log(`\nMedians of ${flags.runs} runs per mode, alternated. Engine: ${flags.engine}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5], process.argv[6]);
else main();
