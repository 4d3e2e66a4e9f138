import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, UsageResponse } from '@unnest/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { ApiKeysPanel } from './api-keys-panel';

const KEY = `unn_${'k'.repeat(43)}`;
const EXISTING: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  prefix: 'unn_Existing',
  name: 'nightly export',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
};
const USAGE: UsageResponse = {
  plan: 'starter',
  api_calls: {
    month: '2026-11',
    used: 120,
    limit: 1000,
    remaining: 880,
    credit_calls: 0,
    reset_at: '2026-12-01T00:00:00.000Z',
  },
  conversions: { used: 0, limit: -1 },
  credits: 0,
  storage: { used_bytes: 0, limit_gb: 10 },
};

let keys: ApiKey[];
let requests: { method: string; path: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  keys = [EXISTING];
  requests = [];
  startSession(unsignedAccessToken({ sub: 'u1' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, body });
      if (path === '/api/usage') return json(200, USAGE);
      if (path === '/api/keys' && method === 'GET') return json(200, { keys });
      if (path === '/api/keys' && method === 'POST') {
        const created = { ...EXISTING, id: '22222222-2222-4222-8222-222222222222', prefix: KEY.slice(0, 12) };
        keys = [{ ...created, name: body.name }, ...keys];
        return json(201, { ...created, name: body.name, key: KEY, expires_at: '2026-12-01T10:00:00.000Z' });
      }
      if (path.startsWith('/api/keys/') && method === 'DELETE') {
        keys = keys.filter((key) => !path.endsWith(key.id));
        return json(200, { success: true, message: 'API key revoked' });
      }
      return json(404, { code: 'NOT_FOUND', detail: 'Not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function renderPanel() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter>
          <ApiKeysPanel />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

describe('Settings, API keys', () => {
  it('lists the keys by prefix, says the month’s calls, and shows a curl example with the newest prefix', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('nightly export')).toBeTruthy();
    expect(within(table).getByText('unn_Existing...')).toBeTruthy();
    expect(within(table).getAllByText('Never')).toHaveLength(2);
    expect(await screen.findByText(/120 of 1,000 API calls this month/)).toBeTruthy();
    const example = screen.getByLabelText('curl example').textContent ?? '';
    expect(example).toContain("export UNNEST_API_KEY='unn_Existing...'");
    expect(example).toContain(
      `curl -H "X-API-Key: $UNNEST_API_KEY" -F file=@data.json ${window.location.origin}/api/convert/file`,
    );
  });

  it('asks for a name, creates a key with an expiry, shows it once and copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel();
    await screen.findByRole('table', { name: 'API keys' });
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Please give the key a name')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Key name'), 'ci pipeline');
    await userEvent.click(screen.getByLabelText('Expires'));
    await userEvent.click(await screen.findByRole('option', { name: '30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('Your new API key')).toHaveProperty('textContent', KEY);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'ci pipeline',
      expires_in_days: 30,
    });
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByLabelText('curl example').textContent).toContain(KEY.slice(0, 12));

    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('Your new API key')).toBeNull();
    expect(await screen.findByText('ci pipeline')).toBeTruthy();
  });

  it('revokes a key only after the confirmation', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke nightly export' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(
      within(dialog).getByText(/“nightly export” \(unn_Existing\.\.\.\) will get 401 from their next call/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    // Found again once the closing dialog no longer hides the page.
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke nightly export' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    await screen.findByText('No API keys yet. Create one to call the API from a program.');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/api/keys/${EXISTING.id}`,
    ]);
  });
});
