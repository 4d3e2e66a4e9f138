import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { BatchJob, BatchStatus } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { useBatchJob } from './get-batch-status';

/** A job in the given state (only what polling reads matters here). */
function jobIn(status: BatchStatus): BatchJob {
  return {
    job_id: 'job-1',
    kind: 'batch',
    status,
    created_at: '2026-01-01T00:00:00.000Z',
    total_files: 1,
    successful_files: status === 'completed' ? 1 : 0,
    failed_files: 0,
    processed_files: status === 'completed' ? 1 : 0,
    errors: [],
    progress_percentage: status === 'completed' ? 100 : 40,
    total_processing_time: null,
    cancelled_files: 0,
    completed_at: null,
    expires_at: null,
    total_bytes: 10,
    bytes_read: 4,
    analyzed_files: 0,
    download_url: '/api/batch/download/job-1',
    files: [],
  };
}

// Taken before the fake timers replace it: reading a response body needs real event-loop turns.
const realSetTimeout = globalThis.setTimeout;

let replies: (() => Response)[];
let calls: string[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      const next = replies.shift();
      if (!next) throw new Error(`unexpected request ${path}`);
      return next();
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderJob(jobId: string | null) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBatchJob(jobId), { wrapper });
}

/**
 * Lets `ms` of (fake) time pass, running the timers; then lets the responses they started be read
 * (reading a body takes real event-loop turns) and TanStack Query deliver them (its notifications
 * wait for a zero-delay timer).
 */
async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise((resolve) => realSetTimeout(resolve, 0));
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}

describe('polling a batch job', () => {
  it('asks every 3 s while the job runs and stops once it is completed', async () => {
    replies = [() => json(jobIn('pending')), () => json(jobIn('processing')), () => json(jobIn('completed'))];
    const { result } = renderJob('job-1');
    await elapse(0);
    expect(calls).toEqual(['/api/convert/batch/status/job-1']);
    await elapse(2999);
    expect(calls).toHaveLength(1);
    await elapse(1);
    expect(calls).toHaveLength(2);
    await elapse(3000);
    expect(calls).toHaveLength(3);
    await elapse(30_000);
    expect(calls).toHaveLength(3);
    expect(result.current.data?.status).toBe('completed');
  });

  it('stops on a final failed job and on a failed fetch', async () => {
    replies = [() => json(jobIn('failed'))];
    renderJob('job-1');
    await elapse(30_000);
    expect(calls).toHaveLength(1);

    replies = [() => json(jobIn('processing')), () => json({ detail: 'Batch job not found', code: 'NOT_FOUND' }, 404)];
    const second = renderJob('job-2');
    await elapse(3000);
    expect(calls).toHaveLength(3);
    await elapse(30_000);
    expect(calls).toHaveLength(3);
    expect(second.result.current.error?.message).toBe('Batch job not found');
  });

  it('asks nothing without a job', async () => {
    replies = [];
    renderJob(null);
    await elapse(10_000);
    expect(calls).toEqual([]);
  });
});
