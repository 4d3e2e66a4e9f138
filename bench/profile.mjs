/**
 * Where a conversion's CPU time goes: runs the CLI (its compiled modules, not the bundle, so every
 * function keeps its file) under V8's sampling profiler on a benchmark data set and prints the functions
 * with the most self time, with their share of all samples. The tables in docs/performance.md come from it.
 *
 *   node bench/profile.mjs [--mb 200] [--case flat.json] [--top 15] [--interval 200] [-- extra CLI flags]
 *
 * The case picks the direction: `flat.csv` runs `unnest csv2json`, the others `unnest json2csv`. A JSON Lines
 * or CSV file is split across the cores unless `-- --threads 1` is given: every thread writes its own profile,
 * and the table adds them up (self time of all threads, so the shares are of the CPU time, not the wall time).
 * The raw profiles are kept in bench/results/<case>.<n>.cpuprofile (open them in Chrome's DevTools).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';

const REPO_DIR = dirname(BENCH_DIR);
const CLI_MAIN = join(REPO_DIR, 'packages', 'cli', 'dist', 'main.js');

const { values: flags, positionals } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    case: { type: 'string', default: 'flat.json' },
    top: { type: 'string', default: '15' },
    interval: { type: 'string', default: '200' },
  },
  allowPositionals: true,
});

/** Self time per function (name and source position), from .cpuprofile samples and their time deltas. */
export function selfTimes(profiles) {
  const micros = new Map();
  for (const profile of profiles) addSelfTimes(profile, micros);
  const total = [...micros.values()].reduce((a, b) => a + b, 0);
  return { total, rows: [...micros.entries()].sort((a, b) => b[1] - a[1]) };
}

function addSelfTimes(profile, micros) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const { samples, timeDeltas } = profile;
  // Each delta is the time before its sample; the sample's node was running for the next delta.
  for (let k = 0; k < samples.length; k++) {
    const node = byId.get(samples[k]);
    const spent = timeDeltas[k + 1] ?? 0;
    const frame = node.callFrame;
    const file = frame.url === '' ? '' : relative(REPO_DIR, frame.url.replace(/^file:\/\//, ''));
    const key = `${frame.functionName || '(anonymous)'}\t${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    micros.set(key, (micros.get(key) ?? 0) + spent);
  }
}

function main() {
  ensureDataSets({ mb: Number(flags.mb), seed: DEFAULT_SEED, log: () => {} });
  const dir = join(BENCH_DIR, 'data', `${flags.mb}mb`);
  const input = join(dir, flags.case);
  const command = flags.case.endsWith('.csv') ? 'csv2json' : 'json2csv';
  const profileDir = join(tmpdir(), `unnest-profile-${process.pid}`);
  mkdirSync(profileDir, { recursive: true });
  const output = join(profileDir, 'out');
  const cliArgs = [command, input, '-o', output, ...positionals];
  // The compiled modules, so that each function keeps its file (the bundle would name one file for all); a file,
  // not `-e`, since worker threads inherit the flags of the process.
  const entry = join(profileDir, 'entry.mjs');
  writeFileSync(
    entry,
    `import { runCli } from ${JSON.stringify(pathToFileURL(CLI_MAIN).href)};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`,
  );
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${flags.interval}`, entry, ...cliArgs],
    { stdio: 'inherit' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) process.exit(result.status ?? 1);
  const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  const profiles = files.map((name, n) => {
    const kept = join(BENCH_DIR, 'results', `${flags.case}.${n}.cpuprofile`);
    renameSync(join(profileDir, name), kept);
    return kept;
  });
  rmSync(profileDir, { recursive: true, force: true });
  const { total, rows } = selfTimes(profiles.map((path) => JSON.parse(readFileSync(path, 'utf8'))));
  console.log(
    `unnest ${command} ${flags.mb} MB ${flags.case} ${positionals.join(' ')}: ${seconds.toFixed(2)} s wall under the profiler, ${(total / 1e6).toFixed(2)} s of samples in ${profiles.length} thread(s)`,
  );
  console.log(`| function | file | self ms | share |\n|---|---|--:|--:|`);
  for (const [key, us] of rows.slice(0, Number(flags.top))) {
    const [name, file] = key.split('\t');
    console.log(`| ${name} | ${file ?? ''} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)}% |`);
  }
  console.log(`Profiles: ${profiles.map((path) => relative(REPO_DIR, path)).join(', ')}`);
}

main();
