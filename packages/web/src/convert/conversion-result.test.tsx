import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConversionResult, DEFAULT_SETTINGS, type FormulaGuardSummary } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider } from '../app/theme-mode';
import { createQueryClient } from '../lib/query-client';
import { type ConversionOutcome, ConversionResultPanel } from './conversion-result';
import { choicesFromSettings } from './conversion-settings';
import { useConversion } from './use-conversion';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GUARDED: FormulaGuardSummary = {
  cells: 33,
  examples: [
    { column: 'note', value: '=SUM(A1)' },
    { column: 'code', value: '-abc' },
  ],
};

function fileOutcome(
  formulaGuard: FormulaGuardSummary | null,
  outputFormat: 'csv' | 'xlsx' = 'csv',
): ConversionOutcome {
  const response: ConversionResult = {
    message: `orders.json converted to ${outputFormat.toUpperCase()}`,
    status: 'success',
    file_id: '00000000-0000-4000-8000-000000000001',
    filename: `orders.${outputFormat}`,
    original_filename: 'orders.json',
    output_format: outputFormat,
    original_size: 100,
    converted_size: 80,
    records: 40,
    columns: 5,
    formula_guard: formulaGuard,
    duration_seconds: 0.1,
    expires_at: null,
    download_url: '/api/files/download/00000000-0000-4000-8000-000000000001',
  };
  return { kind: 'file', response, preview: null, formulaGuard };
}

function renderPanel(outcome: ConversionOutcome, excelSafe: boolean, onExcelSafe = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <ConversionResultPanel outcome={outcome} mode="json-to-csv" excelSafe={excelSafe} onExcelSafe={onExcelSafe} />
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return onExcelSafe;
}

describe('the result card', () => {
  it('says how many cells Spreadsheet-safe changed, shows two, and has the switch beside them', async () => {
    const onExcelSafe = renderPanel(fileOutcome(GUARDED), true);
    const notice = screen.getByTestId('formula-guard-notice');
    expect(notice.textContent).toContain("Spreadsheet-safe put a ' before 33 cells that a spreadsheet would run");
    expect(notice.textContent).toContain('note: "=SUM(A1)" and code: "-abc"');
    const toggle = within(notice).getByRole('switch', { name: 'Spreadsheet-safe' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(toggle);
    expect(onExcelSafe).toHaveBeenCalledWith(false);
  });

  it('says when the switch no longer matches the result, and when nothing or no guard applied', () => {
    renderPanel(fileOutcome(GUARDED), false);
    expect(screen.getByText(/Convert again to write the cells without Spreadsheet-safe/)).toBeTruthy();
    cleanup();
    renderPanel(fileOutcome({ cells: 0, examples: [] }), true);
    expect(screen.getByText('Spreadsheet-safe changed no cell: none starts like a formula.')).toBeTruthy();
    cleanup();
    renderPanel(fileOutcome(null), false);
    expect(screen.getByText(/Spreadsheet-safe was off/)).toBeTruthy();
    cleanup();
    // An XLSX cell is never a formula: nothing to say.
    renderPanel(fileOutcome(null, 'xlsx'), true);
    expect(screen.queryByTestId('formula-guard-notice')).toBeNull();
  });
});

describe('pasted JSON', () => {
  it('reports what the guard changed, found by the engine in the browser (the download carries bytes only)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response("phone,f\n+49 30 1,'=SUM(A1)\n", { status: 200 })),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useConversion(), { wrapper });
    act(() =>
      result.current.convert({
        input: 'text',
        text: '[{"phone":"+49 30 1","f":"=SUM(A1)"}]',
        mode: 'json-to-csv',
        choices: choicesFromSettings(DEFAULT_SETTINGS, 'json-to-csv'),
      }),
    );
    await waitFor(() => expect(result.current.outcome).not.toBeNull());
    expect(result.current.outcome?.formulaGuard).toEqual({ cells: 1, examples: [{ column: 'f', value: '=SUM(A1)' }] });
  });
});
