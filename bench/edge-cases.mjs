/**
 * Times the engine on inputs whose danger is slowness, not a wrong answer: costs that could grow
 * quadratically with depth, with the number of keys or with one field's length. The tests check
 * what these inputs produce; this script shows how long they take (`npm run build` first).
 *
 *   node bench/edge-cases.mjs [--runs N]
 */
import { parseArgs } from 'node:util';
import { jsonToCsv } from '../packages/engine/dist/index.js';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(flags.runs);
if (!(runs > 0)) {
  console.error('--runs must be a positive number');
  process.exit(2);
}

const encoder = new TextEncoder();

/** A spool that keeps nothing: the cases time the conversion, not the memory of its rows. */
const countingSpool = () => ({
  write() {},
  size: 0,
  async *read() {},
  async dispose() {},
});

async function drain(chunks, options) {
  let bytes = 0;
  try {
    for await (const chunk of jsonToCsv(chunks, options)) bytes += chunk.length;
  } catch (error) {
    return error.code ?? 'error';
  }
  return `${bytes} bytes`;
}

function inChunks(bytes, size) {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, Math.min(at + size, bytes.length)));
  return chunks;
}

const cases = [
  {
    name: '100,000 nested arrays (fails at depth 1000)',
    input: () => [encoder.encode('['.repeat(100_000))],
  },
  {
    name: 'one object with 100,000 distinct keys, then a second row',
    input: () => {
      const keys = Array.from({ length: 100_000 }, (_, k) => `"k${k}":${k}`);
      return [encoder.encode(`[{${keys.join(',')}},{"k99999":"last","k0":"first"}]`)];
    },
  },
  {
    name: 'one 100 MB string in 64 KiB chunks',
    options: { spool: countingSpool },
    input: () => {
      const size = 100 << 20;
      const head = encoder.encode('[{"s":"');
      const tail = encoder.encode('","n":1}]');
      const bytes = new Uint8Array(head.length + size + tail.length);
      bytes.set(head);
      bytes.fill(0x61, head.length, head.length + size);
      bytes.set(tail, head.length + size);
      return inChunks(bytes, 65_536);
    },
  },
];

for (const { name, input, options } of cases) {
  const chunks = input();
  const times = [];
  let result = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = await drain(chunks, options);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${name}: median ${median.toFixed(0)} ms of ${runs} (${result})`);
}
