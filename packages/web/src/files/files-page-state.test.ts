import type { FileRecord } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { downloadable, notComparable, retentionLabel } from './file-facts';
import { filesPageReducer, INITIAL_FILES_PAGE_STATE } from './files-page-state';

const converted: FileRecord = {
  fileId: '0b7c6a52-6f1e-4f7e-9a51-2f4f1d6f0c11',
  filename: 'orders.csv',
  original_filename: 'orders.json',
  size: 1200,
  original_size: 2400,
  input_format: 'json',
  output_format: 'csv',
  status: 'converted',
  error: null,
  retention_type: 'free',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
};

describe('My Files state', () => {
  it('asks to delete one file, and forgets it when the dialog closes', () => {
    const asking = filesPageReducer(INITIAL_FILES_PAGE_STATE, { type: 'deleteAsked', file: converted });
    expect(asking.deleting).toBe(converted);
    expect(filesPageReducer(asking, { type: 'deleteClosed' })).toEqual(INITIAL_FILES_PAGE_STATE);
  });

  it('marks the file downloading until the download settles, leaving a pending deletion alone', () => {
    const asking = filesPageReducer(INITIAL_FILES_PAGE_STATE, { type: 'deleteAsked', file: converted });
    const downloading = filesPageReducer(asking, { type: 'downloadStarted', fileId: converted.fileId });
    expect(downloading).toEqual({ deleting: converted, downloadingId: converted.fileId });
    expect(filesPageReducer(downloading, { type: 'downloadSettled' })).toEqual({
      deleting: converted,
      downloadingId: null,
    });
  });
});

describe('what a stored file allows', () => {
  it('compares converted JSON to CSV or TSV files only', () => {
    expect(notComparable(converted)).toBeNull();
    expect(notComparable({ ...converted, output_format: 'tsv' })).toBeNull();
    expect(notComparable({ ...converted, status: 'failed' })).toBe('Only converted files can be compared');
    expect(notComparable({ ...converted, output_format: 'xlsx' })).toBe('Only JSON to CSV conversions can be compared');
    expect(notComparable({ ...converted, input_format: 'csv', output_format: 'json' })).toBe(
      'Only JSON to CSV conversions can be compared',
    );
  });

  it('compares files under 20 MB only', () => {
    expect(notComparable({ ...converted, original_size: 30 * 1024 * 1024 })).toBe(
      'Only files under 20 MB can be compared',
    );
  });

  it('downloads converted files and files stored without converting', () => {
    expect(downloadable(converted)).toBe(true);
    expect(downloadable({ ...converted, status: 'uploaded', output_format: null })).toBe(true);
    expect(downloadable({ ...converted, status: 'pending' })).toBe(false);
    expect(downloadable({ ...converted, status: 'failed' })).toBe(false);
  });

  it('says which rule keeps a file and until when', () => {
    expect(retentionLabel(converted)).toBe('Free · kept until deleted');
    expect(retentionLabel({ ...converted, retention_type: 'premium', expires_at: '2026-12-01T10:00:00.000Z' })).toMatch(
      /^Premium · until /,
    );
  });
});
