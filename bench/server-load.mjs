/**
 * The server under big conversions: idle memory; the latency of small requests (/health and a 1 KB
 * conversion, p50/p95/max) while a paid account's large uploads convert with the analysis; and the peak
 * memory of many parallel uploads. Memory is the server process's resident set from /proc (VmRSS,
 * VmHWM), worker threads included. Needs `npm run build`.
 *
 *   node bench/server-load.mjs [--big-mb 200] [--big-count 4] [--many-mb 75] [--many-count 20]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ensureMemoryDataSet } from './generate.mjs';
import { deleteFile, quantile, residentMb, startBenchServer, uploadWithCurl } from './lib/server-process.mjs';

const { values: flags } = parseArgs({
  options: {
    'big-mb': { type: 'string', default: '200' },
    'big-count': { type: 'string', default: '4' },
    'many-mb': { type: 'string', default: '75' },
    'many-count': { type: 'string', default: '20' },
  },
});

const SMALL_JSON = JSON.stringify(
  Array.from({ length: 12 }, (_, i) => ({ id: i, name: `user ${i}`, email: `u${i}@example.com`, ok: true })),
);

/** Sends `request` one after another until `done` resolves; answers the latencies in ms. */
async function sample(request, done) {
  const latencies = [];
  let finished = false;
  done.then(() => {
    finished = true;
  });
  while (!finished) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`small request failed: ${response.status}`);
    latencies.push(performance.now() - started);
    await sleep(50);
  }
  return latencies;
}

const describe = (values) =>
  `p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} requests)`;

async function uploadAll(server, file, count) {
  const results = await Promise.all(
    Array.from({ length: count }, () => uploadWithCurl(server.url, server.tokens.paid, file)),
  );
  for (const { answer } of results) {
    if (answer.status !== 'success') throw new Error(JSON.stringify(answer));
    await deleteFile(server.url, server.tokens.paid, answer.file_id);
  }
  return Math.max(...results.map((r) => r.seconds));
}

/** The highest resident memory seen while `work` runs, sampled every 100 ms. */
async function peakWhile(pid, work) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid).now);
  }, 100);
  try {
    return { result: await work, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

const big = ensureMemoryDataSet({ mb: Number(flags['big-mb']) }).sets['flat.json'];
const many = ensureMemoryDataSet({ mb: Number(flags['many-mb']) }).sets['flat.json'];
const server = await startBenchServer();
try {
  await sleep(2000);
  console.log(`idle after start: ${residentMb(server.pid).now.toFixed(0)} MB RSS`);

  const bigCount = Number(flags['big-count']);
  const uploads = uploadAll(server, big.file, bigCount);
  const health = sample(() => fetch(`${server.url}/health`), uploads);
  const small = sample(
    () =>
      fetch(`${server.url}/api/convert/text/download`, {
        method: 'POST',
        headers: { authorization: server.tokens.paid, 'content-type': 'application/json' },
        body: SMALL_JSON,
      }),
    uploads,
  );
  const { result: seconds, peakMb } = await peakWhile(server.pid, uploads);
  console.log(
    `${bigCount} paid uploads of ${(big.bytes / 1e6).toFixed(0)} MB with analysis: ${seconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB RSS`,
  );
  console.log(`  /health during them: ${describe(await health)}`);
  console.log(`  ${SMALL_JSON.length} B conversion during them: ${describe(await small)}`);

  const manyCount = Number(flags['many-count']);
  const parallel = await peakWhile(server.pid, uploadAll(server, many.file, manyCount));
  console.log(
    `${manyCount} parallel uploads of ${(many.bytes / 1e6).toFixed(0)} MB: ${parallel.result.toFixed(1)} s, peak ${parallel.peakMb.toFixed(0)} MB RSS`,
  );
  await sleep(2000);
  console.log(`idle after the load: ${residentMb(server.pid).now.toFixed(0)} MB RSS`);
} finally {
  await server.stop();
}
