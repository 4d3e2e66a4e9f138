// What the landing page's quick convert asks of the engine as you type: 100 KB (its limit for converting in
// the browser) of nested JSON to CSV with Spreadsheet-safe on, and 100 KB of CSV to JSON, each the median of
// 15 runs. The browser runs the same code in a Web Worker. After `npm run build`: node bench/quick-convert.mjs
import { csvToJsonText, jsonToCsvText } from '../packages/engine/dist/index.js';

const LIVE_BYTES = 100 * 1024;
const record = (i) => ({
  id: i,
  name: `Person ${i}`,
  tags: ['a', 'b'],
  address: { city: 'London', zip: String(10000 + i) },
  price: '0.1000000000000000055',
});
const records = (count) => JSON.stringify(Array.from({ length: count }, (_, i) => record(i)));

/** The smallest text of whole records, in steps of 10, at least LIVE_BYTES long. */
async function atLeastLive(make) {
  for (let count = 10; ; count += 10) {
    const text = await make(count);
    if (Buffer.byteLength(text) >= LIVE_BYTES) return text;
  }
}

async function median(run) {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[7].toFixed(1);
}

const json = await atLeastLive(records);
const csv = await atLeastLive((count) => jsonToCsvText(records(count)));
const jsonMs = await median(() => jsonToCsvText(json, { excelSafe: true }));
const csvMs = await median(() => csvToJsonText(csv));
console.log(`JSON to CSV, ${Buffer.byteLength(json)} bytes: median ${jsonMs} ms`);
console.log(`CSV to JSON, ${Buffer.byteLength(csv)} bytes: median ${csvMs} ms`);
