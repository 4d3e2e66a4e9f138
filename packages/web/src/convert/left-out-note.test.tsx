import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversionResult } from '@unnest/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeftOutNote, recordsPathChoices } from './left-out-note';

const RESULT: ConversionResult = {
  message: 'quakes.geojson converted to CSV',
  status: 'success',
  file_id: '00000000-0000-4000-8000-000000000000',
  filename: 'quakes.csv',
  original_filename: 'quakes.geojson',
  output_format: 'csv',
  original_size: 860_950,
  converted_size: 500_000,
  records: 3752,
  columns: 11,
  records_path: 'features',
  left_out: null,
  duplicate_keys: null,
  lone_surrogates: null,
  formula_guard: null,
  duration_seconds: 0.4,
  expires_at: null,
  download_url: '/api/files/download/00000000-0000-4000-8000-000000000000',
};

const LEFT_OUT: ConversionResult = {
  ...RESULT,
  left_out: {
    parts: [
      { path: 'metadata', bytes: 2048 },
      { path: 'type', bytes: 19 },
    ],
    count: 3,
    bytes: 2093,
    records_bytes: 860_750,
  },
};

afterEach(cleanup);

describe('LeftOutNote', () => {
  it('says where the records were found, and names each part left out with its size and how many more', () => {
    render(<LeftOutNote response={LEFT_OUT} asked="" onRecordsPath={vi.fn()} disabled={false} />);
    expect(screen.getByText('Records found at features (3,752 records).')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Left out of the conversion: metadata (2 KB), type (19 Bytes), 1 more. The file holds the records (840.6 KB); these 3 parts are not in it (2 KB).',
    );
  });

  it('converts again with a part left out, or the whole document, chosen as the records path', async () => {
    const onRecordsPath = vi.fn();
    render(<LeftOutNote response={LEFT_OUT} asked="" onRecordsPath={onRecordsPath} disabled={false} />);
    const user = userEvent.setup();
    const convert = screen.getByRole('button', { name: 'Convert with this records path' }) as HTMLButtonElement;
    // The path in use converts the same again.
    expect(convert.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Records path' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'features (now, found)',
      'metadata (2 KB)',
      'type (19 Bytes)',
      'The whole document: each top-level member a row',
    ]);
    await user.click(screen.getByRole('option', { name: 'metadata (2 KB)' }));
    await user.click(convert);
    expect(onRecordsPath).toHaveBeenCalledWith('metadata');
    await user.click(screen.getByRole('combobox', { name: 'Records path' }));
    await user.click(screen.getByRole('option', { name: 'The whole document: each top-level member a row' }));
    await user.click(convert);
    expect(onRecordsPath).toHaveBeenLastCalledWith('.');
  });

  it('shows a path asked for, and offers to find the records automatically again', () => {
    const asked = { ...RESULT, records_path: null, records: 1 };
    render(<LeftOutNote response={asked} asked="metadata" onRecordsPath={vi.fn()} disabled={false} />);
    expect(screen.getByText('Records read at metadata (1 record).')).toBeTruthy();
    expect(recordsPathChoices(asked, 'metadata').map((choice) => choice.value)).toEqual(['metadata', '.', '']);
  });

  it('says nothing when the document is the records and nothing was left out', () => {
    const { container } = render(
      <LeftOutNote response={{ ...RESULT, records_path: null }} asked="" onRecordsPath={vi.fn()} disabled={false} />,
    );
    expect(container.textContent).toBe('');
  });
});
