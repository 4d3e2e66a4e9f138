import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_TEXTS, type FileQualityAnalysis } from '@unnest/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrClass, type XhrCall, type XhrReply } from '../lib/test-support/fake-xhr';
import BatchPage from './batch-page';
import { QualityChip } from './batch-status';
import { batchFile, batchJob, renderScreen, stubBatchApi, subscriptionWith } from './batch-test-support';
import { CURRENT_JOB_KEY } from './use-batch-run';

let xhrReplies: XhrReply[];
let xhrCalls: XhrCall[];

// The machine is shared: give each screen's first requests time to be answered.
const LOADED = { timeout: 10_000 };

beforeEach(() => {
  xhrReplies = [];
  xhrCalls = [];
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(xhrReplies, xhrCalls));
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const jsonFile = (name: string, text = '[{"a":1}]') => new File([text], name, { type: 'application/json' });

describe('the batch page', () => {
  it('shows a plan without batches the upsell, with the sizes of the plans that have them', async () => {
    const requests = stubBatchApi(subscriptionWith(0, 'free'));
    renderScreen(<BatchPage />);
    expect(await screen.findByRole('heading', { name: 'Premium Batch Processing', level: 1 }, LOADED)).toBeTruthy();
    expect(screen.getByText(BATCH_TEXTS.notInPlan)).toBeTruthy();
    for (const card of ['Multi-file upload', 'Real-time progress', 'AI quality analysis', 'Bulk download']) {
      expect(screen.getByRole('heading', { name: card })).toBeTruthy();
    }
    expect(
      await screen.findByText(
        /25 files on Professional, 100 files on Business, Unlimited on Enterprise/,
        undefined,
        LOADED,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/dashboard');
    // No batch call is made for an account that has none.
    expect(requests.some((request) => request.path.startsWith('/api/batch'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Upload & Process' })).toBeNull();
  });

  it("checks the chosen files against the plan's limits with the spec's texts", async () => {
    stubBatchApi(subscriptionWith(25, 'professional'));
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<BatchPage />);
    await user.click(await screen.findByRole('button', { name: 'Upload & Process' }, LOADED));
    expect(screen.getByRole('alert').textContent).toBe(BATCH_TEXTS.noFiles);

    const input = screen.getByTestId('batch-file-input');
    await user.upload(
      input,
      Array.from({ length: 26 }, (_, index) => jsonFile(`f${index}.json`)),
    );
    expect(screen.getByRole('alert').textContent).toBe('Maximum 25 files allowed. Selected 26 files.');
    await user.upload(input, [jsonFile('a.json'), new File(['x'], 'notes.txt')]);
    expect(screen.getByRole('alert').textContent).toBe('Only JSON and CSV files are allowed. Found 1 other files.');

    await user.upload(input, [jsonFile('a.json'), new File(['id\n1'], 'b.csv')]);
    expect(screen.queryByRole('alert')).toBeNull();
    const list = screen.getByRole('list', { name: 'Selected files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('a.json'), expect.stringContaining('b.csv')]);
    await user.click(screen.getByRole('button', { name: 'Remove a.json' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // CSV files take no options: only JSON files have an output format to choose.
    expect(screen.queryByLabelText('Output format')).toBeNull();
    expect(screen.getByText(/with their delimiter detected/)).toBeTruthy();
    await user.upload(input, [jsonFile('c.json')]);
    expect(screen.getByLabelText('Output format')).toBeTruthy();
  });

  it('opens the file picker from the focused drop zone with Enter or Space', async () => {
    stubBatchApi(subscriptionWith(25, 'professional'));
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    const zone = await screen.findByRole('group', { name: /Drop JSON or CSV files here/ }, LOADED);
    // In the tab order (after the header's buttons), and focused it takes the keys.
    expect(zone.tabIndex).toBe(0);
    act(() => zone.focus());
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
    opened.mockRestore();
  });

  it("uploads the files with the options, shows the job's table, and names a failed file's error", async () => {
    const failed = batchFile('broken.json', {
      status: 'failed',
      error: 'Invalid JSON at line 1, column 9 (byte 8)',
      download_url: null,
      result_size: null,
      progress: 40,
    });
    const job = batchJob([batchFile('people.json'), failed]);
    xhrReplies.push({ status: 202, body: JSON.stringify(job) });
    stubBatchApi(subscriptionWith(25, 'professional'));
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    await user.upload(await screen.findByTestId('batch-file-input', undefined, LOADED), [
      jsonFile('people.json'),
      jsonFile('broken.json'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload & Process' }));

    const table = await screen.findByRole('table', { name: 'Batch files' }, LOADED);
    expect(xhrCalls.map((call) => call.path)).toEqual(['/api/convert/batch']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['File Name', 'Size', 'Status', 'Progress', 'Quality', 'Actions']);
    expect(within(table).getByText('Invalid JSON at line 1, column 9 (byte 8)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 of 2 files processed: 1 completed, 1 failed.');
    expect(within(table).getByRole('button', { name: 'Download people.csv' })).toHaveProperty('disabled', false);
    expect(within(table).getByRole('button', { name: 'Download broken.csv' })).toHaveProperty('disabled', true);
    // The job is remembered for a reload of the tab, and Reset forgets it.
    expect(sessionStorage.getItem(CURRENT_JOB_KEY)).toBe('job-1');
    expect(screen.getByRole('button', { name: 'Quality analysis: 0 analysed files' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('table', { name: 'Batch files' })).toBeNull();
    expect(sessionStorage.getItem(CURRENT_JOB_KEY)).toBeNull();
  });

  it("shows the server's detail when a batch is refused, and says when nothing can be downloaded", async () => {
    xhrReplies.push({
      status: 413,
      body: JSON.stringify({ detail: 'Storage quota exceeded', code: 'QUOTA_EXCEEDED' }),
    });
    stubBatchApi(subscriptionWith(25, 'professional'));
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    await user.upload(await screen.findByTestId('batch-file-input', undefined, LOADED), [jsonFile('people.json')]);
    await user.click(screen.getByRole('button', { name: 'Upload & Process' }));
    expect((await screen.findByRole('alert', undefined, LOADED)).textContent).toBe('Storage quota exceeded');

    const onlyFailed = batchJob(
      [batchFile('broken.json', { status: 'failed', error: 'Invalid JSON', download_url: null })],
      {
        status: 'failed',
      },
    );
    xhrReplies.push({ status: 202, body: JSON.stringify(onlyFailed) });
    await user.click(screen.getByRole('button', { name: 'Upload & Process' }));
    await user.click(await screen.findByRole('button', { name: 'Download All Results' }, LOADED));
    expect(screen.getByRole('alert').textContent).toBe(BATCH_TEXTS.noCompleted);
    // The floating button belongs to completed jobs only.
    expect(screen.queryByRole('button', { name: /Quality analysis:/ })).toBeNull();
  });

  it('analyses every converted file and opens the quality dialog from the floating button', async () => {
    const quality: FileQualityAnalysis = {
      quality_score: 75,
      trust_score: 75,
      conversion_reliability: 'needs_review',
      data_integrity: { score: 100, preserved_fields: 3, lost_fields: 0, gained_fields: 0 },
      structure_analysis: { structure_preservation: 50, original_structure: 'array of 2 objects' },
      business_impact: { business_value_preserved: 80, analysis_readiness: 100 },
      recommendations: ['Keep numbers as text in the CSV', '1 value is missing: keep arrays in one cell.'],
      advice: [
        { cause: 'type_changed', text: 'Keep numbers as text in the CSV', option: 'types' },
        { cause: 'missing', text: '1 value is missing: keep arrays in one cell.', option: 'array_strategy' },
      ],
      issues_found: ['2 values changed type'],
      guarded_values: 2,
    };
    const before = batchJob([batchFile('people.json')]);
    const after = batchJob([batchFile('people.json', { quality_score: 75, quality })]);
    sessionStorage.setItem(CURRENT_JOB_KEY, 'job-1');
    const requests = stubBatchApi(subscriptionWith(25, 'professional'), (method, path) => {
      if (path === '/api/convert/batch/status/job-1') return before;
      if (method === 'POST' && path === '/api/batch/job/job-1/analyze') {
        return {
          results: [{ file_id: 'id-people.json', file_name: 'people.json', analysis: quality, error: null }],
          job: after,
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    await user.click(await screen.findByRole('button', { name: 'Analyze All Quality' }, LOADED));
    const table = screen.getByRole('table', { name: 'Batch files' });
    const chip = await within(table).findByText('75.0%', undefined, LOADED);
    expect(chip.closest('.MuiChip-root')?.className).toContain('MuiChip-colorWarning');
    expect(requests.find((request) => request.path.endsWith('/analyze'))?.body).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Quality analysis: 1 analysed files' }));
    const dialog = screen.getByRole('dialog', { name: 'AI Conversion Quality Analysis' });
    expect(within(within(dialog).getByRole('group', { name: 'Trust Score' })).getByText('75.0%')).toBeTruthy();
    expect(within(dialog).getByText('Data reliability confidence')).toBeTruthy();
    // One verdict, in its own words and colour; the advice links to the batch page's own control.
    const verdict = within(dialog).getByTestId('verdict');
    expect(verdict.textContent).toBe('Needs review');
    expect(verdict.className).toContain('MuiChip-colorWarning');
    expect(within(dialog).getByRole('link', { name: 'Go to the Arrays option' }).getAttribute('href')).toBe(
      '/batch#arrays',
    );
    expect(within(dialog).getByText(/2 values have a ' in front in the CSV \(Spreadsheet-safe\)/)).toBeTruthy();
    expect(within(dialog).getByText('3 preserved, 0 lost, 0 gained')).toBeTruthy();
    expect(within(dialog).getByText('2 values changed type')).toBeTruthy();
  });
  it('cancels a running job, and shows the cancelled job the server answers', async () => {
    const running = batchJob([batchFile('people.json', { status: 'processing', progress: 30, download_url: null })], {
      status: 'processing',
      progress_percentage: 30,
      total_processing_time: null,
    });
    const cancelled = batchJob([batchFile('people.json', { status: 'cancelled', download_url: null })], {
      status: 'cancelled',
      cancelled_files: 1,
      processed_files: 1,
    });
    sessionStorage.setItem(CURRENT_JOB_KEY, 'job-1');
    const requests = stubBatchApi(subscriptionWith(25, 'professional'), (method, path) => {
      if (path === '/api/convert/batch/status/job-1') return running;
      if (method === 'POST' && path === '/api/batch/job/job-1/cancel') return cancelled;
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<BatchPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Job' }, LOADED));
    await screen.findByText('1 of 1 files processed: 0 completed, 0 failed, 1 cancelled.', undefined, LOADED);
    expect(screen.queryByRole('button', { name: 'Cancel Job' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/batch/job/job-1/cancel',
    ]);
  });
});

describe('quality colours', () => {
  it('are success from 90, warning from 70, error below', () => {
    const colourOf = (score: number) => {
      renderScreen(<QualityChip score={score} />);
      const chip = screen.getByText(`${score.toFixed(1)}%`).closest('.MuiChip-root');
      const colour = /MuiChip-color(\w+)/.exec(chip?.className ?? '')?.[1];
      cleanup();
      return colour;
    };
    expect([100, 90, 89.9, 70, 69.9, 0].map(colourOf)).toEqual([
      'Success',
      'Success',
      'Warning',
      'Warning',
      'Error',
      'Error',
    ]);
    renderScreen(<QualityChip score={null} />);
    expect(screen.getByText('Not analysed')).toBeTruthy();
  });
});
