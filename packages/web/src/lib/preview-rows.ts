import { csvToJsonText, jsonToCsvText } from '@unnest/engine';

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
 */
export async function tableFromCsv(csv: string, limit: number): Promise<PreviewTable> {
  const json = await csvToJsonText(csv, { header: false, types: false, unflatten: false });
  // Every cell is a JSON string here, so JSON.parse cannot round anything.
  const rows = JSON.parse(json) as string[][];
  const [header = [], ...data] = rows;
  return { header, rows: data.slice(0, limit), totalRows: data.length };
}

/** Flattens JSON text into a table the way the converter does (the engine, default options). */
export async function tableFromJson(json: string, limit: number): Promise<PreviewTable> {
  return tableFromCsv(await jsonToCsvText(json), limit);
}
