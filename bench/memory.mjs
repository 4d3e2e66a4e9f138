/**
 * The memory check of issue 2, item 10: unnest converts a ~1 GB JSON array to CSV, then that CSV
 * back to JSON, each under GNU time; both peaks must stay under 200 MB RSS. The outputs are
 * checked like the benchmark's (rows, columns, exact numbers) and the report goes to
 * bench/results/memory.md.
 *
 *   node bench/memory.mjs [--mb 1000] [--timeout 1200] [--seed N] [--keep]
 *   npm run bench -- --memory [--mb 1000]
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureMemoryDataSet } from './generate.mjs';
import { measure } from './lib/measure.mjs';
import { benchTools } from './lib/tools.mjs';
import { verifyOutput } from './lib/verify.mjs';

const LIMIT_MB = 200;
const { values: flags } = parseArgs({
  options: {
    mb: { type: 'string', default: '1000' },
    timeout: { type: 'string', default: '1200' },
    seed: { type: 'string' },
    keep: { type: 'boolean' },
  },
  strict: false,
});
const mb = Number(flags.mb);
const timeoutSeconds = Number(flags.timeout);

const unnest = benchTools(dirname(BENCH_DIR), BENCH_DIR).find((tool) => tool.id === 'unnest');
const state = unnest.available();
if (state !== true) {
  console.error(`unnest: ${state}; the memory check needs the CLI (npm install at the repository root builds it).`);
  process.exit(1);
}

const manifest = ensureMemoryDataSet({ mb, seed: flags.seed === undefined ? DEFAULT_SEED : Number(flags.seed) });
const jsonSet = manifest.sets['flat.json'];
const dir = dirname(jsonSet.file);
const outDir = join(dir, 'out');
mkdirSync(outDir, { recursive: true });
const csvPath = join(outDir, 'flat.unnest.csv');
const jsonPath = join(outDir, 'flat.unnest.json');
// The CSV written by unnest is the input of the second step; its checks are those of flat.csv.
const steps = [
  { direction: 'json2csv', set: jsonSet, output: csvPath },
  { direction: 'csv2json', set: { ...jsonSet, file: csvPath, format: 'csv', direction: 'csv2json' }, output: jsonPath },
];

const rows = [];
let failed = false;
for (const { direction, set, output } of steps) {
  const command = unnest.command(direction, set, output);
  console.log(`unnest ${direction} ${set.file} ...`);
  const run = await measure({
    ...command,
    stdoutPath: null,
    stderrPath: join(outDir, `${direction}.stderr`),
    timeFile: join(outDir, 'time'),
    timeoutSeconds,
    maxRssMb: 8192,
  });
  const { size } = statSync(set.file);
  const check = run.failure ? null : verifyOutput(output, set);
  const correct = run.failure
    ? `✗ ${run.failure}`
    : check.failures.length === 0
      ? '✓'
      : `✗ ${check.failures.join('; ')}`;
  const underLimit = !run.failure && run.rssMb < LIMIT_MB;
  failed ||= !underLimit || correct !== '✓';
  rows.push(
    `| ${direction === 'json2csv' ? 'JSON → CSV' : 'CSV → JSON'} | ${(size / 1e6).toFixed(0)} | ${run.seconds.toFixed(1)} | ${(size / 1e6 / run.seconds).toFixed(1)} | ${run.rssMb.toFixed(0)} ${underLimit ? '✓' : '✗'} | ${correct} |`,
  );
  console.log(rows.at(-1));
  if (run.failure) break;
}
if (!flags.keep) rmSync(jsonPath, { force: true });
if (!flags.keep) rmSync(csvPath, { force: true });

const report = [
  `## Memory check ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
  '',
  `unnest on a ${mb} MB JSON array of ${jsonSet.records.toLocaleString('en')} flat records (seed ${manifest.seed}); target: peak RSS under ${LIMIT_MB} MB both ways.`,
  '',
  '| Direction | Input MB | Seconds | MB/s | Peak RSS MB | Correct? |',
  '|---|--:|--:|--:|--:|---|',
  ...rows,
  '',
].join('\n');
console.log(`\n${report}`);
mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
writeFileSync(join(BENCH_DIR, 'results', 'memory.md'), report);
process.exit(failed ? 1 : 0);
