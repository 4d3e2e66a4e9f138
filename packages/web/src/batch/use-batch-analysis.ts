import { BATCH_TEXTS, type BatchAnalyzeResponse, type BatchFile, type BatchJob } from '@unnest/contracts';
import { useMemo, useState } from 'react';
import { errorText } from '../lib/api-error';
import { useAnalyzeBatch } from './api/analyze-batch';
import type { AnalysedFile } from './batch-quality-dialog';

function problemsOf(answer: BatchAnalyzeResponse): string[] {
  return answer.results.flatMap((result) => (result.error ? [`${result.file_name}: ${result.error}`] : []));
}

/**
 * Analyze All Quality and the per-file AI Quality Analysis: which files are being analysed (their
 * buttons show a spinner), the files whose stored analysis the dialog shows, and what could not be analysed.
 */
export function useBatchAnalysis(job: BatchJob | null, onError: (message: string) => void) {
  const analyze = useAnalyzeBatch();
  const [analysing, setAnalysing] = useState<ReadonlySet<string>>(new Set());
  const [analysingAll, setAnalysingAll] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [shownFileId, setShownFileId] = useState<string | null>(null);

  const analysedFiles = useMemo(
    () => (job?.files ?? []).filter((file): file is AnalysedFile => file.quality !== null),
    [job],
  );

  async function run(jobId: string, fileIds: string[] | undefined): Promise<BatchAnalyzeResponse | null> {
    const ids = fileIds ?? (job?.files ?? []).filter((file) => file.status === 'completed').map((f) => f.file_id);
    setAnalysing((current) => new Set([...current, ...ids]));
    try {
      const answer = await analyze.mutateAsync({ jobId, fileIds });
      setProblems(problemsOf(answer));
      return answer;
    } catch (error) {
      onError(errorText(error, BATCH_TEXTS.comparisonFailed));
      return null;
    } finally {
      setAnalysing((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }
  }

  return {
    analysing,
    analysingAll,
    analysedFiles,
    problems,
    clearProblems: () => setProblems([]),
    shownFileId,
    setShownFileId,
    /** Analyze All Quality: every converted file of the job. */
    analyseAll: () => {
      if (!job) return;
      setAnalysingAll(true);
      void run(job.job_id, undefined).finally(() => setAnalysingAll(false));
    },
    /** One file's analysis; the dialog opens on it when it is done. */
    analyseOne: (file: BatchFile, open: () => void) => {
      if (!job) return;
      void run(job.job_id, [file.file_id]).then((answer) => {
        if (!answer?.results.some((result) => result.file_id === file.file_id && result.analysis)) return;
        setShownFileId(file.file_id);
        open();
      });
    },
    reset: () => {
      setProblems([]);
      setShownFileId(null);
    },
  };
}
