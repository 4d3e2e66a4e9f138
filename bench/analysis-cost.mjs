/**
 * What the analysis costs on top of the conversion (issue 10: at most 30%). Converts the benchmark's
 * JSON data sets with json2csv alone and with an AnalysisCollector fed in the same pass (as a paid
 * conversion on the server does), each run a fresh process, the two modes alternated (A B A B ...),
 * and prints the median wall and CPU time of each mode and their ratio. The engine is the build in
 * packages/engine/dist (the root `npm install` or `npm run build` makes it), or the one `--engine` names,
 * to compare a change with the engine before it.
 *
 * With `--warm`, all runs of a data set share one process, after one conversion of each mode that is not
 * counted: as in the server's conversion workers, which live on, the code is compiled when the timing starts.
 * The analysis then costs the same seconds but the conversion alone fewer, so the ratio is higher. A warm
 * process's ratio depends on that process (where its compiled code and heap landed: the same build measured 1.14
 * in one process and 1.33 in the next), so `--processes N` runs N such processes, pools their runs, and also
 * prints each process's paired ratio.
 *
 *   node bench/analysis-cost.mjs [--mb 200] [--runs 5] [--cases flat.json,nested.json] [--engine DIST] [--warm [--processes 1]]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';
import { startTiming } from './lib/measure.mjs';
import { median } from './lib/report.mjs';

const BUILT_ENGINE = join(dirname(BENCH_DIR), 'packages', 'engine', 'dist');
const MODES = ['json2csv', 'json2csv + analysis'];

/** Timed conversions in this process, one per mode listed, in turn; prints each one's figures as a JSON line. */
async function child(engine, file, modes) {
  const { jsonToCsv, AnalysisCollector } = await import(pathToFileURL(join(engine, 'index.js')).href);
  const { fileSpoolFactory } = await import(pathToFileURL(join(engine, 'node', 'index.js')).href);
  for (const mode of modes) {
    const timing = startTiming();
    const collector = mode === MODES[1] ? new AnalysisCollector() : undefined;
    let bytes = 0;
    const input = createReadStream(file, { highWaterMark: 1 << 20 });
    for await (const chunk of jsonToCsv(input, { analysis: collector, spool: fileSpoolFactory(tmpdir()) })) {
      bytes += chunk.length;
    }
    const columns = collector?.report().columns ?? null;
    console.log(JSON.stringify({ ...timing(), bytes, columns }));
  }
}

