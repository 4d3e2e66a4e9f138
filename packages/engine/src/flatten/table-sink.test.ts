import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { collect, encoder, split } from '../json-to-csv.test-support.js';
import type { JsonToCsvOptions } from '../options.js';

/** The CSV and the duplicate-keys notices of each chunking, which must all agree. */
async function converted(json: string, options: JsonToCsvOptions = {}) {
  const results = [];
  for (const mode of ['whole', 'bytes', 'random'] as const) {
    const notices: Notice[] = [];
    const bytes = await collect(split(encoder.encode(json), mode), { ...options, onNotice: (n) => notices.push(n) });
    results.push({
      csv: new TextDecoder().decode(bytes),
      repeated: notices.filter((n) => n.kind === 'duplicate-keys'),
    });
  }
  expect(results[1]).toEqual(results[0]);
  expect(results[2]).toEqual(results[0]);
  return results[0] as (typeof results)[0];
}

describe('a record that holds a key twice', () => {
  it('keeps the last value, as JSON.parse does, and says so once: how many records, the first and its key', async () => {
    const { csv, repeated } = await converted(
      '[{"id":1,"a":1,"a":2},{"id":2,"a":3},{"id":3,"u":{"x":1,"y":2,"x":4}},{"id":4,"a":5,"a":6,"a":7}]',
    );
    expect(csv).toBe('id,a,u.x,u.y\n1,2,,\n2,3,,\n3,,4,2\n4,7,,\n');
    expect(repeated).toEqual([{ kind: 'duplicate-keys', repeated: { records: 3, record: 1, key: 'a' } }]);
  });

  it('names the key of the first such record below an array, and in JSON Lines and XLSX too', async () => {
    const lines = await converted('{"id":1}\n{"id":2,"tags":[{"k":1,"k":2}]}\n');
    expect(lines.csv).toBe('id,tags.0.k\n1,\n2,2\n');
    expect(lines.repeated).toEqual([{ kind: 'duplicate-keys', repeated: { records: 1, record: 2, key: 'tags.0.k' } }]);
    const xlsx = await converted('[{"a":1,"a":2}]', { format: 'xlsx' });
    expect(xlsx.repeated).toEqual([{ kind: 'duplicate-keys', repeated: { records: 1, record: 1, key: 'a' } }]);
  });

  it('says nothing when no record does, keys out of order or not', async () => {
    const { csv, repeated } = await converted('[{"a":1,"b":2},{"b":3,"a":4},{"c":5,"a":6}]');
    expect(csv).toBe('a,b,c\n1,2,\n4,3,\n6,,5\n');
    expect(repeated).toEqual([]);
  });
});
