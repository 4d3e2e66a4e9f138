import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { arrayElementCut, firstArrayKey, lastArrayCut, lineCut, splitPoints } from './split-points.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const folder = mkdtempSync(join(tmpdir(), 'unnest-split-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the cuts of a JSON array', () => {
  const text = '[{"id":1,"items":[{"sku":"a"},{"sku":"b"}]},\n{"id":2,"items":[{"sku":"c"},{"sku":"d"}]}]';
  const key = firstArrayKey(bytes(text));

  it('reads the first key of the first object, quotes included', () => {
    expect(new TextDecoder().decode(key ?? new Uint8Array(0))).toBe('"id"');
    expect(firstArrayKey(bytes('[1,2]'))).toBeNull();
  });

  it('prefers a cut before an object with that key to one inside a nested array', () => {
    const between = text.indexOf(',\n{"id":2');
    expect(arrayElementCut(key)(bytes(text))).toEqual({ end: between, start: between + 1 });
    expect(lastArrayCut(bytes(text), key)).toEqual({ end: between, start: between + 1 });
    // Without the key, the first `},{` is taken: inside `items`, which the piece before it then proves wrong.
    const inside = text.indexOf('},{"sku":"b"') + 1;
    expect(arrayElementCut(null)(bytes(text))).toEqual({ end: inside, start: inside + 1 });
  });
});

describe('splitPoints', () => {
  it('cuts after a line feed, the first piece bigger by its weight, and never into tiny pieces', () => {
    const path = join(folder, 'lines');
    const text = Array.from({ length: 1000 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n');
    writeFileSync(path, text);
    const cuts = splitPoints(path, text.length, 2, 1000, 1.5, lineCut());
    expect(cuts).toHaveLength(1);
    const cut = cuts[0] as { end: number; start: number };
    expect(text[cut.start - 1]).toBe('\n');
    expect(cut.start / text.length).toBeGreaterThan(0.6);
    expect(splitPoints(path, text.length, 4, text.length, 1, lineCut())).toEqual([]);
  });
});
