import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { OUTPUT_CHUNK, OutputBatcher } from './output-batcher.js';

describe('OutputBatcher', () => {
  it('merges small pieces into chunks of about OUTPUT_CHUNK bytes, keeping their order', () => {
    const batcher = new OutputBatcher();
    const pieces: Uint8Array[] = [];
    for (let k = 0; k < 5000; k++) {
      const piece = new Uint8Array(700 + (k % 300)).fill(k & 0xff);
      pieces.push(piece);
      batcher.push(piece);
    }
    batcher.flush();
    const chunks = batcher.take();
    expect(sameBytes(concatBytes(chunks), concatBytes(pieces))).toBe(true);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(OUTPUT_CHUNK - 1000);
      expect(chunk.length).toBeLessThan(OUTPUT_CHUNK + 1000);
    }
  });

  it('passes a large piece through uncopied, after the bytes before it', () => {
    const batcher = new OutputBatcher();
    const big = new Uint8Array(OUTPUT_CHUNK).fill(7);
    batcher.push(new Uint8Array([1, 2]));
    batcher.push(big);
    batcher.flush();
    const chunks = batcher.take();
    expect(chunks.length).toBe(2);
    expect(Array.from(chunks[0] ?? [])).toEqual([1, 2]);
    expect(chunks[1]).toBe(big);
    expect(batcher.take()).toEqual([]);
  });
});

/** Byte equality without a deep-equal walk (slow on megabytes). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
