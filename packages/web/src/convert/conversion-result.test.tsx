import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConversionResult, DEFAULT_SETTINGS, type FormulaGuardSummary } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choicesFromSettings } from '../components/conversion-options';
import { createQueryClient } from '../lib/query-client';
import { fakeXhrClass, type XhrCall, type XhrReply } from '../lib/test-support/fake-xhr';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import type { ConversionOutcome } from './conversion-outcome';
import { ConversionResultPanel } from './conversion-result';
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

/** The stored result of orders.json. */
function storedFile(formulaGuard: FormulaGuardSummary | null, outputFormat: 'csv' | 'xlsx' = 'csv'): ConversionResult {
  return {
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
    records_path: null,
    left_out: null,
    duplicate_keys: null,
    lone_surrogates: null,
    duration_seconds: 0.1,
    expires_at: null,
    download_url: '/api/files/download/00000000-0000-4000-8000-000000000001',
  };
}

function fileOutcome(
  formulaGuard: FormulaGuardSummary | null,
  outputFormat: 'csv' | 'xlsx' = 'csv',
): ConversionOutcome {
  return {
    kind: 'file',
    response: storedFile(formulaGuard, outputFormat),
    preview: null,
    formulaGuard,
    duplicateKeys: null,
    loneSurrogates: null,
  };
}

function renderPanel(
  outcome: ConversionOutcome,
  excelSafe: boolean,
  onExcelSafe = vi.fn(),
  mode: 'json-to-csv' | 'csv-to-json' = 'json-to-csv',
) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <ConversionResultPanel
          outcome={outcome}
          mode={mode}
          excelSafe={excelSafe}
          onExcelSafe={onExcelSafe}
          recordsPath=""
          onRecordsPath={vi.fn()}
          busy={false}
        />
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return onExcelSafe;
}

const LIVE_CSV = "id,f\n12345678901234567890,'=SUM(A1)\n";

describe('the result made as the text is typed', () => {
  it('shows its text with Copy and the table of that same text beside it, and offers no download', async () => {
    renderPanel(
      {
        kind: 'live',
        text: LIVE_CSV,
        preview: { kind: 'text', text: LIVE_CSV, format: 'csv' },
        formulaGuard: { cells: 1, examples: [{ column: 'f', value: '=SUM(A1)' }] },
        duplicateKeys: null,
        loneSurrogates: null,
      },
      true,
    );
    expect((screen.getByLabelText('Result') as HTMLTextAreaElement).value).toBe(LIVE_CSV);
    const table = await screen.findByRole('region', { name: 'Result preview' });
    within(table).getByRole('cell', { name: "'=SUM(A1)" });
    within(table).getByRole('cell', { name: '12345678901234567890' });
    expect(screen.getByText(/Converted in your browser as you type/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    // Made while typing: the focus stays where it was.
    expect(document.activeElement).toBe(document.body);
    // user-event puts a clipboard of its own in the page.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LIVE_CSV);
    await screen.findByRole('button', { name: 'Copied' });
  });

  it('a conversion asked for takes the focus on the result heading', async () => {
    const json = '[\n{"id":1}\n]\n';
    renderPanel(
      {
        kind: 'text',
        blob: new Blob([json]),
        fileName: 'converted.json',
        text: json,
        preview: { kind: 'text', text: json, format: 'json' },
        formulaGuard: null,
        duplicateKeys: null,
        loneSurrogates: null,
      },
      false,
      vi.fn(),
      'csv-to-json',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Conversion result' })),
    );
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeTruthy();
    expect(
      await within(await screen.findByRole('region', { name: 'Result preview' })).findAllByRole('cell', { name: '1' }),
    ).toHaveLength(2);
  });
});

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
  /** Pasted JSON converted with these choices, the server answering the download with `csv`: the outcome. */
  async function pastedOutcome(text: string, csv: string, excelSafe: boolean): Promise<ConversionOutcome | null> {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(csv, { status: 200 })),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useConversion(), { wrapper });
    const choices = { ...choicesFromSettings(DEFAULT_SETTINGS, 'json-to-csv'), excelSafe };
    act(() => result.current.convert({ input: 'text', text, mode: 'json-to-csv', choices }));
    await waitFor(() => expect(result.current.outcome).not.toBeNull());
    return result.current.outcome;
  }

  it('reports what the guard changed, found by the engine in the browser (the download carries bytes only)', async () => {
    const outcome = await pastedOutcome('[{"phone":"+49 30 1","f":"=SUM(A1)"}]', "phone,f\n+49 30 1,'=SUM(A1)\n", true);
    expect(outcome?.formulaGuard).toEqual({ cells: 1, examples: [{ column: 'f', value: '=SUM(A1)' }] });
  });

  it('reports a record that holds a key twice, found the same way, even with the guard off', async () => {
    const outcome = await pastedOutcome('[{"a":1,"a":2,"b":3}]', 'a,b\n2,3\n', false);
    expect(outcome?.duplicateKeys).toEqual({ records: 1, record: 1, key: 'a' });
    expect(outcome?.formulaGuard).toBeNull();
    cleanup();
    renderPanel({ ...fileOutcome(null), duplicateKeys: { records: 3, record: 2, key: 'u.x' } }, false);
    screen.getByText(
      "3 records hold a key more than once in one object (the first: record 2, 'u.x'); only its last value is converted, as JSON.parse keeps it.",
    );
  });

  it('says which strings held a lone surrogate, written as U+FFFD: pasted (found here) and in a stored file', async () => {
    const outcome = await pastedOutcome(String.raw`[{"t":"cut \ud83d"}]`, 't\ncut \ufffd\n', false);
    expect(outcome?.loneSurrogates).toEqual({ cells: 1, examples: [{ column: 't', value: String.raw`cut \ud83d` }] });
    cleanup();
    const loneSurrogates = { cells: 2, examples: [{ column: 't', value: String.raw`a\udc00` }] };
    renderPanel({ ...fileOutcome(null), loneSurrogates }, false);
    screen.getByText(
      '2 strings hold a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (t: "a\\udc00").',
    );
  });
});

