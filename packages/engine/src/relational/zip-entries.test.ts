import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { jsonToRelational } from './json-to-relational.js';
import { relationalToJson } from './relational-to-json.js';
import { entryBytes, InflationBudget, zipEntries } from './zip-entries.js';

const MB = 1024 * 1024;
const PLAN = strToU8('{"version":1,"paths":[]}');

/** A relational ZIP whose main.csv is one row repeated to `bytes`: it deflates about a thousand times. */
function repetitiveZip(bytes: number): Uint8Array {
  return zipSync({ 'plan.json': PLAN, 'main.csv': strToU8(`\\#id,a\n${'1,x\n'.repeat(bytes / 4)}`) });
}

/** A copy of `zip` whose directory states `size` as `name`'s unpacked size. */
function withStatedSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const nameBytes = strToU8(name);
  for (let at = 0; at + 46 < copy.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 28, true) !== nameBytes.length) continue;
    if (copy.subarray(at + 46, at + 46 + nameBytes.length).every((byte, i) => byte === nameBytes[i])) {
      view.setUint32(at + 24, size, true);
      return copy;
    }
  }
  throw new Error(`no directory entry for ${name}`);
}

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of chunks) bytes += chunk.length;
  return bytes;
}

describe('inflation limits', () => {
  const zip = repetitiveZip(16 * MB);

  it('stops an entry once its inflated bytes pass maxInflatedBytes, having handed on no more than that', async () => {
    const main = zipEntries(zip).find((entry) => entry.name === 'main.csv');
    if (main === undefined) throw new Error('no main.csv');
    let handedOn = 0;
    const reading = (async () => {
      for await (const chunk of entryBytes(zip, main, new InflationBudget(zip.length, { maxInflatedBytes: MB })))
        handedOn += chunk.length;
    })();
    await expect(reading).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
      message: 'The files in the ZIP add up to more than 1 MB once unpacked',
    });
    expect(handedOn).toBeLessThanOrEqual(MB);
  });

  it('refuses a ZIP whose files unpack past maxInflatedBytes together, or past the ratio beyond its floor', async () => {
    await expect(drain(relationalToJson([zip], { maxInflatedBytes: MB / 4 }))).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
    });
    await expect(
      drain(relationalToJson([zip], { maxInflateRatio: 10, ratioFloorBytes: 64 * 1024 })),
    ).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_RATIO_TOO_HIGH',
      message: "The files in the ZIP unpack to more than 10 times the ZIP's size (a ZIP bomb?)",
    });
  });

  it('refuses at once what the directory states, and an entry that unpacks past its stated size', async () => {
    // The directory states 16 MB: refused before anything is inflated.
    await expect(drain(relationalToJson([zip], { maxInflatedBytes: MB }))).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
    });
    const lying = withStatedSize(zip, 'main.csv', 100);
    await expect(drain(relationalToJson([lying], { maxInflatedBytes: MB }))).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INVALID',
      message: 'The ZIP cannot be read: main.csv unpacks past its stated size',
    });
    // No stated size (a ZIP64 marker): the budget stops it while it inflates.
    const unstated = withStatedSize(zip, 'main.csv', 0xffffffff);
    await expect(drain(relationalToJson([unstated], { maxInflatedBytes: MB / 4 }))).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
    });
  });

  it('counts every read of compressed bytes that two entries share', async () => {
    // A second directory entry naming main.csv's bytes: each read of them counts.
    const budget = new InflationBudget(zip.length, { maxInflatedBytes: 24 * MB });
    const main = zipEntries(zip).find((entry) => entry.name === 'main.csv');
    if (main === undefined) throw new Error('no main.csv');
    await drain(entryBytes(zip, main, budget));
    await expect(drain(entryBytes(zip, main, budget))).rejects.toMatchObject({
      code: 'RELATIONAL_ZIP_INFLATES_TOO_LARGE',
    });
  });

  it('reads a ZIP within its limits, the floor letting a small repetitive one through', async () => {
    const small = repetitiveZip(MB);
    expect(await drain(relationalToJson([small], { maxInflateRatio: 100, maxInflatedBytes: 2 * MB }))).toBeGreaterThan(
      MB,
    );
    const input = strToU8('[{"id":1,"items":[{"sku":"a"},{"sku":"b"}]}]');
    const chunks: Uint8Array[] = [];
    for await (const chunk of jsonToRelational([input], {
      plan: { version: 1, paths: [{ path: 'items', strategy: 'table' }] },
    }))
      chunks.push(chunk);
    const back: Uint8Array[] = [];
    for await (const chunk of relationalToJson(chunks, {
      maxInflateRatio: 100,
      ratioFloorBytes: 1024,
      maxInflatedBytes: 64 * 1024,
    }))
      back.push(chunk);
    expect(JSON.parse(Buffer.concat(back).toString('utf8'))).toEqual(JSON.parse(Buffer.from(input).toString('utf8')));
  });
});
