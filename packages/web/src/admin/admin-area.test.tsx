import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserDetail } from '@unnest/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider } from '../app/theme-mode';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import AdminArea from './admin-area';

const ACCOUNT: AdminUserDetail = {
  user_id: '11111111-1111-4111-8111-111111111111',
  email: 'grace@example.com',
  plan: 'free',
  is_admin: false,
  admin_from_config: false,
  disabled: false,
  email_confirmed: true,
  created_at: '2026-11-01T10:00:00.000Z',
  credits: 0,
  storage_used: 0,
  files: 0,
  period_end: null,
  disabled_at: null,
  recent_activity: [],
};

let requests: { path: string; method: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ path, method: init.method ?? 'GET', body });
      if (path.endsWith('/credits')) return json(200, { ...ACCOUNT, credits: ACCOUNT.credits + body.credits });
      return json(200, ACCOUNT);
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function renderAt(path: string, groups: string[]) {
  startSession(unsignedAccessToken({ groups }));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={<AdminArea />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

describe('the admin area', () => {
  it('shows a 403 page, and calls nothing, for an account outside the admin group', async () => {
    renderAt('/admin/users', ['premium']);
    await screen.findByRole('heading', { name: '403: Access denied' });
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('adds credits with a reason and a request id, refusing an amount out of range', async () => {
    const user = userEvent.setup();
    renderAt(`/admin/users/${ACCOUNT.user_id}`, ['admin']);
    await screen.findByRole('heading', { name: ACCOUNT.email }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Add credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add credits' });
    const submit = () => user.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect((dialog.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText(/^Credits/));
    await user.type(screen.getByLabelText(/^Credits/), '0');
    await user.type(screen.getByLabelText(/^Reason/), 'Goodwill');
    await screen.findByText('A whole number from 1 to 10000');
    await user.clear(screen.getByLabelText(/^Credits/));
    await user.type(screen.getByLabelText(/^Credits/), '7');
    await submit();
    await screen.findByText(`Added 7 credit(s) to ${ACCOUNT.email}.`);
    const grants = requests.filter((request) => request.path.endsWith('/credits'));
    expect(grants).toHaveLength(1);
    expect(grants[0]?.body).toMatchObject({ credits: 7, reason: 'Goodwill', request_id: expect.any(String) });
  });
});
