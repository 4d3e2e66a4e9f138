import type { FlattenPlanDocument } from '@unnest/contracts';
import { checkFlattenPlan, type JsonToCsvOptions, jsonToCsvText, jsonToRelational } from '@unnest/engine';
import { unzipSync } from 'fflate';
import type { ConversionChoices } from '../components/conversion-options';
import { tableFromCsv } from '../lib/preview-rows';
import { hasTables } from './plan-editing';

/** A table of its own in relational output: its file in the ZIP and its rows. */
export interface OwnTable {
  file: string;
  rows: number;
}

/** The table a plan gives: its CSV text (for the preview table) and its size; the own tables besides it. */
export interface PlanPreview {
  csv: string;
  columns: number;
  rows: number;
  /** Relational output only: the ZIP's other tables (`tables/items.csv`), in the order the ZIP holds them. */
  tables: OwnTable[];
}

const MAIN_TABLE = /^main\.(csv|tsv)$/;

/**
 * The tables of a relational conversion, made in the browser by the same engine the server runs: the main
 * table's text (`main.csv`) and every own table's text by file name.
 */
export async function relationalTables(
  json: string,
  plan: FlattenPlanDocument,
  options: Omit<JsonToCsvOptions, 'plan' | 'analysis'>,
): Promise<{ main: string; tables: { file: string; text: string }[] }> {
  const chunks: Uint8Array[] = [];
  const written = jsonToRelational([new TextEncoder().encode(json)], {
    ...options,
    plan: checkFlattenPlan(plan, { relational: true }),
  });
  for await (const chunk of written) chunks.push(chunk);
  const zip = new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
  const decoder = new TextDecoder();
  // The tables only: plan.json and written.json say how they were made.
  const entries = Object.entries(unzipSync(zip)).filter(([name]) => /\.(csv|tsv)$/.test(name));
  const main = entries.find(([name]) => MAIN_TABLE.test(name));
  if (main === undefined) throw new Error('The relational output has no main table');
  return {
    main: decoder.decode(main[1]),
    tables: entries.filter((entry) => entry !== main).map(([file, bytes]) => ({ file, text: decoder.decode(bytes) })),
  };
}

/**
 * The table the plan gives, made in the browser by the same engine the server runs (the formula guard
 * off: the preview shows values as they are). With `table` paths it is the main table of the relational
 * output, and the own tables are counted beside it.
 */
export async function previewUnderPlan(
  json: string,
  plan: FlattenPlanDocument,
  choices: Pick<ConversionChoices, 'arrays'>,
): Promise<PlanPreview> {
  if (!hasTables(plan)) {
    const csv = await jsonToCsvText(json, { arrays: choices.arrays, plan: checkFlattenPlan(plan) });
    const table = await tableFromCsv(csv, 1);
    return { csv, columns: table.header.length, rows: table.totalRows, tables: [] };
  }
  const { main, tables } = await relationalTables(json, plan, { arrays: choices.arrays });
  const table = await tableFromCsv(main, 1);
  const own = await Promise.all(
    tables.map(async ({ file, text }) => ({ file, rows: (await tableFromCsv(text, 1)).totalRows })),
  );
  return { csv: main, columns: table.header.length, rows: table.totalRows, tables: own };
}

/** What the preview of a plan is made from, as one message (see `planPreview` in local-work.ts). */
export interface PlanPreviewTask {
  json: string;
  plan: FlattenPlanDocument;
  arrays: ConversionChoices['arrays'];
}

/** `previewUnderPlan` for one task: what a worker serves. */
export function previewPlanTask(task: PlanPreviewTask): Promise<PlanPreview> {
  return previewUnderPlan(task.json, task.plan, { arrays: task.arrays });
}
