import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { useConverter } from './use-converter';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SAVED: UserSettings = { ...DEFAULT_SETTINGS, delimiter: ';', excel_safe: true };

function converter() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/api/profile/settings')
        ? SAVED
        : { is_premium: false, formats: ['csv', 'json'], credits: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, hook: renderHook(() => useConverter(), { wrapper }) };
}

describe('the converter page state', () => {
  it('options start from the saved settings, and settings saved later (the theme) leave them as chosen', async () => {
    const { client, hook } = converter();
    const { result } = hook;
    await waitFor(() => expect(result.current.state.choices.delimiter).toBe(';'));
    act(() => result.current.setExcelSafe(false));
    // The query tells its observers on a later tick.
    await act(async () => {
      client.setQueryData(['profile', 'settings'], { ...SAVED, theme: 'dark' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(result.current.state.choices).toMatchObject({ delimiter: ';', excelSafe: false });
    // A new direction starts from the saved settings again.
    act(() => result.current.changeMode('csv-to-json'));
    await waitFor(() => expect(result.current.state.choices).toMatchObject({ delimiter: 'auto', excelSafe: true }));
  });

  it('shows small pasted text converted as it is typed, with the options as they stand', async () => {
    const { result } = converter().hook;
    await waitFor(() => expect(result.current.state.choices.delimiter).toBe(';'));
    act(() => result.current.changeInputKind('text'));
    act(() => result.current.editText('[{"a": 1, "b": "=2"}]'));
    await waitFor(() => expect(result.current.shown).toMatchObject({ kind: 'live', text: "a;b\n1;'=2\n" }));
    act(() => result.current.setExcelSafe(false));
    await waitFor(() => expect(result.current.shown).toMatchObject({ kind: 'live', text: 'a;b\n1;=2\n' }));
    act(() => result.current.editText('[{"a": 1,'));
    await waitFor(() => expect(result.current.liveError).not.toBeNull());
    expect(result.current.compareBlocked).toBe('Compare needs a converted file: convert first.');
  });
});
