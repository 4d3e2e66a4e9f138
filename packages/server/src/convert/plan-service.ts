import {
  CONVERSION_TEXTS,
  type FlattenPlanQuery,
  type FlattenPlanResponse,
  PLAN_SAMPLE_DEFAULT_RECORDS,
  PLAN_SAMPLE_MAX_BYTES,
} from '@unnest/contracts';
import { limitBytes } from '../platform/byte-limit.js';
import type { ConversionPool } from '../platform/conversion-pool.js';
import { EmptyInputError } from '../platform/conversion-tasks.js';
import { engineFailure } from '../platform/engine-errors.js';
import { AppError } from '../platform/errors.js';
import { abortable } from '../platform/in-flight.js';

const MEGABYTE = 1024 * 1024;

/** The engine's refusal of the input (or of the records path) as the API's 400. */
function proposalFailure(error: unknown): unknown {
  if (error instanceof EmptyInputError) {
    return new AppError('VALIDATION_FAILED', { detail: CONVERSION_TEXTS.emptyJsonText });
  }
  return engineFailure(error, 'The flattening plan could not be proposed');
}

/**
 * POST /api/convert/plan: a JSON input profiled in the worker pool and a plan proposed from it. Bounded: the
 * worker reads the first `sample` records (default 1,000) and stops; those must come within the first
 * PLAN_SAMPLE_MAX_BYTES of the input (past that the request is refused, naming the bound). Nothing is
 * stored and no conversion is counted: this reads a sample, as the browser's preview does.
 */
export async function proposeFlatteningPlan(
  pool: ConversionPool,
  body: AsyncIterable<Uint8Array>,
  query: FlattenPlanQuery,
  declaredBytes: number | undefined,
  signal: AbortSignal,
): Promise<FlattenPlanResponse> {
  const maxRecords = query.sample ?? PLAN_SAMPLE_DEFAULT_RECORDS;
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', {
      detail: `The first ${maxRecords.toLocaleString('en-US')} records do not fit in the first ${PLAN_SAMPLE_MAX_BYTES / MEGABYTE} MB the proposal reads: ask for a smaller sample (sample=100) or name the records (records=path).`,
    });
  try {
    const answer = await pool.plan(
      {
        maxRecords,
        ...(query.records === undefined ? {} : { recordsPath: query.records }),
        relational: query.relational === true || query.relational === 'true',
      },
      limitBytes(abortable(body, signal), PLAN_SAMPLE_MAX_BYTES, { bytes: 0 }, tooLarge),
      { sizeHint: declaredBytes, signal },
    );
    return {
      plan: answer.proposal.plan,
      explanations: answer.proposal.explanations,
      columns: answer.proposal.columns,
      paths: answer.paths,
      sample: {
        records: answer.records,
        sampled: answer.sampled,
        max_records: maxRecords,
        max_bytes: PLAN_SAMPLE_MAX_BYTES,
        records_path: answer.recordsPath,
        records_shape: answer.recordsShape,
      },
    };
  } catch (error) {
    throw proposalFailure(error);
  }
}
