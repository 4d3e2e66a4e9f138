import type { FlattenPlanDocument } from '@unnest/contracts';
import { checkFlattenPlan, jsonToCsvText } from '@unnest/engine';
import type { ConversionChoices } from '../convert/conversion-settings';
import { tableFromCsv } from '../lib/preview-rows';

/** The table a plan gives: its CSV text (for the preview table) and its size. */
export interface PlanPreview {
  csv: string;
  columns: number;
  rows: number;
}

/**
 * The table the plan gives, made in the browser by the same engine the server runs (the formula guard
 * off: the preview shows values as they are).
 */
export async function previewUnderPlan(
  json: string,
  plan: FlattenPlanDocument,
  choices: Pick<ConversionChoices, 'arrays'>,
): Promise<PlanPreview> {
  const csv = await jsonToCsvText(json, { arrays: choices.arrays, plan: checkFlattenPlan(plan) });
  const table = await tableFromCsv(csv, 1);
  return { csv, columns: table.header.length, rows: table.totalRows };
}
