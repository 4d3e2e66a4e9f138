import { csvToJson, jsonToCsvText } from '@unnest/engine';

/** Rows a result's preview shows. */
export const PREVIEW_ROWS = 20;

/** The first rows of a result as text cells, exactly as written in the file. */
export interface PreviewTable {
  header: string[];
  rows: string[][];
  /** Data rows in the whole text (the preview shows at most `limit`). */
  totalRows: number;
}

/**
 * Splits CSV or TSV text into rows of strings with the engine's own parser. Types are not
 * inferred, so `12345678901234567890` stays those twenty digits: no value passes through a JS number.
 * Only the first `limit` rows are parsed into cells; the others are counted as they pass.
 */
export async function tableFromCsv(csv: string, limit: number): Promise<PreviewTable> {
  // JSON Lines: one row a line (a line break inside a cell is written as \n), every cell a JSON string.
  const lines = csvToJson([new TextEncoder().encode(csv)], {
    header: false,
    types: false,
    unflatten: false,
    ndjson: true,
  });
  const decoder = new TextDecoder();
  const kept: string[][] = [];
  let lineCount = 0;
  let rest = '';
  const take = (line: string) => {
    if (line === '') return;
    if (kept.length <= limit) kept.push(JSON.parse(line) as string[]);
    lineCount += 1;
  };
  for await (const chunk of lines) {
    const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) take(line);
  }
  take(rest + decoder.decode());
  const [header = [], ...data] = kept;
  return { header, rows: data, totalRows: Math.max(0, lineCount - 1) };
}

/** Flattens JSON text into a table the way the converter does (the engine, default options). */
export async function tableFromJson(json: string, limit: number): Promise<PreviewTable> {
  return tableFromCsv(await jsonToCsvText(json), limit);
}

/** A table asked of a result text: its first `limit` rows, the text being CSV (TSV) or JSON. */
export interface TextTableTask {
  text: string;
  kind: 'csv' | 'json';
  limit: number;
}

export function tableOfText({ text, kind, limit }: TextTableTask): Promise<PreviewTable> {
  return kind === 'csv' ? tableFromCsv(text, limit) : tableFromJson(text, limit);
}
