import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_TEXTS, type BatchJobSummary } from '@unnest/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BatchPage from './batch-page';
import { batchFile, batchJob, renderScreen, stubBatchApi, subscriptionWith } from './batch-test-support';
import { CURRENT_JOB_KEY } from './use-batch-run';

// The machine is shared: give each screen's first requests time to be answered.
const LOADED = { timeout: 10_000 };

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A job as the history lists it (no files). */
function summary(jobId: string, status: BatchJobSummary['status']): BatchJobSummary {
  const { files: _files, ...fields } = batchJob([batchFile('people.json'), batchFile('orders.json')], {
    job_id: jobId,
    status,
    total_processing_time: 2.345,
  });
  return fields;
}

describe('the batch history', () => {
  it('lists the jobs from the server, views a completed one, deletes the shown one and clears all', async () => {
    let jobs = [summary('job-2', 'processing'), summary('job-1', 'completed')];
    const shown = batchJob([batchFile('people.json'), batchFile('orders.json')]);
    const requests = stubBatchApi(subscriptionWith(25, 'professional'), (method, path) => {
      if (path.startsWith('/api/batch/jobs?')) return { jobs, total: jobs.length, page: 1, page_size: 10 };
      if (method === 'GET' && path === '/api/batch/job/job-1') return shown;
      if (method === 'DELETE' && path === '/api/batch/job/job-1') {
        jobs = jobs.filter((job) => job.job_id !== 'job-1');
        return { success: true, message: 'Deleted' };
      }
      if (method === 'DELETE' && path === '/api/batch/jobs') {
        jobs = [];
        return { success: true, message: 'Cleared', deleted_jobs: 1 };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    await user.click(await screen.findByRole('button', { name: 'History (2)' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Batch Processing History' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Only a completed job has View Results, its progress and its time in seconds to 2 decimals.
    expect(within(rows[0]!).queryByRole('button', { name: 'View Results' })).toBeNull();
    expect(within(rows[1]!).getByText('2.35 s')).toBeTruthy();
    expect(within(rows[1]!).getByText('100%')).toBeTruthy();

    await user.click(within(rows[1]!).getByRole('button', { name: 'View Results' }));
    const table = await screen.findByRole('table', { name: 'Batch files' }, LOADED);
    expect(within(table).getByText('orders.json')).toBeTruthy();
    expect(sessionStorage.getItem(CURRENT_JOB_KEY)).toBe('job-1');

    await user.click(await screen.findByRole('button', { name: 'History (2)' }, LOADED));
    const reopened = screen.getByRole('dialog', { name: 'Batch Processing History' });
    await user.click(within(within(reopened).getAllByRole('row')[2]!).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete batch job' })).getByRole('button', { name: 'Delete' }),
    );
    // Deleting the job on display clears the displayed results.
    await vi.waitFor(() => expect(within(reopened).getAllByRole('row')).toHaveLength(2), LOADED);
    expect(screen.queryByRole('table', { name: 'Batch files', hidden: true })).toBeNull();
    expect(sessionStorage.getItem(CURRENT_JOB_KEY)).toBeNull();

    await user.click(within(reopened).getByRole('button', { name: 'Clear All History' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clear All History' })).getByRole('button', {
        name: 'Clear All History',
      }),
    );
    expect(await within(reopened).findByText(BATCH_TEXTS.historyEmpty, undefined, LOADED)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/batch/job/job-1',
      '/api/batch/jobs',
    ]);
  });
});
