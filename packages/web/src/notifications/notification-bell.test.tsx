import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationsResponse } from '@unnest/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format-date';
import { createQueryClient } from '../lib/query-client';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { bellLabel, NotificationBell } from './notification-bell';

function notice(id: string, title: string, read: boolean, link: string | null): Notification {
  return {
    id,
    kind: 'conversion_completed',
    title,
    body: `${title} e-mail text`,
    summary: `${title} sentence`,
    date: null,
    link,
    read,
    created_at: '2026-11-24T06:00:00Z',
  };
}

let list: Notification[];
let calls: string[];

beforeEach(() => {
  list = [notice('n2', 'orders.json converted to CSV', false, '/files'), notice('n1', 'Older one', true, null)];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path.endsWith('/read-all')) list = list.map((n) => ({ ...n, read: true }));
      else if (path.endsWith('/read')) list = list.map((n) => (path.includes(`/${n.id}/`) ? { ...n, read: true } : n));
      const unread = list.filter((n) => !n.read).length;
      const body: NotificationsResponse = {
        notifications: list,
        total: list.length,
        unread_count: unread,
        page: 1,
        page_size: 20,
      };
      return new Response(JSON.stringify(path.includes('/read') ? { unread_count: unread } : body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBell() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <NotificationBell />
          <Routes>
            <Route path="/dashboard" element={<p>Dashboard page</p>} />
            <Route path="/files" element={<p>Files page</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

describe('the notification bell', () => {
  it('names the unread count', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
  });

  it('shows the count, lists the newest, and opening one marks it read and goes to it', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    // The menu takes the focus, on its first item: mark all read.
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Mark all read (1)' })).toBe(document.activeElement),
    );
    within(menu).getByRole('menuitem', { name: /^Older one/ });
    await user.keyboard('{ArrowDown}');
    const entry = within(menu).getByRole('menuitem', { name: /^Unread:\s*orders.json converted to CSV/ });
    expect(entry).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    await screen.findByText('Files page');
    expect(calls).toContain('POST /api/notifications/n2/read');
    await screen.findByRole('button', { name: 'Notifications, none unread' });
  });

  it('shows the sentence with its date in the reader’s locale, never the e-mail’s text', async () => {
    const expiresAt = '2026-12-01T09:30:00.000Z';
    list = [
      {
        ...notice('n3', 'big.csv will be deleted soon', false, '/files'),
        body: `big.csv is deleted at ${expiresAt} (UTC). Download it before then if you still need it.`,
        summary: 'It is deleted on {date}. Download it before then if you still need it.',
        date: expiresAt,
      },
    ];
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    // The app's one date function writes it (Intl, the reader's locale).
    const written = formatDateTime(expiresAt);
    expect(written).not.toContain('2026-12-01');
    within(menu).getByText(`It is deleted on ${written}. Download it before then if you still need it.`);
    expect(menu.textContent).not.toContain(expiresAt);
    expect(menu.textContent).not.toContain('{date}');
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all read (1)' }));
    expect(calls).toContain('POST /api/notifications/read-all');
    await screen.findByRole('menuitem', { name: 'No unread notifications' });
    await user.keyboard('{Escape}');
    // Closing gives the focus back to the bell.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBe(document.activeElement),
    );
  });
});
