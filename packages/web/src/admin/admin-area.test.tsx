import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLogsResponse, AdminUserDetail, AuditLog } from '@unnest/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
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

// A refused conversion, as the server records it.
const REFUSED: AuditLog = {
  id: 'log-1',
  action: 'json_to_csv',
  status: 'error',
  details: 'big.json: The Free plan includes 3 conversions per 24 hours and you have used them all.',
  fileSize: 0,
  duration: 0,
  timestamp: '2026-11-27T10:00:00.000Z',
};
const LOGS: AdminLogsResponse = {
  logs: [{ ...REFUSED, user_id: ACCOUNT.user_id, email: ACCOUNT.email, subject_user_id: null, subject_email: null }],
  total: 1,
  page: 1,
  page_size: 25,
};

let account: AdminUserDetail;
beforeEach(() => {
  requests = [];
  account = ACCOUNT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ path, method: init.method ?? 'GET', body });
      if (path.endsWith('/credits')) return json(200, { ...account, credits: account.credits + body.credits });
      if (path.startsWith('/api/admin/logs')) return json(200, LOGS);
      return json(200, account);
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
    // The account's own settings (its theme) are read for any signed-in account; nothing of the admin API.
    expect(requests.filter((request) => request.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows an ADMIN_EMAILS account’s demote, disable and delete buttons disabled, described by the reason', async () => {
    account = { ...ACCOUNT, is_admin: true, admin_from_config: true };
    renderAt(`/admin/users/${ACCOUNT.user_id}`, ['admin']);
    await screen.findByRole('heading', { name: ACCOUNT.email }, { timeout: 10_000 });
    const reason =
      'This account is an admin through the ADMIN_EMAILS setting of the server, so it cannot be demoted, disabled or deleted here. Remove it from ADMIN_EMAILS on the server first.';
    for (const name of ['Take admin role', 'Disable account', 'Delete account']) {
      const button = screen.getByRole('button', { name });
      expect(button, name).toHaveProperty('disabled', true);
      const describedBy = button.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent, name).toBe(reason);
    }
    expect(screen.getByRole('button', { name: 'Add credits' })).toHaveProperty('disabled', false);
  });

  it('leaves the same buttons working for an admin given the role in the admin area', async () => {
    account = { ...ACCOUNT, is_admin: true, admin_from_config: false };
    renderAt(`/admin/users/${ACCOUNT.user_id}`, ['admin']);
    await screen.findByRole('heading', { name: ACCOUNT.email }, { timeout: 10_000 });
    for (const name of ['Take admin role', 'Disable account', 'Delete account']) {
      const button = screen.getByRole('button', { name });
      expect(button, name).toHaveProperty('disabled', false);
      expect(button.getAttribute('aria-describedby'), name).toBeNull();
    }
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

  it('names actions and outcomes as the user’s own history does, never by their codes', async () => {
    account = { ...ACCOUNT, recent_activity: [REFUSED] };
    renderAt(`/admin/users/${ACCOUNT.user_id}`, ['admin']);
    const activity = await screen.findByRole('table', { name: 'Recent activity of this account' }, { timeout: 10_000 });
    expect(within(activity).getByText('JSON to CSV')).toBeTruthy();
    expect(within(activity).getByText('Error')).toBeTruthy();
    expect(activity.textContent).not.toContain('json_to_csv');
  });

  it('lists the logs of every account with the same labels, in the rows and in the filters', async () => {
    const user = userEvent.setup();
    renderAt('/admin/logs', ['admin']);
    const table = await screen.findByRole('table', { name: 'Audit of every account' }, { timeout: 10_000 });
    await within(table).findByText('JSON to CSV');
    expect(within(table).getByText('Error')).toBeTruthy();
    expect(table.textContent).not.toContain('json_to_csv');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toContain('Admin: plan changed');
    expect(options.map((option) => option.textContent)).not.toContain('admin_set_plan');
  });
});
