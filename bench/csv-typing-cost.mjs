/**
 * What csv2json's typing costs: the benchmark's flat.csv converted per cell (the default for it, as for any CSV
 * that does not quote every cell) by this engine and by the engine `--engine` names (the build before a change),
 * and per column (two passes, the input kept in a file spool between them) by this engine. Each run is a fresh
 * process, the runs alternated; the table shows the median CPU and wall time of each, and the per-cell ratio
 * of this engine to the other (run pairs, median of the ratios).
 *
 *   node bench/csv-typing-cost.mjs [--mb 20] [--runs 7] [--engine DIST]
 */

import { isUtf8 } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';
import { median } from './lib/report.mjs';

const BUILT_ENGINE = join(dirname(BENCH_DIR), 'packages', 'engine', 'dist');

/** One timed run in this process: prints `{ cpu, wall, bytes }`. */
async function child(engine, file, typing) {
  const { csvToJson } = await import(pathToFileURL(join(engine, 'index.js')).href);
  // `per-cell-default` gives no typing: the default, which reads this file (not every cell quoted) per cell.
  const options = { isUtf8 };
  if (typing === 'per-column') {
    const { fileSpoolFactory } = await import(pathToFileURL(join(engine, 'node', 'index.js')).href);
    Object.assign(options, { typing, spool: fileSpoolFactory() });
  }
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let bytes = 0;
  for await (const chunk of csvToJson(createReadStream(file, { highWaterMark: 1 << 20 }), options))
    bytes += chunk.length;
  const cpu = process.cpuUsage(cpuStarted);
  console.log(
    JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - started) / 1000, bytes }),
  );
}

function run(engine, file, typing) {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [self, '--child', engine, file, typing], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${typing} on ${engine} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function main() {
  const { values } = parseArgs({
    options: {
      mb: { type: 'string', default: '20' },
      runs: { type: 'string', default: '7' },
      engine: { type: 'string' },
    },
  });
  const mb = Number(values.mb);
  const file = ensureDataSets({ mb, seed: DEFAULT_SEED }).sets['flat.csv'].file;
  const before = values.engine;
  const cases = [
    ['per cell, this engine', BUILT_ENGINE, 'per-cell-default'],
    ...(before ? [['per cell, --engine', before, 'per-cell-default']] : []),
    ['per column, this engine', BUILT_ENGINE, 'per-column'],
  ];
  const figures = new Map(cases.map(([name]) => [name, []]));
  for (let round = 0; round < Number(values.runs); round++) {
    for (const [name, engine, typing] of cases) figures.get(name).push(run(engine, file, typing));
  }
  console.log(`csv2json of flat.csv (${mb} MB data set), ${values.runs} runs each, alternated\n`);
  console.log('| Case | CPU s, median | wall s, median | output bytes |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, runs] of figures) {
    const cpu = median(runs.map((r) => r.cpu)).toFixed(3);
    const wall = median(runs.map((r) => r.wall)).toFixed(3);
    console.log(`| ${name} | ${cpu} | ${wall} | ${runs[0].bytes} |`);
  }
  if (before) {
    const after = figures.get('per cell, this engine');
    const old = figures.get('per cell, --engine');
    const ratios = after.map((r, i) => r.cpu / old[i].cpu);
    const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
    console.log(
      `\nPer cell, this engine / --engine: CPU ${median(ratios).toFixed(3)} (median of pairs, range ${range})`,
    );
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
else await main();
