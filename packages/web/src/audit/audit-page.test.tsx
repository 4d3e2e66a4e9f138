import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AuditLogsResponse, ProfileStats } from '@unnest/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import AuditPage from './audit-page';

// One conversion succeeded, two were refused (the day's limit, a file over the plan): the server's figures.
const STATS: ProfileStats = {
  totalConversions: 3,
  thisMonth: 3,
  storageUsed: 0.1,
  storageLimit: 1024,
  successRate: 33.3,
  averageFileSize: 0.1,
  successfulConversions: 1,
  totalDataProcessed: 0.1,
  conversionCredits: 0,
  recentActivity: [],
};
const LOGS: AuditLogsResponse = {
  logs: [
    {
      id: 'l2',
      action: 'json_to_csv',
      status: 'error',
      details: 'big.json: The file is larger than the Free plan allows (5 MB).',
      fileSize: null,
      duration: null,
      timestamp: '2026-11-27T10:02:00.000Z',
    },
    {
      id: 'l1',
      action: 'json_to_csv',
      status: 'success',
      details: 'Converted good.json to CSV',
      fileSize: 0.1,
      duration: 0.2,
      timestamp: '2026-11-27T10:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  page_size: 10,
};

let stats: ProfileStats;
beforeEach(() => {
  stats = STATS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const body = path.startsWith('/api/profile/stats') ? stats : LOGS;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter>
          <AuditPage />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

const card = (label: string) => screen.getByText(label).closest('.MuiCard-root') as HTMLElement;

describe('the Audit page', () => {
  it('reads the success rate over every attempt, refused ones included', async () => {
    renderPage();
    await screen.findByText('33.3%');
    expect(within(card('Success Rate')).getByText('1 of 3 attempts succeeded, refused ones included')).toBeTruthy();
    expect(within(card('Total Conversions')).getByText('3')).toBeTruthy();
    // The refused attempt is in the table, labelled as the admin area labels it.
    const table = await screen.findByRole('table', { name: 'Recent activity' });
    expect(within(table).getAllByText('JSON to CSV')).toHaveLength(2);
    expect(within(table).getByText('Error')).toBeTruthy();
  });

  it('shows no rate before any attempt, rather than 0%', async () => {
    stats = { ...STATS, totalConversions: 0, thisMonth: 0, successRate: 0, successfulConversions: 0 };
    renderPage();
    await within(card('Total Conversions')).findByText('0');
    expect(within(card('Success Rate')).getByText('–')).toBeTruthy();
    expect(screen.queryByText(/attempts? succeeded/)).toBeNull();
  });
});