describe('a CSV file', () => {
  it('is uploaded with the dialect chosen by hand, as pasted CSV sends it, and shows how the server read it', async () => {
    const replies: XhrReply[] = [];
    const calls: XhrCall[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeXhrClass(replies, calls));
    const answer: ConversionResult = {
      ...storedFile(null),
      message: 'export.csv converted to JSON',
      output_format: 'json',
      original_filename: 'export.csv',
      records: null,
      columns: null,
      dialect: {
        delimiter: ', ',
        quote: "'",
        escape: '\\',
        skip_rows: 2,
        header_rows: 2,
        encoding: 'utf-8',
        confidence: 1,
        given: ['delimiter', 'quote', 'escape', 'skip_rows', 'header_rows'],
      },
      notices: [{ kind: 'repeated-header', line: 9 }],
      notices_total: 3,
    };
    replies.push({ status: 201, body: JSON.stringify(answer) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useConversion(), { wrapper });
    const auto = choicesFromSettings(DEFAULT_SETTINGS, 'csv-to-json');
    const choices = { ...auto, delimiter: ', ', quote: "'", escape: '\\', skipRows: '2', headerRows: '2' };
    const file = new File(["x,,\n,,\na, b\nc, d\n'1', '2'\n"], 'export.csv', { type: 'text/csv' });
    act(() => result.current.convert({ input: 'file', file, mode: 'csv-to-json', choices }));
    await waitFor(() => expect(result.current.outcome).not.toBeNull());
    expect(calls[0]?.fields).toEqual({
      output_format: 'json',
      delimiter: ', ',
      quote: "'",
      escape: '\\',
      skip_rows: '2',
      header_rows: '2',
      excel_safe: String(DEFAULT_SETTINGS.excel_safe),
    });

    const outcome = result.current.outcome as ConversionOutcome;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ThemeModeProvider>
          <ConversionResultPanel
            outcome={outcome}
            mode="csv-to-json"
            excelSafe={false}
            onExcelSafe={vi.fn()}
            recordsPath=""
            onRecordsPath={vi.fn()}
            busy={false}
          />
        </ThemeModeProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('csv-dialect').textContent).toBe(
      "Read with delimiter “, ”, quote “'”, escape “\\”, 2 rows skipped before the header, 2 header rows, " +
        'encoding utf-8. Confidence 100%.',
    );
    expect(screen.getByText('Line 9: the header was written again; that row was left out.')).toBeTruthy();
    expect(screen.getByText('2 more not listed.')).toBeTruthy();
  });
});
