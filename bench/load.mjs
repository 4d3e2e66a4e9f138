#!/usr/bin/env node
// Load suite: small signed-in conversions (a ~1 KB JSON file through POST /api/convert/file, stored
// like any upload) at increasing concurrency, until the 95th percentile latency passes 200 ms. Reports
// requests per second at the last step under that line, on the embedded database and on PostgreSQL.
// Bounded in time (steps x seconds per step per database) and against 127.0.0.1 only. Needs a build.
//
// The free plan allows 10 conversions a day, so the run's account is given the Professional plan with
// the operator command (`main.js admin grant`), as an operator would for a load test.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createDatabase, LOCAL_POSTGRES } from '../deploy/lib/postgres.mjs';
import { startBenchServer } from './lib/server-process.mjs';

const SERVER_MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const P95_LIMIT_MS = 200;
const LADDER = [1, 2, 4, 8, 16, 32, 64, 128];

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help || !['embedded', 'postgres', 'both'].includes(flags.database)) {
  process.stdout.write(`Usage: node bench/load.mjs [--database embedded|postgres|both] [--seconds 5] [--rounds 1]
  Each step runs --seconds; at most ${LADDER.length} steps (concurrency ${LADDER.join(', ')}) per database and round.
  Rounds alternate the databases (A B A B) and the report gives each one's median.
  PostgreSQL: a fresh database on DATABASE_URL's server (default ${LOCAL_POSTGRES}), dropped afterwards.
`);
  process.exit(flags.help ? 0 : 2);
}
const stepSeconds = Number(flags.seconds);
const rounds = Number(flags.rounds);
// The bench server takes its settings from this process's environment: DATABASE_URL only while a
// PostgreSQL run has set it to its fresh database.
const POSTGRES_SERVER = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
delete process.env.DATABASE_URL;
if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);

/** One ~1 KB JSON file of nested records, as a multipart body. */
function uploadBody() {
  const records = Array.from({ length: 8 }, (_, i) => ({
    id: i,
    customer: { name: `Customer ${i}`, address: { city: 'Pune', zip: `4110${i}` } },
    items: [{ sku: `A-${i}`, qty: i + 1 }],
    total: i * 12.5,
  }));
  const boundary = '----unnest-load';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="small.json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(records)}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One step: `connections` clients sending back to back for `seconds`; exact p95 from every response. */
async function step(url, authorization, connections, seconds) {
  const { body, contentType } = uploadBody();
  /** @type {number[]} */
  const latencies = [];
  const instance = autocannon({
    url: `${url}/api/convert/file`,
    method: 'POST',
    headers: { authorization, 'content-type': contentType },
    body,
    connections,
    duration: seconds,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)] ?? Number.NaN;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(`${failed} of ${result.requests.total} requests failed at concurrency ${connections}`);
  return { connections, rps: result.requests.total / seconds, p95, p50: result.latency.p50 };
}

/** Climbs the ladder with the paid account until p95 passes the limit; answers the last step under it. */
async function climb(label) {
  const server = await startBenchServer();
  const authorization = server.tokens.paid;
  try {
    await step(server.url, authorization, 4, 2); // warm-up, not reported
    let best;
    for (const connections of LADDER) {
      const result = await step(server.url, authorization, connections, stepSeconds);
      process.stdout.write(
        `${label.padEnd(10)} c=${String(connections).padStart(3)}  ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${result.p50.toFixed(0)} ms  p95 ${result.p95.toFixed(0)} ms\n`,
      );
      if (result.p95 > P95_LIMIT_MS) return { passedAt: result, best };
      best = result;
    }
    return { passedAt: undefined, best };
  } finally {
    await server.stop();
  }
}

/** The ladder on one database: the embedded default (a fresh DATA_DIR) or a fresh PostgreSQL database. */
async function runTarget(target) {
  if (target === 'embedded') return climb(target);
  const database = await createDatabase(POSTGRES_SERVER, 'unnest_load');
  process.env.DATABASE_URL = database.url;
  try {
    return await climb(target);
  } finally {
    delete process.env.DATABASE_URL;
    await database.drop();
  }
}

const targets = flags.database === 'both' ? ['embedded', 'postgres'] : [flags.database];
/** @type {Record<string, { rps: number, connections: number }[]>} */
const atLimit = Object.fromEntries(targets.map((target) => [target, []]));
for (let round = 1; round <= rounds; round++) {
  for (const target of targets) {
    const { best, passedAt } = await runTarget(target);
    if (!passedAt) process.stdout.write(`${target}: p95 stayed under ${P95_LIMIT_MS} ms up to ${LADDER.at(-1)}\n`);
    // A run already over the line at one connection counts as 0 requests per second.
    atLimit[target].push(best ?? { rps: 0, connections: 0 });
  }
}
// Other work on the machine moves these figures a lot: say how busy it was.
const load = os.loadavg().map((value) => value.toFixed(1));
process.stdout.write(`\nload average at the end: ${load.join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores\n`);
process.stdout.write(`requests per second at the highest concurrency with p95 <= ${P95_LIMIT_MS} ms:\n`);
for (const target of targets) {
  const runs = atLimit[target];
  const median = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];
  const all = runs
    .map((run) => (run.connections > 0 ? `${run.rps.toFixed(0)} at c=${run.connections}` : 'over the line at c=1'))
    .join(', ');
  process.stdout.write(`  ${target.padEnd(9)} median ${median?.rps.toFixed(0)} req/s  (runs: ${all})\n`);
}
