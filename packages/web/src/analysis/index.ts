// What the analysis feature offers the rest of the app (the converter and My Files); everything
// else in this folder is its own. Lint allows other features to import this file only.
export { AiAnalysisBanner } from './ai-analysis-banner';
export { AiAnalysisCard } from './ai-analysis-card';
export { ComparisonDialog } from './comparison-dialog';
export { type ComparisonSource, fileComparisonSource, textComparisonSource } from './comparison-source';
