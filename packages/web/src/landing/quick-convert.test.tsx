import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogControl } from '../lib/auth-dialog-control';
import { createQueryClient } from '../lib/query-client';
import { standingFrom } from './api/convert-simple';
import { QuickConvert } from './quick-convert';
import { conversionsLeftText } from './quick-convert-standing';

// The browser's engine runs in a Web Worker in the page; jsdom has none, so it runs in the test's thread
// (see convertInBrowser).
/** The server's answers to POST /api/convert/simple, in order; each request's body and type are kept. */
let answers: Response[] = [];
let sent: string[] = [];
let sentTypes: string[] = [];
let sentQueries: string[] = [];

function standingHeaders(remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-limit': '3',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(resetSeconds),
  };
}

// The check loads the engine on first use; load it once here, so no test waits for its transform.
beforeAll(async () => {
  await import('@unnest/engine');
}, 60_000);

beforeEach(() => {
  answers = [];
  sent = [];
  sentTypes = [];
  sentQueries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname !== '/api/convert/simple') throw new Error(`unexpected request to ${path}`);
      sent.push(String(init?.body));
      sentQueries.push(url.search);
      sentTypes.push(new Headers(init?.headers).get('content-type') ?? '');
      const answer = answers.shift();
      if (!answer) throw new Error('no answer scripted');
      return answer;
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderQuickConvert() {
  const openAuthDialog = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthDialogControl.Provider value={openAuthDialog}>
        <QuickConvert />
      </AuthDialogControl.Provider>
    </QueryClientProvider>,
  );
  return { openAuthDialog, user: userEvent.setup() };
}

const jsonField = () => screen.getByLabelText('JSON');
const convertButton = () => screen.getByRole('button', { name: 'Convert to CSV' });
const output = (format: 'CSV' | 'JSON') => screen.getByLabelText(`${format} output`) as HTMLTextAreaElement;
const csvAnswer = (csv: string, remaining = 2) =>
  new Response(csv, { status: 200, headers: { 'content-type': 'text/csv', ...standingHeaders(remaining, 86_400) } });

describe('QuickConvert', () => {
  it('checks the JSON in the browser: a typo shows the reason with its position and sends nothing', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"a": 1},\n {"b": }]');
    await user.click(convertButton());
    await screen.findByText(
      /^This is not JSON the converter can read: .+\(line 2, column 8, record 2\)\. Nothing was sent, so no conversion was used\.$/,
    );
    expect(sent).toEqual([]);
  });

  it('sends JSON that reads, and says how many conversions are left and when the next comes back', async () => {
    answers.push(csvAnswer('a\n1\n'));
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"a": 1}]');
    await user.click(convertButton());
    expect(
      await screen.findByText(/^2 of 3 free conversions left\. Another comes back in 24 hours \(.+\)\.$/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(sent).toEqual(['[{"a": 1}]']);
  });

  it('says how many cells Spreadsheet-safe changed, with two, and leaves a phone number as it is', async () => {
    const guarded = "note,phone\n'=SUM(A1),+49 30 1234567\n'@home,+1 (555) 010-9999\n'-A1,\n";
    answers.push(
      new Response(guarded, { status: 200, headers: { 'content-type': 'text/csv', ...standingHeaders(2, 86_400) } }),
    );
    const { user, openAuthDialog } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste(
      '[{"note": "=SUM(A1)", "phone": "+49 30 1234567"}, {"note": "@home", "phone": "+1 (555) 010-9999"}, {"note": "-A1"}]',
    );
    await user.click(convertButton());
    const notice = await screen.findByTestId('formula-guard-notice');
    expect(notice.textContent).toContain(
      `Spreadsheet-safe put a ' before 3 cells that a spreadsheet would run as a formula, for example note: "=SUM(A1)" and note: "@home".`,
    );
    expect(notice.textContent).toContain('Quick convert always uses Spreadsheet-safe.');
    await user.click(within(notice).getByRole('button', { name: 'Sign in to switch it off' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin');
  });

  it('gives no count when the CSV downloaded is not the one the browser counted in', async () => {
    answers.push(
      new Response("note\n'=SUM(A1)\n'=SUM(A2)\n", {
        status: 200,
        headers: { 'content-type': 'text/csv', ...standingHeaders(2, 86_400) },
      }),
    );
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"note": "=SUM(A1)"}]');
    await user.click(convertButton());
    const notice = await screen.findByTestId('formula-guard-notice');
    expect(notice.textContent).toMatch(
      /^Spreadsheet-safe put a ' before every cell that a spreadsheet would run as a formula\.Quick convert/,
    );
    expect(notice.textContent).not.toMatch(/1 cell/);
  });

  it('shows the used-up limit as a sentence with a link that opens sign-in, and stops sending', async () => {
    answers.push(
      new Response(JSON.stringify({ code: 'RATE_LIMITED', detail: 'Quick convert allows 3 conversions...' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '7200', ...standingHeaders(0, 7200) },
      }),
    );
    const { user, openAuthDialog } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"a": 1}]');
    await user.click(convertButton());
    const limit = await screen.findByText(/^You have used the 3 free quick conversions of the last 24 hours\./);
    expect(limit.textContent).toMatch(/The next one comes back in 2 hours \(.+\)\. Sign in to convert more\.$/);
    expect(limit.textContent).not.toMatch(/\(s\)/);
    expect(screen.queryByText(/Quick convert allows/)).toBeNull();
    expect(convertButton().hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin');
  });
});

