import { cleanup, render, screen } from '@testing-library/react';
import type { ConversionResult } from '@unnest/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { LeftOutNote } from './left-out-note';

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
  formula_guard: null,
  duration_seconds: 0.4,
  expires_at: null,
  download_url: '/api/files/download/00000000-0000-4000-8000-000000000000',
};

afterEach(cleanup);

describe('LeftOutNote', () => {
  it('names each part left out with its size, and how many more there are', () => {
    render(
      <LeftOutNote
        response={{
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
        }}
      />,
    );
    const note = screen.getByRole('alert');
    expect(note.textContent).toBe(
      'Left out of the conversion: metadata (2 KB), type (19 Bytes), 1 more. The file holds the records at features (840.6 KB); these 3 parts are not in it (2 KB). To convert another part, name it as the records path (the API option `records`, the CLI flag --records).',
    );
  });

  it('says nothing when nothing was left out', () => {
    const { container } = render(<LeftOutNote response={RESULT} />);
    expect(container.textContent).toBe('');
  });
});