/** Runs the child on `modes`; returns the figures of each conversion. */
function timed(engine, file, modes) {
  const result = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', engine, file, modes.join(',')],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`${modes.join(', ')} on ${file} failed:\n${result.stderr}`);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

function main() {
  const { values: flags } = parseArgs({
    options: {
      mb: { type: 'string', default: '200' },
      runs: { type: 'string', default: '5' },
      cases: { type: 'string', default: 'flat.json,nested.json' },
      seed: { type: 'string' },
      engine: { type: 'string', default: BUILT_ENGINE },
      warm: { type: 'boolean', default: false },
      processes: { type: 'string', default: '1' },
      help: { type: 'boolean' },
    },
  });
  if (flags.help) {
    console.log(
      'node bench/analysis-cost.mjs [--mb 200] [--runs 5] [--cases flat.json,nested.json] [--seed N] [--engine DIST] [--warm [--processes 1]]',
    );
    return;
  }
  if (!existsSync(join(flags.engine, 'index.js'))) {
    console.error(`${flags.engine} holds no built engine: run \`npm run build\` first.`);
    process.exit(1);
  }
  const mb = Number(flags.mb);
  const runs = Number(flags.runs);
  const processes = Number(flags.processes);
  if (!(processes >= 1) || (processes > 1 && !flags.warm)) {
    console.error('--processes takes a number of at least 1, and more than 1 only with --warm.');
    process.exit(1);
  }
  const manifest = ensureDataSets({ mb, seed: flags.seed === undefined ? DEFAULT_SEED : Number(flags.seed) });
  const rows = [];
  for (const name of flags.cases.split(',')) {
    const set = manifest.sets[name];
    if (set === undefined) throw new Error(`no data set ${name}; there are ${Object.keys(manifest.sets).join(', ')}`);
    const figures = Object.fromEntries(MODES.map((mode) => [mode, []]));
    const log = (mode, run, figure) =>
      console.log(
        `${name} ${mode.padEnd(20)} run ${run}: ${figure.seconds.toFixed(2)} s, CPU ${figure.cpuSeconds.toFixed(2)} s, ${Math.round(figure.rssMb)} MB`,
      );
    /** Each run with the analysis over the run alone just before it: a pair shares the machine's state of the moment. */
    const pairedRatios = (plainRuns, analysedRuns) =>
      plainRuns.map((alone, run) => (analysedRuns[run]?.cpuSeconds ?? Number.NaN) / alone.cpuSeconds);
    const perProcess = [];
    if (flags.warm) {
      // One process, as a server's conversion worker that has converted before: a conversion of each mode
      // first, not counted, then the modes in turn.
      for (let worker = 1; worker <= processes; worker++) {
        const all = timed(flags.engine, set.file, [...MODES, ...Array.from({ length: runs }, () => MODES).flat()]);
        const own = Object.fromEntries(MODES.map((mode) => [mode, []]));
        all.slice(MODES.length).forEach((figure, k) => {
          const mode = MODES[k % MODES.length];
          figures[mode].push(figure);
          own[mode].push(figure);
          log(mode, `${processes > 1 ? `${worker}.` : ''}${Math.floor(k / MODES.length) + 1}`, figure);
        });
        perProcess.push(median(pairedRatios(own[MODES[0]], own[MODES[1]])));
      }
    } else {
      for (let run = 1; run <= runs; run++) {
        for (const mode of MODES) {
          const [figure] = timed(flags.engine, set.file, [mode]);
          figures[mode].push(figure);
          log(mode, run, figure);
        }
      }
    }
    const [plain, analysed] = MODES.map((mode) => ({
      seconds: median(figures[mode].map((f) => f.seconds)),
      cpuSeconds: median(figures[mode].map((f) => f.cpuSeconds)),
      rssMb: Math.max(...figures[mode].map((f) => f.rssMb)),
    }));
    // The median of the paired ratios moves less than the ratio of the medians when the machine drifts.
    const pairedCpu = median(pairedRatios(figures[MODES[0]], figures[MODES[1]]));
    rows.push({ name, bytes: set.bytes, plain, analysed, pairedCpu, perProcess });
  }
  console.log(
    `\n| Data set (${mb} MB) | json2csv | json2csv + analysis | ratio (wall) | json2csv CPU | json2csv + analysis CPU | ratio (CPU) | paired ratio (CPU) | peak RSS |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { name, plain, analysed, pairedCpu } of rows) {
    console.log(
      `| ${name} | ${plain.seconds.toFixed(2)} s | ${analysed.seconds.toFixed(2)} s | ${(analysed.seconds / plain.seconds).toFixed(2)} | ${plain.cpuSeconds.toFixed(2)} s | ${analysed.cpuSeconds.toFixed(2)} s | ${(analysed.cpuSeconds / plain.cpuSeconds).toFixed(2)} | ${pairedCpu.toFixed(2)} | ${Math.round(plain.rssMb)} / ${Math.round(analysed.rssMb)} MB |`,
    );
  }
  if (processes > 1) {
    for (const { name, perProcess } of rows) {
      console.log(`${name}: paired CPU ratio per process ${perProcess.map((ratio) => ratio.toFixed(2)).join(', ')}`);
    }
  }
  const where =
    processes > 1
      ? `, in each of ${processes} warmed-up processes, pooled (peak RSS: of the largest process)`
      : flags.warm
        ? ', in one warmed-up process (peak RSS: of that process)'
        : ', each a fresh process';
  console.log(
    `\nMedians of ${runs * processes} runs per mode, alternated${where}; ratio = with analysis / without (of the medians; paired: the median of each run's ratio to the run before it).`,
  );
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5].split(','));
else main();
