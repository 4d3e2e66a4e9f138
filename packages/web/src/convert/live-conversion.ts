import type { FlattenPlanDocument } from '@unnest/contracts';
import type { ConversionChoices, ConversionMode } from '../components/conversion-options';
import { PREVIEW_ROWS, tableOfText } from '../lib/preview-rows';
import type { ConversionOutcome } from './conversion-outcome';
import { jsonNoticeCollector, localPreview, NO_JSON_NOTICES } from './local-preview';

/**
 * Pasted text up to this size converts as it is typed, in the browser (in a worker: the page's thread only
 * shows the result); bigger text waits for Convert (docs/web-converter.md).
 */
export const LIVE_MAX_BYTES = 100 * 1024;

/** A conversion made as the text is typed: pasted text into CSV, TSV or JSON text. */
export interface LiveRequest {
  text: string;
  mode: ConversionMode;
  choices: ConversionChoices;
  plan: FlattenPlanDocument | undefined;
}

/**
 * Converts pasted text with the same engine and options as the server, for the result shown while typing:
 * the text, what Spreadsheet-safe changed, and the table of the first rows of that same text.
 */
export async function convertLive(request: LiveRequest): Promise<ConversionOutcome & { kind: 'live' }> {
  const { text, mode, choices, plan } = request;
  // One conversion gives the text and, from JSON, what it said besides (the formula guard, keys held twice).
  const notices = jsonNoticeCollector(choices);
  const converted = await localPreview(text, mode, choices, plan, notices.onNotice);
  const found = mode === 'json-to-csv' ? notices.found() : NO_JSON_NOTICES;
  const table = await tableOfText({ text: converted.text, kind: converted.kind, limit: PREVIEW_ROWS });
  return { kind: 'live', text: converted.text, preview: { kind: 'table', table }, ...found };
}
