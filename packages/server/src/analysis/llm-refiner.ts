import { type LlmSettings, refineColumnNames } from '@unnest/engine/node';
import type { HeaderRefiner } from './service.js';

/** How long a conversion's answer may wait for the model's names; after it, the built-in names stand. */
export const LLM_REFINE_TIMEOUT_MS = 5_000;

/** A HeaderRefiner that asks the configured OpenAI-compatible model, with the columns' examples as samples. */
export function llmHeaderRefiner(settings: LlmSettings, timeoutMs = LLM_REFINE_TIMEOUT_MS): HeaderRefiner {
  return {
    timeoutMs,
    async refine(report) {
      const samples = new Map(report.fields.map((field) => [field.path, field.examples]));
      const result = await refineColumnNames(report.smartHeaders, { ...settings, timeoutMs }, samples);
      if (!result.refined) throw new Error(result.error ?? 'the model gave no names');
      return result.headers;
    },
  };
}
