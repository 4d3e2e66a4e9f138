import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../lib/api-error';
import type { UploadProgress } from '../lib/upload-request';
import { type ConversionRequest, conversionFailureText, runConversion } from './run-conversion';

/** Keys of every query a conversion changes (files, history, stats, quota). */
const AFFECTED_QUERIES = [['files'], ['audit'], ['profile', 'stats'], ['subscription']];

function isCancellation(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The converter's one mutation: runs a conversion, reports upload progress, can be cancelled, and
 * refreshes what a conversion changes. A failed conversion still counts in the history.
 */
export function useConversion() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: (request: ConversionRequest) => {
      abort.current = new AbortController();
      return runConversion(request, setProgress, abort.current.signal);
    },
    onSuccess: () => {
      for (const queryKey of AFFECTED_QUERIES) void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ['audit'] }),
    onSettled: () => {
      setProgress(null);
      abort.current = null;
    },
  });

  const { error, variables } = mutation;
  // A cancelled upload is no failure to report.
  const errorMessage =
    error && variables && !isCancellation(error) ? errorText(error, conversionFailureText(variables)) : null;
  return {
    convert: mutation.mutate,
    outcome: mutation.data ?? null,
    errorMessage,
    /** The server's error code, when the failure came from it. */
    errorCode: errorMessage && error instanceof ApiError ? error.code : null,
    busy: mutation.isPending,
    progress,
    cancel: () => abort.current?.abort(),
    reset: mutation.reset,
  };
}
