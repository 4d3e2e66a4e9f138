/**
 * The benchmark: converts the generated data sets with unnest and its peers, each run a child
 * process timed by GNU time, checks every tool's output, and writes the Markdown report to
 * bench/results/latest.md (raw figures in latest.json).
 *
 *   npm run bench [-- --quick] [--mb N] [--runs N] [--only unnest,miller] [--cases flat.json]
 *                 [--timeout S] [--max-rss-mb MB] [--seed N] [--keep] [--memory]
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';
import { measure } from './lib/measure.mjs';
import { renderReport, summarize, verdictOf } from './lib/report.mjs';
import { benchTools } from './lib/tools.mjs';
import { verifyOutput } from './lib/verify.mjs';

const REPO_DIR = dirname(BENCH_DIR);

const { values: flags } = parseArgs({
  options: {
    mb: { type: 'string' },
    quick: { type: 'boolean' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    cases: { type: 'string' },
    timeout: { type: 'string', default: '300' },
    'max-rss-mb': { type: 'string', default: '8192' },
    seed: { type: 'string' },
    keep: { type: 'boolean' },
    memory: { type: 'boolean' },
  },
  allowPositionals: false,
  strict: false,
});

if (flags.memory) {
  const forwarded = process.argv.slice(2).filter((a) => a !== '--memory');
  const result = spawnSync(process.execPath, [join(BENCH_DIR, 'memory.mjs'), ...forwarded], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const mb = Number(flags.mb ?? (flags.quick ? 20 : 200));
const runs = Number(flags.runs);
const timeoutSeconds = Number(flags.timeout);
const maxRssMb = Number(flags['max-rss-mb']);
const seed = flags.seed === undefined ? DEFAULT_SEED : Number(flags.seed);
const wanted = (list) => (list ? list.split(',').map((s) => s.trim().toLowerCase()) : null);
const onlyTools = wanted(flags.only);
const onlyCases = wanted(flags.cases);
for (const [name, value] of [
  ['--mb', mb],
  ['--runs', runs],
  ['--timeout', timeoutSeconds],
  ['--max-rss-mb', maxRssMb],
]) {
  if (!(value > 0)) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
}

/** Installs the peer tools into bench/node_modules (never into the product's install). */
function installPeers() {
  if (existsSync(join(BENCH_DIR, 'node_modules'))) return;
  console.log('Installing the peer tools into bench/node_modules ...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--prefix', BENCH_DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) console.error('npm install of the peer tools failed; they are marked "not installed".');
}

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(BENCH_DIR, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function contextLines(manifest) {
  const mlr = spawnSync('mlr', ['--version'], { encoding: 'utf8' });
  const peers = ['@duckdb/node-api', '@json2csv/node', 'json-2-csv', 'papaparse', 'udsv', 'csv-parse'];
  const sizes = Object.entries(manifest.sets)
    .map(([name, set]) => `${name} ${(set.bytes / 1e6).toFixed(1)} MB (${set.records.toLocaleString('en')} records)`)
    .join(', ');
  return [
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; Node ${process.version}`,
    `Data (seed ${manifest.seed}): ${sizes}`,
    `Runs per tool and case: ${runs} (median time, largest peak RSS); timeout ${timeoutSeconds} s; a run above ${maxRssMb} MB RSS is killed; MB = 10^6 bytes of input`,
    `Peers: Miller ${mlr.status === 0 ? mlr.stdout.trim().replace('mlr ', '') : 'not installed'}, ${peers.map((p) => `${p} ${packageVersion(p)}`).join(', ')}`,
    'DuckDB runs with `SET threads=1`. "CPU ÷ wall" above 1: the process used more than one core (GC, I/O or Go runtime threads); well below 1: it waited for a core, the machine was busy and its figure is low',
  ];
}

installPeers();
const manifest = ensureDataSets({ mb, seed });
const tools = benchTools(REPO_DIR, BENCH_DIR).filter(
  (tool) => !onlyTools || onlyTools.some((name) => tool.id.toLowerCase().startsWith(name)),
);
const outDir = join(BENCH_DIR, 'data', `${mb}mb`, 'out');
mkdirSync(outDir, { recursive: true });
mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });

const availability = new Map(tools.map((tool) => [tool.id, tool.available()]));
for (const [id, state] of availability) if (state !== true) console.log(`${id}: ${state}`);

const results = [];
for (const direction of ['json2csv', 'csv2json']) {
  for (const caseName of ['flat.json', 'flat.ndjson', 'nested.json', 'flat.csv']) {
    const set = manifest.sets[caseName];
    if (!set || set.direction !== direction) continue;
    if (onlyCases && !onlyCases.includes(caseName)) continue;
    const caseTools = tools.filter((tool) => tool.cases[direction].includes(caseName));
    const caseResults = caseTools.map((tool) => {
      const state = availability.get(tool.id);
      return {
        direction,
        caseName,
        bytes: set.bytes,
        tool: tool.id,
        reference: tool.reference ?? false,
        unavailable: state === true ? null : state,
        failure: null,
        failedRun: null,
        check: null,
        runs: [],
      };
    });
    results.push(...caseResults);
    console.log(`\n${direction} ${caseName} (${(set.bytes / 1e6).toFixed(1)} MB)`);
    // Rounds go through every tool in turn, so that a noisy moment does not hit one tool's runs only.
    for (let round = 1; round <= runs; round++) {
      for (const [i, tool] of caseTools.entries()) {
        const result = caseResults[i];
        if (result.unavailable || result.failure) continue;
        const slug = tool.id.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
        const output = join(outDir, `${slug}.${caseName}.${direction === 'json2csv' ? 'csv' : 'json'}`);
        const command = tool.command(direction, set, output);
        rmSync(output, { force: true });
        warmPageCache(set.file);
        const run = await measure({
          ...command,
          stdoutPath: command.stdoutIsOutput ? output : null,
          stderrPath: join(outDir, `${slug}.${caseName}.stderr`),
          timeFile: join(outDir, `${slug}.time`),
          timeoutSeconds,
          maxRssMb,
        });
        if (run.failure) {
          result.failure = run.failure;
          result.failedRun = run;
          console.log(`  ${tool.id.padEnd(20)} run ${round}: failed: ${run.failure}`);
        } else {
          result.runs.push(run);
          const speed = (set.bytes / 1e6 / Math.max(run.seconds, 0.005)).toFixed(1);
          console.log(
            `  ${tool.id.padEnd(20)} run ${round}: ${run.seconds.toFixed(2)} s, ${speed} MB/s, ${run.rssMb.toFixed(0)} MB`,
          );
          // The output is the same every run, so it is checked once.
          if (!result.check && !tool.reference) {
            result.check = verifyOutput(output, set);
            console.log(`  ${''.padEnd(20)} check: ${verdictOf(result)}`);
          }
        }
        if (!flags.keep) rmSync(output, { force: true });
      }
    }
  }
}

/**
 * Reads a file through once, so that the run after it reads the page cache rather than the disk: the
 * benchmark times the tools, not the disk. Some machines reclaim cached pages that have not been used
 * for a while (and a peer using gigabytes evicts them), which made single runs vary by a third.
 */
function warmPageCache(path) {
  const buffer = Buffer.allocUnsafe(8 << 20);
  const fd = openSync(path, 'r');
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0) {
      // Only the reading matters.
    }
  } finally {
    closeSync(fd);
  }
}

const context = { date: new Date().toISOString().slice(0, 16).replace('T', ' '), lines: contextLines(manifest) };
const report = renderReport({ results, context });
console.log(`\n${report}`);
if (availability.has('Miller') && availability.get('Miller') !== true) {
  console.log('Miller is not installed: `apt-get install miller` (Debian/Ubuntu) adds it to the comparison.');
}
writeFileSync(join(BENCH_DIR, 'results', 'latest.md'), `${report}\n`);
writeFileSync(
  join(BENCH_DIR, 'results', 'latest.json'),
  `${JSON.stringify({ context, results: results.map((r) => ({ ...r, summary: summarize(r) })) }, null, 2)}\n`,
);
console.log('Written to bench/results/latest.md and latest.json');
