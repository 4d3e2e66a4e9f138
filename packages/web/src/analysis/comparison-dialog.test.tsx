import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider } from '../app/theme-mode';
import { createQueryClient } from '../lib/query-client';
import { ComparisonDialog } from './comparison-dialog';
import { textComparisonSource } from './comparison-source';
import { downloadName, previewText, sizeInKb } from './comparison-texts';

type Reply = { status: number; body: unknown };
let analysisReplies: Reply[];

beforeEach(() => {
  analysisReplies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/convert/csv-to-json') {
        return new Response('{"data":[{"a":1}],"json_data":[{"a":1}]}', { status: 200 });
      }
      const reply = analysisReplies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter>
          <ComparisonDialog open source={textComparisonSource('[{"a":1}]', 'a\n1\n', 'data.json')} onClose={() => {}} />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

describe('the comparison dialog', () => {
  it('shows the error and a Retry when the analysis fails, never a default score', async () => {
    analysisReplies.push({ status: 422, body: { code: 'CONVERSION_FAILED', detail: 'Comparison failed: bad JSON' } });
    renderDialog();
    await screen.findByText('Comparison failed: bad JSON');
    expect(screen.queryByText(/94\.8|95\.2|98\.7/)).toBeNull();
    expect(screen.queryByText(/%$/)).toBeNull();
    analysisReplies.push({ status: 403, body: { code: 'FORBIDDEN', detail: 'Premium only, upgrade.' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Premium only, upgrade.');
    screen.getByRole('link', { name: 'See plans' });
  });
});

describe('comparison texts', () => {
  it('cut previews at 2,000 characters with an ellipsis, size in KB with one decimal, prefixed names', () => {
    expect(previewText('x'.repeat(2000))).toBe('x'.repeat(2000));
    expect(previewText('x'.repeat(2001))).toBe(`${'x'.repeat(2000)}...`);
    expect(sizeInKb('x'.repeat(1536))).toBe('1.5 KB');
    expect(downloadName('original_', 'people.json')).toBe('original_people.json');
    expect(downloadName('comparison_', 'people.csv')).toBe('comparison_people.json');
  });
});
