/**
 * Where the engine's ceiling is (issue 27): on each 200 MB data set, the byte loop (`peers/byte-loop.mjs`)
 * against the CLI on one thread, against the engine's conversion pass alone (reading, flattening and
 * encoding every record into its row buffers, then throwing the rows away: no spool kept, nothing
 * written) and against V8's JSON.parse (`peers/json-parse.mjs`). Each command is a fresh process, run in
 * turn with the byte loop (A B A B ...); the figure is the byte loop's time over the command's, pair by
 * pair, median of the runs, so a speed ratio: 0.5 means half the byte loop's speed.
 *
 *   node bench/ceiling.mjs [--mb 200] [--runs 5] [--cases flat.ndjson,nested.json,flat.csv]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';
import { median } from './lib/report.mjs';

const REPO = dirname(BENCH_DIR);
const ENGINE = join(REPO, 'packages', 'engine', 'dist', 'index.js');
const CLI = join(REPO, 'packages', 'cli', 'bin', 'unnest.js');
const self = fileURLToPath(import.meta.url);

/** The conversion pass alone, in this process: every output chunk made, none kept or written. */
async function passAlone(file) {
  const { jsonToCsv, csvToJson } = await import(pathToFileURL(ENGINE).href);
  const input = createReadStream(file, { highWaterMark: 1 << 20 });
  // A spool that keeps nothing: the rows are made and dropped, so the output pass has nothing to pad or write.
  const forgetful = () => ({ write() {}, size: 0, async *read() {}, async dispose() {} });
  const output = file.endsWith('.csv') ? csvToJson(input) : jsonToCsv(input, { spool: forgetful });
  let chunks = 0;
  for await (const _chunk of output) chunks++;
  if (chunks < 0) process.exit(1);
}

/** The commands measured on `file`, by name; `out` is a scratch folder for the CLI's output. */
function commandsFor(file, out) {
  const csv = file.endsWith('.csv');
  const commands = {
    'the CLI, --threads 1': [
      CLI,
      csv ? 'csv2json' : 'json2csv',
      file,
      '-o',
      join(out, csv ? 'out.json' : 'out.csv'),
      '--threads',
      '1',
    ],
    'the conversion pass alone': [self, '--pass', file],
  };
  if (!csv) {
    const format = file.endsWith('.ndjson') ? 'ndjson' : 'json';
    commands["V8's JSON.parse alone"] = [join(BENCH_DIR, 'peers', 'json-parse.mjs'), 'x', file, 'x', format];
  }
  return commands;
}

function seconds(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  return (performance.now() - started) / 1000;
}

function main() {
  const { values: flags } = parseArgs({
    options: {
      mb: { type: 'string', default: '200' },
      runs: { type: 'string', default: '5' },
      cases: { type: 'string', default: 'flat.ndjson,nested.json,flat.csv' },
    },
  });
  if (!existsSync(ENGINE) || !existsSync(CLI)) {
    console.error('No built engine or CLI: run `npm install` (or `npm run build`) first.');
    process.exit(1);
  }
  const manifest = ensureDataSets({ mb: Number(flags.mb), seed: DEFAULT_SEED });
  const out = mkdtempSync(join(tmpdir(), 'unnest-ceiling-'));
  const rows = [];
  try {
    for (const name of flags.cases.split(',')) {
      const set = manifest.sets[name];
      if (set === undefined) throw new Error(`no data set ${name}`);
      const byteLoop = [join(BENCH_DIR, 'peers', 'byte-loop.mjs'), 'x', set.file];
      seconds(byteLoop); // warms the page cache
      for (const [label, args] of Object.entries(commandsFor(set.file, out))) {
        const ratios = [];
        for (let run = 1; run <= Number(flags.runs); run++) {
          const command = seconds(args);
          const loop = seconds(byteLoop);
          ratios.push(loop / command);
          console.log(`${name} ${label} run ${run}: ${command.toFixed(2)} s, byte loop ${loop.toFixed(2)} s`);
        }
        rows.push({ name, label, ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) });
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(`\n| ${flags.mb} MB data set | measured | ÷ byte loop (median) | min to max |`);
  console.log('| --- | --- | ---: | ---: |');
  for (const { name, label, ratio, low, high } of rows) {
    console.log(`| ${name} | ${label} | ${ratio.toFixed(2)} | ${low.toFixed(2)} to ${high.toFixed(2)} |`);
  }
  console.log(`\nByte loop time over the command's time, ${flags.runs} pairs each, alternated.`);
}

if (process.argv[2] === '--pass') await passAlone(process.argv[3]);
else main();
