/**
 * The server's memory with the inputs that used to take it down, on a paid (Professional) account with
 * the analysis: a file holding one 200 MB string and a file whose one record has a million keys,
 * converting in parallel (target: peak RSS under 1.5 GB), then twenty parallel 75 MB uploads (target:
 * under 1 GB). Each case runs on a fresh server process; its peak is the process's VmHWM (worker threads
 * included), its idle RSS is read before and after. Needs `npm run build`.
 *
 *   node bench/server-memory.mjs [--string-mb 200] [--keys 1000000] [--many-mb 75] [--many-count 20]
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureMemoryDataSet } from './generate.mjs';
import { deleteFile, residentMb, startBenchServer, uploadWithCurl } from './lib/server-process.mjs';

const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data', 'pathological');

const { values: flags } = parseArgs({
  options: {
    'string-mb': { type: 'string', default: '200' },
    keys: { type: 'string', default: '1000000' },
    'many-mb': { type: 'string', default: '75' },
    'many-count': { type: 'string', default: '20' },
  },
});

/** `[{"id":1,"text":"xxxx..."}]` with a string of `mb` MB. */
function longStringFile(mb) {
  const file = join(DATA_DIR, `string-${mb}mb.json`);
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, `[{"id":1,"text":"${'x'.repeat(mb * 1024 * 1024)}"}]`);
  return file;
}

/** One record with `keys` keys, then a short one. */
function wideRecordFile(keys) {
  const file = join(DATA_DIR, `keys-${keys}.json`);
  mkdirSync(DATA_DIR, { recursive: true });
  const fields = Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',');
  writeFileSync(file, `[{${fields}},{"k0":-1}]`);
  return file;
}

/** Uploads every file in parallel on a fresh server; answers the slowest upload's seconds and the peak RSS. */
async function peakOf(label, files) {
  const server = await startBenchServer();
  try {
    await sleep(2000);
    const idle = residentMb(server.pid).now;
    const started = performance.now();
    const results = await Promise.all(files.map((file) => uploadWithCurl(server.url, server.tokens.paid, file)));
    const seconds = (performance.now() - started) / 1000;
    for (const { answer } of results) {
      if (answer.status !== 'success') throw new Error(`${label}: ${JSON.stringify(answer)}`);
      await deleteFile(server.url, server.tokens.paid, answer.file_id);
    }
    const { now, peak } = residentMb(server.pid);
    console.log(
      `${label}: ${seconds.toFixed(1)} s, peak ${peak.toFixed(0)} MB RSS (idle before ${idle.toFixed(0)} MB, after ${now.toFixed(0)} MB)`,
    );
    return peak;
  } finally {
    await server.stop();
  }
}

const stringMb = Number(flags['string-mb']);
const keys = Number(flags.keys);
const pathological = await peakOf(`one ${stringMb} MB string and one record of ${keys} keys, in parallel`, [
  longStringFile(stringMb),
  wideRecordFile(keys),
]);
const many = ensureMemoryDataSet({ mb: Number(flags['many-mb']) }).sets['flat.json'];
const manyCount = Number(flags['many-count']);
const parallel = await peakOf(
  `${manyCount} parallel uploads of ${(many.bytes / 1e6).toFixed(0)} MB`,
  Array.from({ length: manyCount }, () => many.file),
);
console.log(
  `\ntargets: pathological pair ${pathological < 1536 ? 'met' : 'NOT met'} (${pathological.toFixed(0)} MB < 1536 MB); ` +
    `${manyCount} parallel ${parallel < 1024 ? 'met' : 'NOT met'} (${parallel.toFixed(0)} MB < 1024 MB)`,
);
