import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogControl } from '../lib/auth-dialog-control';
import { createQueryClient } from '../lib/query-client';
import { standingFrom } from './api/convert-simple';
import { QuickConvert } from './quick-convert';
import { conversionsLeftText } from './quick-convert-standing';

/** The server's answers to POST /api/convert/simple, in order; each request's body is kept. */
let answers: Response[] = [];
let sent: string[] = [];

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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== '/api/convert/simple') throw new Error(`unexpected request to ${path}`);
      sent.push(String(init?.body));
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

describe('QuickConvert', () => {
  it('checks the JSON in the browser: a typo shows the reason with its position and sends nothing', async () => {
    const { user } = renderQuickConvert();
    await user.click(jsonField());
    await user.paste('[{"a": 1},\n {"b": }]');
    await user.click(convertButton());
    const alert = await screen.findByText(/^This is not JSON the converter can read: /);
    expect(alert.textContent).toMatch(
      /\(line 2, column 8, record 2\)\. Nothing was sent, so no conversion was used\.$/,
    );
    expect(sent).toEqual([]);
  });

  it('sends JSON that reads, and says how many conversions are left and when the next comes back', async () => {
    answers.push(
      new Response('a\n1\n', { status: 200, headers: { 'content-type': 'text/csv', ...standingHeaders(2, 86_400) } }),
    );
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
