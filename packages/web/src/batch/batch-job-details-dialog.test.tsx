import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/format-date';
import { BatchJobDetailsDialog } from './batch-job-details-dialog';
import { batchFile, batchJob } from './batch-test-support';

afterEach(cleanup);

function keptUntil(): string | null {
  const table = within(screen.getByRole('table', { name: 'Job details' }));
  const label = table.queryByRole('rowheader', { name: 'Kept until' });
  return label?.nextElementSibling?.textContent ?? null;
}

describe('the batch job details', () => {
  it('say until when an ended job is kept, that a job without retention stays, and nothing while it runs', () => {
    const files = [batchFile('people.json')];
    const expiresAt = '2026-02-01T10:30:00.000Z';
    const ended = batchJob(files, { completed_at: '2026-01-02T10:30:00.000Z', expires_at: expiresAt });
    const { rerender } = render(<BatchJobDetailsDialog job={ended} open onClose={() => {}} />);
    expect(keptUntil()).toBe(formatDateTime(expiresAt));

    rerender(<BatchJobDetailsDialog job={{ ...ended, expires_at: null }} open onClose={() => {}} />);
    expect(keptUntil()).toBe('You delete it');

    const running = batchJob(files, { status: 'processing', completed_at: null, expires_at: null });
    rerender(<BatchJobDetailsDialog job={running} open onClose={() => {}} />);
    expect(keptUntil()).toBeNull();
  });
});
