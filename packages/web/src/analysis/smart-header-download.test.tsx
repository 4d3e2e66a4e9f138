import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversionResult } from '@unnest/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { AiAnalysisCard } from './ai-analysis-card';

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RESULT: ConversionResult = {
  message: 'people.json converted to CSV',
  status: 'success',
  file_id: 'f1',
  filename: 'people.csv',
  original_filename: 'people.json',
  output_format: 'csv',
  original_size: 200,
  converted_size: 100,
  records: 2,
  columns: 1,
  records_path: null,
  left_out: null,
  duplicate_keys: null,
  lone_surrogates: null,
  formula_guard: null,
  duration_seconds: 0.1,
  expires_at: null,
  download_url: '/api/files/download/f1',
  ai_analysis: { error: 'not needed here' },
  smart_headers: [{ column: 1, path: 'usr.nm', name: 'User Name', source: 'dictionary' }],
};

function renderCard(result: ConversionResult) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AiAnalysisCard result={result} />
    </QueryClientProvider>,
  );
}

describe('smart column names applied to the download', () => {
  it('asks for the stored CSV with the smart names as its header row', async () => {
    startSession(unsignedAccessToken({ sub: 'u1' }));
    const asked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        asked.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ url: '/api/files/download/f1?header=smart&ticket=t', expires_at: '' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });
    renderCard(RESULT);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Smart Column Names/ }));
    await user.click(screen.getByRole('button', { name: 'Download CSV with these names' }));
    await waitFor(() => expect(followed).toEqual(['/api/files/download/f1?header=smart&ticket=t']));
    expect(asked).toEqual([{ url: '/api/files/download/f1?header=smart' }]);
  });

  it('is not offered for a workbook, whose header the server does not write again', async () => {
    renderCard({ ...RESULT, output_format: 'xlsx', filename: 'people.xlsx' });
    await userEvent.setup().click(screen.getByRole('button', { name: /Smart Column Names/ }));
    expect(screen.getByText('User Name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with these names/ })).toBeNull();
  });
});
