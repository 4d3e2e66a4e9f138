import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvToJson } from './csv-to-json';

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with one answer; the bodies the page sent are collected. */
function answering(body: string): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('POST /api/convert/csv-to-json from the page', () => {
  it('sends the output options and reads JSON Lines out of their string', async () => {
    const lines = '{"a":1}\n{"a":2}\n';
    const sent = answering(`{"data":${JSON.stringify(lines)},"json_data":${JSON.stringify(lines)},"notices":[]}`);
    const answer = await csvToJson('a\n1\n2\n', { ndjson: true, unflatten: false, separator: '/' }, false);
    expect(sent).toEqual([
      {
        csv_content: 'a\n1\n2\n',
        output_format: 'json',
        ndjson: true,
        unflatten: false,
        separator: '/',
        excel_safe: false,
      },
    ]);
    expect(answer.json).toBe(lines);
  });

  it('keeps indented JSON as the server wrote it', async () => {
    const pretty = '[\n  {\n    "a": 12345678901234567890\n  }\n]';
    answering(`{"data":${pretty},"json_data":${pretty}}`);
    const answer = await csvToJson('a\n12345678901234567890\n', { pretty: true }, false);
    expect(answer.json).toBe(pretty);
  });
});
