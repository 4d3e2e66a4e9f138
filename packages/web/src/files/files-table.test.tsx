import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileRecord } from '@unnest/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileActions } from './file-row';
import { FilesTable } from './files-table';

const FILE: FileRecord = {
  fileId: '5b4f3d8e-9a61-4c1e-8f55-0d7f4a2b6c11',
  filename: 'orders_2026_with_a_long_name.csv',
  original_filename: 'orders_2026_with_a_long_name.json',
  size: 5_036_442,
  original_size: 9_300,
  input_format: 'json',
  output_format: 'csv',
  status: 'converted',
  error: null,
  retention_type: 'premium',
  created_at: '2026-11-27T17:05:00Z',
  expires_at: null,
};

/** A screen as wide as `width` pixels, for MUI's breakpoint queries (jsdom has no layout of its own). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    };
  });
}

function actions(): FileActions {
  return {
    downloadingId: null,
    compareLabel: 'Compare with AI analysis',
    onDownload: vi.fn(),
    onCompare: vi.fn(),
    onDelete: vi.fn(),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("My Files' table", () => {
  it('has a column per fact on a wide screen', () => {
    screenWidth(1280);
    render(<FilesTable files={[FILE]} loading={false} failed={false} actions={actions()} />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['File', 'Size', 'Status', 'Retention', 'Created', 'Actions']);
    expect(within(table).getByRole('cell', { name: '4.8 MB' })).toBeTruthy();
  });

  it('stacks each file in one cell at 390 px, its buttons under the name, and they work', async () => {
    screenWidth(390);
    const handlers = actions();
    render(<FilesTable files={[FILE]} loading={false} failed={false} actions={handlers} />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['File']);
    const [cell] = within(table).getAllByRole('cell');
    expect(cell?.textContent).toContain('orders_2026_with_a_long_name.csv');
    expect(cell?.textContent).toContain('4.8 MB');
    expect(cell?.textContent).toContain('Nov 27, 2026, 5:05 PM');
    await userEvent.click(within(table).getByRole('button', { name: 'Download orders_2026_with_a_long_name.csv' }));
    expect(handlers.onDownload).toHaveBeenCalledWith(FILE);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete orders_2026_with_a_long_name.csv' }));
    expect(handlers.onDelete).toHaveBeenCalledWith(FILE);
  });
});
