import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { MIN_OUTPUT_CHUNK, OutputBuffer } from './output-buffer.js';

describe('OutputBuffer', () => {
  it('hands out chunks of at least the minimum size, and the rest at the end', () => {
    const out = new OutputBuffer();
    const piece = new Uint8Array(1000).fill(7);
    const taken: Uint8Array[] = [];
    for (let i = 0; i < 1000; i++) {
      out.write(piece);
      taken.push(...out.take(MIN_OUTPUT_CHUNK));
    }
    for (const chunk of taken) expect(chunk.length).toBeGreaterThanOrEqual(MIN_OUTPUT_CHUNK);
    taken.push(...out.take(0));
    const all = concatBytes(taken);
    expect(all.length).toBe(1_000_000);
    expect(all.every((b) => b === 7)).toBe(true);
  });

  it('never writes into a chunk it handed out', () => {
    const out = new OutputBuffer();
    out.write(new Uint8Array(MIN_OUTPUT_CHUNK).fill(1));
    const [first] = out.take(MIN_OUTPUT_CHUNK);
    out.write(new Uint8Array(10).fill(2));
    expect(first?.every((b) => b === 1)).toBe(true);
  });

  it('grows for a single large write', () => {
    const out = new OutputBuffer();
    out.writeByte(1);
    out.write(new Uint8Array(1 << 20).fill(3));
    expect(concatBytes(out.take(0)).length).toBe((1 << 20) + 1);
  });
});
