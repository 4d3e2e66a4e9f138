import { BATCH_TEXTS, type BatchAnalyzeResponse, type BatchFile, type BatchJob } from '@unnest/contracts';
import { useMemo, useReducer } from 'react';
import { errorText } from '../lib/api-error';
import { useAnalyzeBatch } from './api/analyze-batch';
import { batchAnalysisReducer, INITIAL_BATCH_ANALYSIS } from './batch-analysis-state';
import type { AnalysedFile } from './batch-quality-dialog';

/**
 * Analyze All Quality and the per-file AI Quality Analysis: which files are being analysed (their
 * buttons show a spinner), the files whose stored analysis the dialog shows, and what could not be analysed.
 */
export function useBatchAnalysis(job: BatchJob | null, onError: (message: string) => void) {
  const analyze = useAnalyzeBatch();
  const [state, dispatch] = useReducer(batchAnalysisReducer, INITIAL_BATCH_ANALYSIS);

  const analysedFiles = useMemo(
    () => (job?.files ?? []).filter((file): file is AnalysedFile => file.quality !== null),
    [job],
  );

  async function run(jobId: string, fileIds: string[] | undefined): Promise<BatchAnalyzeResponse | null> {
    const ids = fileIds ?? (job?.files ?? []).filter((file) => file.status === 'completed').map((f) => f.file_id);
    const all = fileIds === undefined;
    dispatch({ type: 'analysis-started', fileIds: ids, all });
    try {
      const answer = await analyze.mutateAsync({ jobId, fileIds });
      dispatch({ type: 'analysis-answered', results: answer.results });
      return answer;
    } catch (error) {
      onError(errorText(error, BATCH_TEXTS.comparisonFailed));
      return null;
    } finally {
      dispatch({ type: 'analysis-ended', fileIds: ids, all });
    }
  }

  return {
    analysing: state.analysing,
    analysingAll: state.analysingAll,
    analysedFiles,
    problems: state.problems,
    clearProblems: () => dispatch({ type: 'problems-cleared' }),
    shownFileId: state.shownFileId,
    setShownFileId: (fileId: string) => dispatch({ type: 'file-shown', fileId }),
    /** Analyze All Quality: every converted file of the job. */
    analyseAll: () => {
      if (job) void run(job.job_id, undefined);
    },
    /** One file's analysis; the dialog opens on it when it is done. */
    analyseOne: (file: BatchFile, open: () => void) => {
      if (!job) return;
      void run(job.job_id, [file.file_id]).then((answer) => {
        if (!answer?.results.some((result) => result.file_id === file.file_id && result.analysis)) return;
        dispatch({ type: 'file-shown', fileId: file.file_id });
        open();
      });
    },
    reset: () => dispatch({ type: 'reset' }),
  };
}
