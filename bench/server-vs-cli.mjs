/**
 * The server's conversion path against the CLI on the same file: a paid (Professional) account's upload
 * of a large JSON array (upload, conversion, analysis and storage, timed by the client until the answer)
 * and a free account's 5 MB upload, each beside `unnest json2csv` of the same file to a file. Paired
 * runs (CLI, server, CLI, server ...); medians and ratios are printed. Needs `npm run build`.
 *
 *   node bench/server-vs-cli.mjs [--paid-mb 1000] [--free-mb 5] [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureMemoryDataSet } from './generate.mjs';
import { deleteFile, median, startBenchServer, uploadWithCurl } from './lib/server-process.mjs';

const REPO_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(REPO_DIR, 'packages/cli/bin/unnest.js');

const { values: flags } = parseArgs({
  options: {
    'paid-mb': { type: 'string', default: '1000' },
    'free-mb': { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Number(flags.runs);

function cliSeconds(file) {
  const out = join(tmpdir(), `unnest-bench-cli-${process.pid}.csv`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'json2csv', file, '-o', out], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { force: true });
  if (result.status !== 0) throw new Error(`unnest json2csv failed on ${file}`);
  return seconds;
}

async function compare(server, label, token, file) {
  const cli = [];
  const served = [];
  for (let run = 0; run < runs; run++) {
    cli.push(cliSeconds(file));
    const { seconds, answer } = await uploadWithCurl(server.url, token, file);
    if (answer.status !== 'success') throw new Error(`${label}: ${JSON.stringify(answer)}`);
    served.push(seconds);
    await deleteFile(server.url, token, answer.file_id);
    console.log(`  ${label} run ${run + 1}: CLI ${cli.at(-1).toFixed(3)} s, server ${seconds.toFixed(3)} s`);
  }
  const [c, s] = [median(cli), median(served)];
  return { label, cli: c, server: s, ratio: s / c, overMs: (s - c) * 1000 };
}

const paid = ensureMemoryDataSet({ mb: Number(flags['paid-mb']) }).sets['flat.json'];
const free = ensureMemoryDataSet({ mb: Number(flags['free-mb']) }).sets['flat.json'];
const server = await startBenchServer();
try {
  const rows = [
    await compare(server, `paid ${(paid.bytes / 1e6).toFixed(0)} MB (with analysis)`, server.tokens.paid, paid.file),
    await compare(server, `free ${(free.bytes / 1e6).toFixed(1)} MB`, server.tokens.free, free.file),
  ];
  console.log('\n| case | CLI (median s) | server (median s) | server / CLI | server - CLI |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.cli.toFixed(3)} | ${row.server.toFixed(3)} | ${row.ratio.toFixed(2)}x | ${row.overMs.toFixed(0)} ms |`,
    );
  }
} finally {
  await server.stop();
}
