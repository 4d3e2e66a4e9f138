/**
 * Where the analysis's cost goes, function by function: in one process that has converted before (as a server's
 * conversion worker), converts a data set in turn as json2csv alone (`convert`), with a collector that samples
 * no record (`count`: the flattener's exact counts alone) and with the full analysis (`analyse`), each run under
 * its own V8 CPU profile (the inspector's, 200 µs samples), and prints each function's self time per run in each
 * mode. Runs of the modes alternate, so a machine whose speed drifts moves all three alike; a function slowed by
 * the analysis shows as a larger figure under `count` or `analyse` than under `convert`.
 *
 * The input is read into memory first and the output is counted, not spooled, so the figures are CPU work only.
 * The engine is packages/engine/dist or the one `--engine` names, to compare a change with the engine before it.
 *
 *   node bench/analysis-profile.mjs [--mb 200] [--case flat.json] [--rounds 4] [--top 16] [--engine DIST]
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, DEFAULT_SEED, ensureDataSets } from './generate.mjs';

const { values: flags } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    case: { type: 'string', default: 'flat.json' },
    rounds: { type: 'string', default: '4' },
    top: { type: 'string', default: '16' },
    engine: { type: 'string', default: join(dirname(BENCH_DIR), 'packages', 'engine', 'dist') },
  },
});
const MODES = ['convert', 'count', 'analyse'];
const CHUNK = 1 << 20;

const { jsonToCsv, AnalysisCollector } = await import(pathToFileURL(join(flags.engine, 'index.js')).href);
const manifest = ensureDataSets({ mb: Number(flags.mb), seed: DEFAULT_SEED, log: () => {} });
const set = manifest.sets[flags.case];
if (set === undefined) throw new Error(`no data set ${flags.case}; there are ${Object.keys(manifest.sets).join(', ')}`);
const data = readFileSync(set.file);
const chunks = [];
for (let at = 0; at < data.length; at += CHUNK) chunks.push(data.subarray(at, at + CHUNK));

/** One conversion in `mode`. */
async function convert(mode) {
  const analysis =
    mode === 'convert'
      ? undefined
      : mode === 'count'
        ? new AnalysisCollector('.', { sampleHead: 0, sampleStride: Number.MAX_SAFE_INTEGER })
        : new AnalysisCollector();
  for await (const _ of jsonToCsv(chunks, { analysis }));
  analysis?.report();
}

/** Adds a profile's self time per function (name and place) to `micros`; returns the profile's total. */
function addSelfTimes(profile, micros) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let total = 0;
  profile.samples.forEach((id, k) => {
    const frame = byId.get(id).callFrame;
    const place = frame.url === '' ? '' : ` ${frame.url.replace(/^.*\/dist\//, '')}:${frame.lineNumber + 1}`;
    const key = `${frame.functionName || '(anonymous)'}${place}`;
    const spent = profile.timeDeltas[k + 1] ?? 0;
    micros.set(key, (micros.get(key) ?? 0) + spent);
    total += spent;
  });
  return total;
}

for (const mode of [...MODES, ...MODES]) await convert(mode);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const selfTimes = Object.fromEntries(MODES.map((mode) => [mode, new Map()]));
const totals = Object.fromEntries(MODES.map((mode) => [mode, 0]));
const rounds = Number(flags.rounds);
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < MODES.length; k++) {
    const mode = MODES[(k + round) % MODES.length];
    await session.post('Profiler.start');
    await convert(mode);
    const { profile } = await session.post('Profiler.stop');
    totals[mode] += addSelfTimes(profile, selfTimes[mode]);
  }
}
session.disconnect();

const perRun = (micros) => `${(micros / 1000 / rounds).toFixed(1)}`;
const largest = new Map();
for (const mode of MODES)
  for (const [key, micros] of selfTimes[mode]) largest.set(key, Math.max(largest.get(key) ?? 0, micros));
console.log(`${flags.case} (${flags.mb} MB), self time in ms per run, ${rounds} runs per mode:\n`);
console.log(`| function | ${MODES.join(' | ')} |`);
console.log(`| --- | ${MODES.map(() => '---:').join(' | ')} |`);
for (const [key] of [...largest].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) {
  console.log(`| \`${key}\` | ${MODES.map((mode) => perRun(selfTimes[mode].get(key) ?? 0)).join(' | ')} |`);
}
console.log(`| all | ${MODES.map((mode) => perRun(totals[mode])).join(' | ')} |`);
console.log(
  `\ncount / convert ${(totals.count / totals.convert).toFixed(3)}, analyse / convert ${(totals.analyse / totals.convert).toFixed(3)}`,
);