describe('QuickConvert as you type', () => {
  it('converts pasted JSON in the browser: the CSV text, Copy, the table, and nothing sent', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"id": 12345678901234567890, "tags": ["a", "b"]}]');
    await vi.waitFor(() => expect(output('CSV').value).toBe('id,tags.0,tags.1\n12345678901234567890,a,b\n'));
    expect(
      screen.getByText('Converted in your browser, which uses no conversion. Convert to download it.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy CSV' }));
    expect(await navigator.clipboard.readText()).toBe('id,tags.0,tags.1\n12345678901234567890,a,b\n');
    const table = await screen.findByRole('region', { name: 'Result preview' });
    expect(within(table).getByText('12345678901234567890')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it("keeps each array's columns together, as you type and in what the server is asked for", async () => {
    answers.push(csvAnswer('id,items.0.sku,items.1.sku,note\n1,a,,x\n2,b,c,y\n'));
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste(
      '[{"id":1,"items":[{"sku":"a"}],"note":"x"},{"id":2,"items":[{"sku":"b"},{"sku":"c"}],"note":"y"}]',
    );
    await vi.waitFor(() => expect(output('CSV').value).toBe('id,items.0.sku,items.1.sku,note\n1,a,,x\n2,b,c,y\n'));
    await user.click(convertButton());
    await screen.findByRole('button', { name: 'Download CSV' });
    expect(sentQueries).toEqual(['?group_array_columns=true']);
  });

  it('says, as you type, when a string holds a lone surrogate written as U+FFFD', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste(String.raw`[{"t":"cut \ud83d"}]`);
    await vi.waitFor(() => expect(output('CSV').value).toBe('t\ncut \ufffd\n'));
    await screen.findByText(
      '1 string holds a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (t: "cut \\ud83d").',
    );
  });

  it('says, as you type, when a record holds a key twice and only its last value is in the CSV', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"id":1,"name":"Ada","name":"Ada Lovelace"}]');
    await vi.waitFor(() => expect(output('CSV').value).toBe('id,name\n1,Ada Lovelace\n'));
    await screen.findByText(
      "Record 1 holds a key more than once in one object ('name'); only its last value is converted, as JSON.parse keeps it.",
    );
    expect(sent).toEqual([]);
  });

  it('shows a typo with its position as you type, without saying anything was held back', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"a": }]');
    await screen.findByText(/^This is not JSON the converter can read: .+\(line 1, column 8, record 1\)\.$/);
    expect(sent).toEqual([]);
  });

  it('detects pasted CSV, converts it to JSON, and Ctrl+Enter sends it to the server as CSV', async () => {
    answers.push(
      new Response('[\n{"id":1}\n]\n', {
        status: 200,
        headers: { 'content-type': 'application/json', ...standingHeaders(2, 86_400) },
      }),
    );
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('id\n1\n');
    const csvField = screen.getByLabelText('CSV');
    expect(screen.getByText('Detected: CSV.')).toBeTruthy();
    await vi.waitFor(() => expect(output('JSON').value).toBe('[\n{"id":1}\n]\n'));
    await user.click(csvField);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('button', { name: 'Download JSON' });
    expect(sent).toEqual(['id\n1\n']);
    expect(sentTypes).toEqual(['text/csv']);
    // The result takes focus, so it is in view and a screen reader reads it.
    expect(document.activeElement?.textContent).toBe('JSON');
    // Typing again after clearing the box keeps focus where the typing is.
    await user.clear(csvField);
    await user.type(csvField, 'a');
    await vi.waitFor(() => expect(output('JSON').value).toBe('[]\n'));
    expect(document.activeElement).toBe(csvField);
  });

  it('takes a dropped CSV file into the box and converts it; the download is named after it', async () => {
    renderQuickConvert();
    const file = new File(['name,city\nAda,London\n'], 'people.csv', { type: 'text/csv' });
    fireEvent.drop(screen.getByText('Drop a JSON or CSV file here'), { dataTransfer: { files: [file] } });
    await vi.waitFor(() =>
      expect((screen.getByLabelText('CSV') as HTMLTextAreaElement).value).toBe('name,city\nAda,London\n'),
    );
    await vi.waitFor(() => expect(output('JSON').value).toBe('[\n{"name":"Ada","city":"London"}\n]\n'));
    expect(screen.getByRole('button', { name: 'Convert to JSON' })).toBeTruthy();
  });

  it('refuses a dropped file over 512 KB before reading it, and says why', async () => {
    renderQuickConvert();
    const file = new File(['x'.repeat(524_289)], 'big.json');
    fireEvent.drop(screen.getByText('Drop a JSON or CSV file here'), { dataTransfer: { files: [file] } });
    expect(
      await screen.findByText(/^big\.json is .+: quick convert takes up to .+\. Sign in to convert bigger files\.$/),
    ).toBeTruthy();
  });

  it('lets the person turn the direction round, and keeps that choice while typing', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[1,2]');
    await user.click(screen.getByRole('combobox', { name: 'Direction' }));
    await user.click(screen.getByRole('option', { name: 'CSV to JSON' }));
    await user.type(screen.getByLabelText('CSV'), '{Enter}3,4');
    expect(screen.getByText('Your choice stays until you clear the box.')).toBeTruthy();
    await vi.waitFor(() => expect(output('JSON').value).toBe('[\n{"[1":3,"2]":4}\n]\n'));
  });
});

describe('quick convert standing', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is read from the RateLimit headers, and absent without them', () => {
    expect(standingFrom(new Headers(standingHeaders(1, 3600)), now)).toEqual({
      limit: 3,
      remaining: 1,
      nextAt: new Date('2026-11-27T11:00:00Z'),
    });
    expect(standingFrom(new Headers(), now)).toBeUndefined();
    expect(standingFrom(new Headers({ ...standingHeaders(1, 3600), 'ratelimit-reset': 'soon' }), now)).toBeUndefined();
  });

  it('says what is left, and when another comes back only when one is used', () => {
    const nextAt = new Date('2026-11-27T10:45:00Z');
    expect(conversionsLeftText({ limit: 3, remaining: 3, nextAt }, now)).toBe('3 of 3 free conversions left.');
    expect(conversionsLeftText({ limit: 3, remaining: 1, nextAt }, now)).toMatch(
      /^1 of 3 free conversions left\. Another comes back in 45 minutes \(.+\)\.$/,
    );
  });
});
