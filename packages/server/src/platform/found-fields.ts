import type {
  AppliedPlan,
  ConversionDuplicateKeys,
  ConversionLeftOut,
  ConversionLoneSurrogates,
} from '@unnest/contracts';
import type { ConversionSummary } from './conversion-tasks.js';

/** What a conversion found besides its rows, as the API answers it (ConversionResult, and a job's BatchFile). */
export interface FoundFields {
  records_path: string | null;
  left_out: ConversionLeftOut | null;
  duplicate_keys: ConversionDuplicateKeys | null;
  lone_surrogates: ConversionLoneSurrogates | null;
  applied_plan?: AppliedPlan;
}

/**
 * The summary's records path, what was left out, keys held twice, strings with lone surrogates and the plan
 * applied (plan=auto), in the API's names.
 */
export function foundFields(summary: ConversionSummary): FoundFields {
  const { leftOut, duplicateKeys, loneSurrogates, appliedPlan } = summary;
  return {
    records_path: summary.recordsPath,
    left_out:
      leftOut === null
        ? null
        : { parts: leftOut.parts, count: leftOut.count, bytes: leftOut.bytes, records_bytes: leftOut.recordsBytes },
    duplicate_keys: duplicateKeys,
    lone_surrogates: loneSurrogates,
    ...(appliedPlan === null ? {} : { applied_plan: appliedPlan }),
  };
}
