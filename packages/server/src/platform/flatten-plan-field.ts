import { FlattenPlanDocument } from '@unnest/contracts';
import { ConversionError, checkFlattenPlan, type FlattenPlan, type FlattenPlanUse } from '@unnest/engine';
import { Value } from 'typebox/value';
import { AppError } from './errors.js';

function invalid(detail: string): AppError {
  return new AppError('VALIDATION_FAILED', { detail });
}

/**
 * A flattening plan as the request sends it (JSON text in a multipart field or the query, or a parsed
 * body member), checked against the contract and then by the engine's own rules (one `rows` path, no
 * `table` unless the output is `relational`), so that a wrong plan is a 400 naming what is wrong before
 * any work starts.
 */
export function checkedPlan(value: unknown, use: FlattenPlanUse = {}): FlattenPlan {
  if (!Value.Check(FlattenPlanDocument, value)) {
    const [error] = Value.Errors(FlattenPlanDocument, value);
    const where = error?.instancePath ? ` at ${error.instancePath}` : '';
    throw invalid(`The flattening plan is not valid${where}: ${error?.message ?? 'wrong shape'}`);
  }
  try {
    return checkFlattenPlan(value, use);
  } catch (error) {
    if (error instanceof ConversionError) throw invalid(`The flattening plan is not valid: ${error.message}`);
    throw error;
  }
}

/** The plan field's JSON text, parsed and checked; undefined when absent or empty. */
export function planFromField(text: string | undefined, use: FlattenPlanUse = {}): FlattenPlan | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('The flattening plan is not valid JSON');
  }
  return checkedPlan(parsed, use);
}
