import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Advice } from '@unnest/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { ComparisonDialog } from './comparison-dialog';
import { textComparisonSource } from './comparison-source';
import { downloadName, previewText, textSize } from './comparison-texts';

type Reply = { status: number; body: unknown };
let analysisReplies: Reply[];
let bodies: Record<string, unknown>[];

beforeEach(() => {
  analysisReplies = [];
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (typeof init?.body === 'string') bodies.push({ path, ...(JSON.parse(init.body) as object) });
      if (path === '/api/convert/csv-to-json') {
        return new Response('{"data":[{"a":1}],"json_data":[{"a":1}]}', { status: 200 });
      }
      const reply = analysisReplies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(excelSafe = false) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter>
          <ComparisonDialog
            open
            source={textComparisonSource('[{"a":1}]', 'a\n1\n', 'data.json', { excelSafe })}
            onClose={() => {}}
            buyCredits={<button type="button">Buy credits</button>}
          />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

/** A comparison answer with these scores, verdict, advice and guarded values. */
function answer(overrides: { score: number; verdict: string; advice?: Advice[]; guarded?: number }) {
  const { score, verdict, advice = [], guarded = 0 } = overrides;
  const analysis = {
    quality_score: score,
    trust_score: score,
    accuracy_score: score,
    data_integrity: 100,
    structure_preservation: 100,
    field_mapping_accuracy: 100,
    quality_assessment:
      score === 100 ? 'Lossless: all 4 values of 2 records came back exactly as written.' : 'Changed.',
    conversion_reliability: verdict,
    recommendations: advice.map((entry) => entry.text),
    advice,
    evidence: {
      original_records: 2,
      reconverted_records: 2,
      identical_records: 2,
      original_values: 4,
      equal_values: 4,
      value_changed: 0,
      type_changed: 0,
      emptied: 0,
      missing: 0,
      added_null: 0,
      added_value: 0,
      value_equality_rate: score,
      type_preservation: 100,
      preserved_fields: 2,
      lost_fields: 0,
      gained_fields: 0,
      lost_paths: [],
      gained_paths: [],
      original_structure: '2 records, 2 fields, depth 1',
      differences: [],
      differences_total: 0,
      guarded_values: guarded,
      guarded: guarded > 0 ? [{ record: 1, path: 'note', value: '=SUM(A1)' }] : [],
    },
  };
  return { analysis, quality_score: score, file_quality: {} };
}

describe('the comparison dialog', () => {
  it('shows the error and a Retry when the analysis fails, never a default score', async () => {
    analysisReplies.push({ status: 422, body: { code: 'CONVERSION_FAILED', detail: 'Comparison failed: bad JSON' } });
    renderDialog();
    await screen.findByText('Comparison failed: bad JSON');
    expect(screen.queryByText(/94\.8|95\.2|98\.7/)).toBeNull();
    expect(screen.queryByText(/%$/)).toBeNull();
    analysisReplies.push({ status: 403, body: { code: 'FORBIDDEN', detail: 'Premium only, upgrade.' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Premium only, upgrade.');
    screen.getByRole('link', { name: 'See plans' });
  });
});

describe('the comparison of a Spreadsheet-safe conversion', () => {
  it('is made with the options the CSV was written with, and shows one verdict and the guarded values', async () => {
    analysisReplies.push({ status: 200, body: answer({ score: 100, verdict: 'highly_reliable', guarded: 2 }) });
    renderDialog(true);
    await screen.findByText(/^Lossless/);
    expect(screen.getAllByTestId('verdict').map((chip) => chip.textContent)).toEqual(['Highly reliable']);
    expect(screen.getByText(/2 values have a ' in front in the CSV \(Spreadsheet-safe\)/)).toBeTruthy();
    expect(screen.getByText('note (record 1): =SUM(A1)')).toBeTruthy();
    expect(screen.queryByText(/High reliability|Low reliability/)).toBeNull();
    expect(bodies.find((body) => body.path === '/api/convert/compare-analysis')).toMatchObject({ excel_safe: true });
    expect(bodies.find((body) => body.path === '/api/convert/csv-to-json')).toMatchObject({ excel_safe: true });
  });

  it("links the guard's recommendation to the Spreadsheet-safe control, not a CLI flag", async () => {
    const advice: Advice[] = [
      {
        cause: 'formula_guard',
        text: "2 values came back with the ' that the Spreadsheet-safe guard put in front.",
        option: 'excel_safe',
      },
    ];
    analysisReplies.push({ status: 200, body: answer({ score: 50, verdict: 'unreliable', advice }) });
    renderDialog();
    const link = await screen.findByRole('link', { name: 'Go to the Spreadsheet-safe option' });
    expect(link.getAttribute('href')).toBe('/convert#spreadsheet-safe');
    expect(screen.getAllByTestId('verdict').map((chip) => chip.textContent)).toEqual(['Unreliable']);
    expect(screen.queryByText(/--excel-safe|csv2json/)).toBeNull();
  });
});

describe('comparison texts', () => {
  it('cut previews at 2,000 characters with an ellipsis, size in KB with one decimal, prefixed names', () => {
    expect(previewText('x'.repeat(2000))).toBe('x'.repeat(2000));
    expect(previewText('x'.repeat(2001))).toBe(`${'x'.repeat(2000)}...`);
    expect(textSize('x'.repeat(1536))).toBe('1.5 KB');
    expect(downloadName('original_', 'people.json')).toBe('original_people.json');
    expect(downloadName('comparison_', 'people.csv')).toBe('comparison_people.json');
  });
});
