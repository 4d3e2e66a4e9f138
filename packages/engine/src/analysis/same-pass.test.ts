import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonToCsv } from '../json-to-csv.js';
import { AnalysisCollector } from './analysis-collector.js';
import { analyzeJson } from './analyze-json.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function drain(output: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of output) text += decoder.decode(chunk, { stream: true });
  return text;
}

describe('analysis in the same pass as json2csv', () => {
  it.each(['issues.jsonl', 'semantics.jsonl', 'wide.jsonl'])('reports %s exactly as analyzeJson does', async (name) => {
    const bytes = fixture(name);
    const collector = new AnalysisCollector();
    const withAnalysis = await drain(jsonToCsv([bytes], { analysis: collector }));
    expect(withAnalysis).toBe(await drain(jsonToCsv([bytes])));
    expect(collector.report()).toEqual(await analyzeJson([bytes]));
  });

  it('sees each record once even when records arrive one byte at a time', async () => {
    const bytes = fixture('issues.jsonl');
    const collector = new AnalysisCollector();
    await drain(
      jsonToCsv(
        Array.from(bytes, (byte) => Uint8Array.of(byte)),
        { analysis: collector },
      ),
    );
    expect(collector.report()).toEqual(await analyzeJson([bytes]));
  });

  it('walks the records of a wrapper object and of an array of arrays', async () => {
    for (const text of ['{"meta":1,"data":[{"a":"x@y.org"},{"a":"z@y.org"}]}', '[["a","b"],[1,"q"],[2,"r"]]']) {
      const bytes = new TextEncoder().encode(text);
      const collector = new AnalysisCollector();
      await drain(jsonToCsv([bytes], { analysis: collector }));
      expect(collector.report()).toEqual(await analyzeJson([bytes]));
      expect(collector.report().records).toBe(2);
    }
  });
});
