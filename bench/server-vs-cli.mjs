/**
 * The server's conversion path against the CLI on the same file: a paid (Professional) account's upload
 * of a large JSON array (upload, conversion, analysis and storage, timed by the client until the answer)
 * and a free account's 5 MB upload, each beside `unnest json2csv` of the same file to a file. Paired
 * runs (CLI, server, CLI, server ...); medians and ratios are printed, of the wall-clock time and of
 * the CPU time (user + system: the server process's during its upload, the CLI process's whole), which
 * a busy machine disturbs much less. Each run starts after a `sync`, so none pays for the previous run's
 * writes. Needs `npm run build`.
 *
 *   node bench/server-vs-cli.mjs [--paid-mb 1000] [--free-mb 5] [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureMemoryDataSet } from './generate.mjs';
import { deleteFile, median, startBenchServer, uploadWithCurl } from './lib/server-process.mjs';

const REPO_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(REPO_DIR, 'packages/cli/bin/unnest.js');
const CLOCK_TICKS = 100;

const { values: flags } = parseArgs({
  options: {
    'paid-mb': { type: 'string', default: '1000' },
    'free-mb': { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Number(flags.runs);

/** CPU seconds (user + system) from /proc: a process's own, or (`children`) its reaped children's. */
function cpuSeconds(pid, { children = false } = {}) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, system] = children ? [fields[13], fields[14]] : [fields[11], fields[12]];
  return (Number(user) + Number(system)) / CLOCK_TICKS;
}

function cli(file) {
  const out = join(tmpdir(), `unnest-bench-cli-${process.pid}.csv`);
  const cpuBefore = cpuSeconds('self', { children: true });
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'json2csv', file, '-o', out, '-q'], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { force: true });
  if (result.status !== 0) throw new Error(`unnest json2csv failed on ${file}`);
  return { seconds, cpu: cpuSeconds('self', { children: true }) - cpuBefore };
}

async function served(server, token, file) {
  const cpuBefore = cpuSeconds(server.pid);
  const { seconds, answer } = await uploadWithCurl(server.url, token, file);
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  if (answer.status !== 'success') throw new Error(JSON.stringify(answer));
  await deleteFile(server.url, token, answer.file_id);
  return { seconds, cpu };
}

/**
 * Waits until the page cache's dirty data is written out (`sync`), so that a run never pays for the writing
 * back of the run before it (each writes a gigabyte or more: the CLI its output and spool, the server the
 * original, its spool and the result).
 */
function settleWrites() {
  spawnSync('sync');
}

async function compare(server, label, token, file) {
  const rows = { cli: [], server: [] };
  for (let run = 0; run < runs; run++) {
    settleWrites();
    rows.cli.push(cli(file));
    settleWrites();
    rows.server.push(await served(server, token, file));
    const [c, s] = [rows.cli.at(-1), rows.server.at(-1)];
    console.log(
      `  ${label} run ${run + 1}: CLI ${c.seconds.toFixed(3)} s (${c.cpu.toFixed(2)} s CPU), server ${s.seconds.toFixed(3)} s (${s.cpu.toFixed(2)} s CPU); load average ${loadavg()[0].toFixed(1)}`,
    );
  }
  const of = (list, key) => median(list.map((row) => row[key]));
  const [cliSeconds, serverSeconds] = [of(rows.cli, 'seconds'), of(rows.server, 'seconds')];
  return {
    label,
    cliSeconds,
    serverSeconds,
    ratio: serverSeconds / cliSeconds,
    overMs: (serverSeconds - cliSeconds) * 1000,
    cpuRatio: of(rows.server, 'cpu') / of(rows.cli, 'cpu'),
  };
}

const paid = ensureMemoryDataSet({ mb: Number(flags['paid-mb']) }).sets['flat.json'];
const free = ensureMemoryDataSet({ mb: Number(flags['free-mb']) }).sets['flat.json'];
const server = await startBenchServer();
try {
  const [big, small] = [
    await compare(server, `paid ${(paid.bytes / 1e6).toFixed(0)} MB (with analysis)`, server.tokens.paid, paid.file),
    await compare(server, `free ${(free.bytes / 1e6).toFixed(1)} MB`, server.tokens.free, free.file),
  ];
  console.log('\n| case | CLI (median s) | server (median s) | server / CLI | server - CLI | server / CLI, CPU time |');
  console.log('|---|---|---|---|---|---|');
  for (const row of [big, small]) {
    console.log(
      `| ${row.label} | ${row.cliSeconds.toFixed(3)} | ${row.serverSeconds.toFixed(3)} | ${row.ratio.toFixed(2)}x | ${row.overMs.toFixed(0)} ms | ${row.cpuRatio.toFixed(2)}x |`,
    );
  }
  const freeLimit = 2 * small.cliSeconds + 0.05;
  console.log(
    `\npaid: server / CLI = ${big.ratio.toFixed(2)}x (target at most 1.5x: ${big.ratio <= 1.5 ? 'met' : 'NOT met'})` +
      `\nfree: server ${small.serverSeconds.toFixed(3)} s against 2 x CLI + 50 ms = ${freeLimit.toFixed(3)} s (${small.serverSeconds <= freeLimit ? 'met' : 'NOT met'})` +
      `\nload average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}: wall-clock ratios hold only on an otherwise idle machine`,
  );
} finally {
  await server.stop();
}
