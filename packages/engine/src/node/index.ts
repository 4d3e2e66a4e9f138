export { createFileSpool, fileSpoolFactory } from './file-spool.js';
export {
  chatCompletionsUrl,
  type LlmSettings,
  llmSettingsFromEnv,
  type RefinedNames,
  refineColumnNames,
} from './llm-column-names.js';
