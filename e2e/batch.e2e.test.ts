import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// Three files: two convert, one is invalid JSON (a missing comma in record 2).
const PEOPLE = '[{"id": 1, "name": "Ada", "tags": ["math", "code"]}, {"id": 2, "name": "Grace", "tags": ["navy"]}]';
const ORDERS = '[{"order": "A-1", "qty": 2, "note": "rush"}, {"order": "A-2", "qty": 5}]';
const BROKEN = '[{"id": 1, "name": "Ada"},\n {"id": 2 "name": "Grace"}]';
// The engine's CSV with the converter's defaults (index arrays, comma, LF, no BOM).
const EXPECTED_ENTRIES = {
  'people.csv': 'id,name,tags.0,tags.1\n1,Ada,math,code\n2,Grace,navy,\n',
  'orders.csv': 'order,qty,note\nA-1,2,rush\nA-2,5,\n',
};

const EMAIL = `e2e-batch-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

/** The batch job as the API answers it, cut to what the test compares. */
interface ApiJob {
  job_id: string;
  status: string;
  files: { file_name: string; status: string; error: string | null; quality_score: number | null }[];
}

const session = openedForBlock(() => signedUpSessionOn(() => startTestServer(), EMAIL, PASSWORD));
let context: BrowserContext;
let page: Page;

/** A fresh signed-in page at `path` for the step or test that calls it. */
async function open(path: string): Promise<void> {
  ({ page, context } = await session().browser.newPage(path));
}

/** GET an API path as the signed-in browser user (its bearer token), answering the JSON. */
async function apiGet<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await fetch(`${session().server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const fileRow = (name: string) =>
  page.getByRole('table', { name: 'Batch files' }).getByRole('row').filter({ hasText: name });

// Each test starts on a fresh signed-in page. The plan bought and the batch run that later tests read are
// taken by the first test that needs them, so each test runs alone and the whole file takes each once.
const upgradeToProfessional = stepOnce(async () => {
  await open('/dashboard');
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  await page
    .getByRole('dialog', { name: 'Upgrade Your Plan' })
    .getByRole('button', { name: 'Upgrade to Professional' })
    .click();
  await page.waitForURL(/\/api\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL(/\/dashboard\?payment=success/);
  await page.getByText(/You are on the Professional plan/).waitFor();
});

/** Runs the three files as one batch; answers its job id. */
const convertThreeFiles = stepOnce(async () => {
  await upgradeToProfessional();
  await open('/batch');
  await page.getByText('Up to 25 files, 1 GB each', { exact: false }).waitFor();
  await inspectBothThemes(page, 'batch-empty');
  await page.getByTestId('batch-file-input').setInputFiles([
    { name: 'people.json', mimeType: 'application/json', buffer: Buffer.from(PEOPLE) },
    { name: 'orders.json', mimeType: 'application/json', buffer: Buffer.from(ORDERS) },
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(BROKEN) },
  ]);
  await page.getByRole('list', { name: 'Selected files' }).getByText('broken.json').waitFor();
  await page.getByLabel('Output format').waitFor();
  await page.getByRole('button', { name: 'Upload & Process' }).click();

  // The live region follows the polled job until every file is final.
  await page.getByRole('status').filter({ hasText: '3 of 3 files processed: 2 completed, 1 failed.' }).waitFor();
  const jobId = (await page.evaluate(() => sessionStorage.getItem('batchCurrentJob'))) ?? '';
  const job = await apiGet<ApiJob>(`/api/convert/batch/status/${jobId}`);
  const broken = job.files.find((file) => file.file_name === 'broken.json');
  expect(broken?.status).toBe('failed');
  expect(broken?.error).toMatch(/line 2, column 11/);
  await fileRow('broken.json')
    .getByText(broken?.error ?? '', { exact: true })
    .waitFor();
  for (const name of ['people.json', 'orders.json']) {
    await fileRow(name).getByText('Completed').waitFor();
    await fileRow(name).getByText('100%').waitFor();
  }
  await fileRow('broken.json').getByText('Failed', { exact: true }).waitFor();
  await page.getByRole('button', { name: /Quality analysis: 0 analysed files/ }).waitFor();
  await inspectBothThemes(page, 'batch-progress');

  await page.getByRole('button', { name: 'Job Details' }).click();
  const details = page.getByRole('dialog', { name: 'Batch Job Details' });
  await details.getByText(jobId).waitFor();
  expect(await details.getByRole('region', { name: 'Errors as JSON' }).textContent()).toContain('broken.json');
  await inspectBothThemes(page, 'batch-job-details');
  await details.getByRole('button', { name: 'Close' }).click();
  return jobId;
});

/**
 * A fresh signed-in page on /batch showing the three files' job, as its tab showed it: opened from
 * History's View Results (the tab's own session storage starts empty). Answers the job id.
 */
async function openTheJob(): Promise<string> {
  const jobId = await convertThreeFiles();
  await open('/batch');
  await page.getByRole('button', { name: 'History (1)' }).click();
  const history = page.getByRole('dialog', { name: 'Batch Processing History' });
  await history.getByRole('button', { name: 'View Results' }).click();
  await history.waitFor({ state: 'hidden' });
  await fileRow('people.json').getByText('Completed').waitFor();
  return jobId;
}

describe('batch processing in a real browser', () => {
  it('shows a Free account the upsell at /batch, reached from the drawer', async () => {
    await open('/dashboard');
    await page.getByRole('link', { name: 'Batch', exact: true }).click();
    await page.waitForURL(`${session().server.url}/batch`);
    await page.getByRole('heading', { name: 'Premium Batch Processing', level: 1 }).waitFor();
    await page.getByText('Batch processing is a premium feature.', { exact: false }).waitFor();
    await page.getByText(/25 files on Professional, 100 files on Business, Unlimited on Enterprise/).waitFor();
    expect(await page.getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByTestId('batch-file-input').count()).toBe(0);
    await inspectBothThemes(page, 'batch-upsell');
  });

  it('upgrades to Professional in test mode and opens /batch from the converter in a new tab', async () => {
    await upgradeToProfessional();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Batch Processing' }).click(),
    ]);
    await tab.waitForURL(`${session().server.url}/batch`);
    await tab.getByRole('button', { name: 'Upload & Process' }).waitFor();
    await tab.close();
  });

  it('converts three files: two complete, the invalid one fails alone with its position', async () => {
    await convertThreeFiles();
  });

  it('downloads every converted file as one ZIP, byte for byte, and each file on its own', async () => {
    const jobId = await openTheJob();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All Results' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    // The browser followed a ticketed link itself (streamed to disk), not a blob the page had fetched.
    expect(zip.url()).toMatch(new RegExp(`/api/batch/download/${jobId}\\?ticket=`));
    const entries = unzipSync(new Uint8Array(fs.readFileSync(await zip.path())));
    expect(Object.keys(entries).sort()).toEqual(Object.keys(EXPECTED_ENTRIES).sort());
    // A strict decoder that keeps a BOM maps bytes to text one to one: equal text is equal bytes.
    const exact = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    for (const [name, text] of Object.entries(EXPECTED_ENTRIES)) expect(exact.decode(entries[name])).toBe(text);
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      fileRow('people.json').getByRole('button', { name: 'Download people.csv' }).click(),
    ]);
    expect(single.suggestedFilename()).toBe('people.csv');
    expect(single.url()).toMatch(/\/people\.csv\?ticket=/);
    expect(fs.readFileSync(await single.path(), 'utf8')).toBe(EXPECTED_ENTRIES['people.csv']);
  });

  it('analyses the quality of every converted file and shows the scores the server stored', async () => {
    const jobId = await openTheJob();
    await page.getByRole('button', { name: 'Analyze All Quality' }).click();
    await page.getByRole('button', { name: /Quality analysis: 2 analysed files/ }).waitFor();
    const job = await apiGet<ApiJob>(`/api/batch/job/${jobId}`);
    for (const file of job.files.filter((candidate) => candidate.status === 'completed')) {
      expect(file.quality_score).not.toBeNull();
      await fileRow(file.file_name)
        .getByText(`${file.quality_score?.toFixed(1)}%`)
        .waitFor();
    }
    // Clean records come back whole: the engine's round trip loses nothing here.
    expect(job.files.find((file) => file.file_name === 'people.json')?.quality_score).toBe(100);

    await page.getByRole('button', { name: /Quality analysis: 2 analysed files/ }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Conversion Quality Analysis' });
    await dialog.getByText('Data reliability confidence').waitFor();
    await dialog.getByRole('group', { name: 'Trust Score' }).waitFor();
    await dialog.getByRole('table', { name: 'Quality metrics' }).getByText('Field Preservation').waitFor();
    await inspectBothThemes(page, 'batch-quality-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('finds the job in History after a reload, and deletes it', async () => {
    const jobId = await openTheJob();
    await page.reload();
    await page.getByRole('button', { name: 'History (1)' }).click();
    const history = page.getByRole('dialog', { name: 'Batch Processing History' });
    const row = history.getByRole('row').filter({ has: page.getByRole('button', { name: 'Delete' }) });
    await row.waitFor();
    // Date, Files, Status, Successful, Failed, ...
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 5)).toEqual(['3', expect.any(String), '2', '1']);
    await inspectBothThemes(page, 'batch-history');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete batch job' }).getByRole('button', { name: 'Delete' }).click();
    await history.getByText('No batch jobs in history yet.').waitFor();
    await history.getByRole('button', { name: 'Close' }).click();
    // The deleted job was the one shown: its results are gone too, and so is the job on the server.
    expect(await page.getByRole('table', { name: 'Batch files' }).count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const gone = await fetch(`${session().server.url}/api/batch/job/${jobId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
    await page.getByRole('button', { name: 'History (0)' }).waitFor();
  });
});
