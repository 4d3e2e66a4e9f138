import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { endSession, startSession } from '../session-store';
import { unsignedAccessToken } from '../test-support/access-token';
import { THEME_STORAGE_KEY, ThemeModeProvider, useThemeMode } from './theme-mode';

let saved: UserSettings;
let refuseSaving: boolean;
let requests: { path: string; method: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  saved = { ...DEFAULT_SETTINGS, theme: 'dark' };
  refuseSaving = false;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ path, method, body });
      if (path !== '/api/profile/settings') return json(404, { code: 'NOT_FOUND', detail: 'Not found' });
      if (method === 'PUT') {
        if (refuseSaving) return json(500, { code: 'INTERNAL', detail: 'Something went wrong' });
        saved = { ...saved, ...body };
      }
      return json(200, saved);
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

/** Two places that show and change the theme, as the top bar and Settings do. */
function Probe() {
  const { mode, preference, setPreference, toggle } = useThemeMode();
  return (
    <>
      <output aria-label="mode">{mode}</output>
      <output aria-label="preference">{preference}</output>
      <button type="button" onClick={toggle}>
        Toggle
      </button>
      <button type="button" onClick={() => setPreference('auto')}>
        Same as system
      </button>
    </>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

const shown = (label: string) => screen.getByLabelText(label).textContent;

describe('the theme, signed out', () => {
  it('is this browser’s, and the toggle writes the browser only', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderProvider();
    expect(shown('mode')).toBe('dark');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle' }));
    expect(shown('mode')).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(requests).toEqual([]);
  });
});

describe('the theme, signed in', () => {
  it('is the account’s setting, whatever the browser held, and the browser keeps a copy of it', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    startSession(unsignedAccessToken());
    renderProvider();
    await waitFor(() => expect(shown('mode')).toBe('dark'));
    expect(requests).toEqual([{ path: '/api/profile/settings', method: 'GET', body: undefined }]);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('is saved to the account by the toggle and by a choice', async () => {
    startSession(unsignedAccessToken());
    renderProvider();
    await waitFor(() => expect(shown('mode')).toBe('dark'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(shown('mode')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Same as system' }));
    expect(shown('preference')).toBe('auto');
    await waitFor(() => expect(saved.theme).toBe('auto'));
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { theme: 'light' },
      { theme: 'auto' },
    ]);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('auto');
  });

  it('follows a change another tab saved, without saving it again', async () => {
    startSession(unsignedAccessToken());
    renderProvider();
    await waitFor(() => expect(shown('mode')).toBe('dark'));
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    });
    expect(shown('mode')).toBe('light');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('goes back to the saved theme when the server refuses the change', async () => {
    startSession(unsignedAccessToken());
    renderProvider();
    await waitFor(() => expect(shown('mode')).toBe('dark'));
    refuseSaving = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    await waitFor(() => expect(shown('mode')).toBe('dark'));
  });

  it('is the browser’s again once signed out: the toggle then writes the browser only', async () => {
    startSession(unsignedAccessToken());
    renderProvider();
    await waitFor(() => expect(shown('mode')).toBe('dark'));
    act(() => endSession());
    expect(shown('mode')).toBe('dark');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle' }));
    expect(shown('mode')).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
    expect(saved.theme).toBe('dark');
  });
});
