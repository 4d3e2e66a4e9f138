/**
 * A ZIP bomb against the built server: a ~1 MB relational ZIP whose main.csv unpacks to 1 GiB, uploaded with
 * curl by a Free account and a Professional one (a gigabyte passes its 1 GB file size too; with `--gib 0.5` it
 * is the 100:1 ratio that refuses it), and one whose directory states no size (refused while it unpacks). Prints each answer and its time, and the
 * server's resident memory before, at its peak and after. Needs `npm run build`; run with tsx, which builds
 * the ZIP with the tests' own builder:
 *
 *   node --import tsx bench/zip-bomb.mjs [--gib 1]
 */

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { zipBomb } from '../packages/server/test/support/zip-bomb.ts';
import { residentMb, startBenchServer, uploadWithCurl } from './lib/server-process.mjs';

const { values: flags } = parseArgs({ options: { gib: { type: 'string', default: '1' } } });
const inflated = Number(flags.gib) * 1024 ** 3;
const files = {
  stated: join(tmpdir(), 'unnest-bench-bomb.zip'),
  unstated: join(tmpdir(), 'unnest-bench-bomb-unstated.zip'),
};
writeFileSync(files.stated, zipBomb(inflated));
writeFileSync(files.unstated, zipBomb(inflated, { statedSize: 0xffffffff }));

const server = await startBenchServer();
try {
  const idle = residentMb(server.pid).now;
  console.log(`server idle: ${idle.toFixed(0)} MB resident`);
  for (const [who, file] of [
    ['free', files.stated],
    ['paid', files.stated],
    ['free', files.unstated],
  ]) {
    const { seconds, answer } = await uploadWithCurl(server.url, server.tokens[who], file);
    console.log(`${who}, ${file.endsWith('unstated.zip') ? 'no stated size' : 'stated size'}: ${seconds.toFixed(2)} s`);
    console.log(`  ${JSON.stringify(answer)}`);
  }
  // Bulk threads end after a minute idle; the memory they held goes with them.
  await sleep(65_000);
  const { now, peak } = residentMb(server.pid);
  console.log(
    `server resident: ${now.toFixed(0)} MB after a minute (peak ${peak.toFixed(0)} MB, idle ${idle.toFixed(0)} MB)`,
  );
} finally {
  await server.stop();
}
