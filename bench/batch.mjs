/**
 * Batch processing on the embedded default (one process, `WORKERS` from the environment, default 1)
 * against the CLI converting the same files one after another (`unnest json2csv` per file, as a shell
 * loop would), then the ZIP of the converted files downloaded while the server's resident memory is
 * sampled. Needs `npm run build`. Prints a Markdown table; the machine's load is printed with it.
 *
 *   node bench/batch.mjs [--files 100] [--mb 1] [--port 4200]
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { residentMb, startBenchServer } from './lib/server-process.mjs';

const REPO_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(REPO_DIR, 'packages/cli/bin/unnest.js');

const { values: flags } = parseArgs({
  options: {
    files: { type: 'string', default: '100' },
    mb: { type: 'string', default: '1' },
    port: { type: 'string', default: String(4200 + Math.floor(Math.random() * 100)) },
  },
});
const fileCount = Number(flags.files);
const targetBytes = Number(flags.mb) * 1024 * 1024;

/** `count` JSON files of nested records, each about `bytes` long, different from one another. */
function writeFiles(dir, count, bytes) {
  const files = [];
  for (let n = 0; n < count; n++) {
    const records = [];
    let length = 2;
    for (let i = 0; length < bytes; i++) {
      const text = JSON.stringify({
        id: n * 1_000_000 + i,
        name: `file ${n} record ${i}`,
        amount: (i * 17.5) / (n + 1),
        active: i % 3 === 0,
        owner: { team: `team-${(n + i) % 9}`, tags: ['a', `b${i % 5}`] },
      });
      records.push(text);
      length += text.length + 1;
    }
    const file = join(dir, `part-${String(n).padStart(3, '0')}.json`);
    writeFileSync(file, `[${records.join(',')}]`);
    files.push(file);
  }
  return files;
}

function cliSeconds(files, outDir) {
  const started = performance.now();
  for (const file of files) {
    const out = join(outDir, `${file.split('/').at(-1)}.csv`);
    const result = spawnSync(process.execPath, [CLI, 'json2csv', file, '-o', out], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`unnest json2csv failed on ${file}`);
  }
  return (performance.now() - started) / 1000;
}

/** Runs curl to its end and returns its standard output. */
async function curl(args) {
  const child = spawn('curl', ['-sS', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let body = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    body += text;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`curl ${args.at(-1)} exited with ${code}`);
  return body;
}

/** Uploads the files as one batch and waits until the job is final; the seconds from upload to final. */
async function batchSeconds(url, token, files) {
  const started = performance.now();
  const form = files.flatMap((file) => ['-F', `files=@${file}`]);
  const answer = JSON.parse(await curl(['-H', `Authorization: ${token}`, ...form, `${url}/api/convert/batch`]));
  if (!answer.job_id) throw new Error(`batch refused: ${JSON.stringify(answer)}`);
  for (;;) {
    const response = await fetch(`${url}/api/convert/batch/status/${answer.job_id}`, {
      headers: { authorization: token },
    });
    const job = await response.json();
    if (['completed', 'failed', 'cancelled'].includes(job.status)) {
      if (job.successful_files !== files.length)
        throw new Error(`batch ended ${job.status}: ${JSON.stringify(job.errors)}`);
      return { seconds: (performance.now() - started) / 1000, job };
    }
    await sleep(100);
  }
}

/** Downloads the job's ZIP with curl while sampling the server's resident memory every 20 ms. */
async function zipDownload(server, token, job) {
  const out = join(tmpdir(), `unnest-bench-batch-${process.pid}.zip`);
  const samples = [];
  const before = residentMb(server.pid).now;
  const timer = setInterval(() => samples.push(residentMb(server.pid).now), 20);
  const started = performance.now();
  await curl(['-H', `Authorization: ${token}`, '-o', out, `${server.url}${job.download_url}`]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const size = spawnSync('stat', ['-c', '%s', out], { encoding: 'utf8' }).stdout.trim();
  rmSync(out, { force: true });
  return { seconds, before, peak: Math.max(before, ...samples), zipMb: Number(size) / 1024 / 1024 };
}

const work = mkdtempSync(join(tmpdir(), 'unnest-bench-batch-'));
try {
  const inputs = join(work, 'in');
  const cliOut = join(work, 'cli');
  mkdirSync(inputs);
  mkdirSync(cliOut);
  const files = writeFiles(inputs, fileCount, targetBytes);
  console.log(
    `${fileCount} files of ${flags.mb} MB; load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const cli = cliSeconds(files, cliOut);
  console.log(`CLI, one file after another: ${cli.toFixed(2)} s`);
  const server = await startBenchServer(Number(flags.port), { paidPlan: 'business' });
  try {
    const { seconds, job } = await batchSeconds(server.url, server.tokens.paid, files);
    console.log(`server batch (upload to completed): ${seconds.toFixed(2)} s`);
    const zip = await zipDownload(server, server.tokens.paid, job);
    console.log('\n| measure | value |');
    console.log('|---|---|');
    console.log(`| CLI, ${fileCount} files one after another | ${cli.toFixed(2)} s |`);
    console.log(`| server batch, upload to completed | ${seconds.toFixed(2)} s |`);
    console.log(`| server / CLI | ${(seconds / cli).toFixed(2)}x (target < 2x) |`);
    console.log(`| ZIP download (${zip.zipMb.toFixed(1)} MB) | ${zip.seconds.toFixed(2)} s |`);
    console.log(
      `| server RSS before / peak during the ZIP | ${zip.before.toFixed(0)} MB / ${zip.peak.toFixed(0)} MB (+${(zip.peak - zip.before).toFixed(0)} MB) |`,
    );
    console.log(
      `| load average after | ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} |`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
