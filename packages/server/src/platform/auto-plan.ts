import { type ByteSource, type PlanProposal, profileJson, proposePlan } from '@unnest/engine';
import type { EngineSettings } from './conversion-tasks.js';

/**
 * `plan=auto` (in a conversion worker): the whole input profiled, with the conversion's records path, and the
 * plan proposed from it, relational when the output is (the same proposal as `unnest json2csv --plan auto`).
 */
export async function proposeWholePlan(
  input: ByteSource,
  how: Extract<EngineSettings, { direction: 'json-to-csv' }>,
): Promise<PlanProposal> {
  const profile = await profileJson(input, how.recordsPath === undefined ? {} : { recordsPath: how.recordsPath });
  return proposePlan(profile, { relational: how.relational === true });
}
