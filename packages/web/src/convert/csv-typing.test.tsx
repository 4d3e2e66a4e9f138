import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversionOptions, choicesFromSettings } from '../components/conversion-options';
import { csvReading } from './api/csv-to-json';
import { CsvReadingFacts } from './csv-reading-facts';

afterEach(cleanup);

const DIALECT = {
  delimiter: ',',
  quote: '"',
  escape: null,
  skip_rows: 0,
  header_rows: 1,
  encoding: 'utf-8',
  confidence: 1,
  given: [],
};

describe('CSV typing', () => {
  it('is chosen in the CSV to JSON options', async () => {
    const onChange = vi.fn();
    const choices = choicesFromSettings(undefined, 'csv-to-json');
    render(
      <ConversionOptions
        mode="csv-to-json"
        value={choices}
        onChange={onChange}
        allowedFormats={undefined}
        creditsLeft={0}
        analysisForCredit={false}
        disabled={false}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Types' }));
    await user.click(screen.getByRole('option', { name: 'Per column (codes stay text)' }));
    expect(onChange).toHaveBeenCalledWith({ ...choices, types: 'per-column' });
  });

  it("shows each column's decision with its counts, and why the columns were typed so", () => {
    const reading = csvReading({
      dialect: DIALECT,
      column_types: {
        typing: 'per-column',
        reason: 'every-cell-quoted',
        columns: [
          { name: 'zip', type: 'string', numbers: 35_760, booleans: 0, others: 3432, empty: 0 },
          { name: '2020', type: 'number', numbers: 211, booleans: 0, others: 0, empty: 6 },
        ],
      },
    });
    render(<CsvReadingFacts reading={reading} />);
    const facts = screen.getByTestId('csv-column-types');
    expect(facts.textContent).toContain('every cell is quoted, so quoting says nothing about types');
    expect(within(facts).getByText('zip: strings (35,760 look like numbers, 3,432 do not)')).toBeTruthy();
    expect(within(facts).getByText('2020: numbers (211 numbers, 6 empty)')).toBeTruthy();
  });

  it('says nothing more when cells were typed one by one, as before', () => {
    const reading = csvReading({
      dialect: DIALECT,
      column_types: { typing: 'per-cell', reason: 'default', columns: [] },
    });
    render(<CsvReadingFacts reading={reading} />);
    expect(screen.queryByTestId('csv-column-types')).toBeNull();
  });
});
