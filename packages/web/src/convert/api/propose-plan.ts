import { type FlattenPlanResponse, PLAN_SAMPLE_MAX_BYTES } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';

const FAILED = 'The flattening plan could not be proposed';

/**
 * POST /api/convert/plan: the server profiles the first records (in its worker pool) and proposes a plan.
 * A file is sent as far as the server reads it at most (PLAN_SAMPLE_MAX_BYTES); pasted text as the raw body.
 * `recordsPath` (may be blank) names where the records are; the plan then carries it to the conversion.
 * `relational`: lists of objects and maps of records are proposed in tables of their own.
 */
export async function proposePlan(
  input: File | string,
  recordsPath: string,
  relational = false,
  signal?: AbortSignal,
): Promise<FlattenPlanResponse> {
  const request =
    typeof input === 'string'
      ? { body: input, headers: { 'Content-Type': 'application/json' } }
      : { body: formWith(input) };
  const params = new URLSearchParams({
    ...(recordsPath.trim() ? { records: recordsPath.trim() } : {}),
    ...(relational ? { relational: 'true' } : {}),
  });
  const query = params.size > 0 ? `?${params}` : '';
  const response = await apiFetch(`/api/convert/plan${query}`, {
    method: 'POST',
    ...request,
    fallbackError: FAILED,
    signal,
  });
  return (await response.json()) as FlattenPlanResponse;
}

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file.size > PLAN_SAMPLE_MAX_BYTES ? file.slice(0, PLAN_SAMPLE_MAX_BYTES) : file, file.name);
  return form;
}
