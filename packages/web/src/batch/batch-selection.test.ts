import { BATCH_MAX_FILE_BYTES } from '@unnest/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToSelection,
  type BatchAllowance,
  isBatchInputName,
  limitsText,
  perFileLimitBytes,
} from './batch-selection';

const PROFESSIONAL: BatchAllowance = { batchSize: 25, fileSizeLimitMb: 1024 };
const BUSINESS: BatchAllowance = { batchSize: 100, fileSizeLimitMb: 10240 };
const ENTERPRISE: BatchAllowance = { batchSize: -1, fileSizeLimitMb: -1 };
const SMALL_PLAN: BatchAllowance = { batchSize: 25, fileSizeLimitMb: 5 };

/** A file whose reported size is `size` without allocating it. */
function fileOf(name: string, size = 10, lastModified = 1): File {
  const file = new File(['x'], name, { lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const many = (count: number, extension = '.json') =>
  Array.from({ length: count }, (_, index) => fileOf(`f${index}${extension}`, 10, index));

describe('choosing batch files', () => {
  it("refuses more files than the plan's batch, in the spec's words for the picker and for a drop", () => {
    expect(
      addToSelection(
        many(20),
        many(6).map((f, i) => fileOf(`g${i}.json`, 10, f.lastModified)),
        'selected',
        PROFESSIONAL,
      ),
    ).toEqual({
      ok: false,
      error: 'Maximum 25 files allowed. Selected 26 files.',
    });
    expect(addToSelection([], many(101), 'dropped', BUSINESS)).toEqual({
      ok: false,
      error: 'Maximum 100 files allowed. Dropped 101 files.',
    });
    const exact = addToSelection([], many(25), 'selected', PROFESSIONAL);
    expect(exact.ok && exact.files).toHaveLength(25);
  });

  it('takes any number of files on an unlimited plan', () => {
    const outcome = addToSelection([], many(500), 'dropped', ENTERPRISE);
    expect(outcome.ok && outcome.files).toHaveLength(500);
  });

  it('takes only .json and .csv names, counting the others', () => {
    const offered = [fileOf('a.json'), fileOf('b.CSV'), fileOf('c.txt'), fileOf('d.json.gz'), fileOf('E.JSON')];
    expect(addToSelection([], offered, 'selected', PROFESSIONAL)).toEqual({
      ok: false,
      error: 'Only JSON and CSV files are allowed. Found 2 other files.',
    });
    expect(isBatchInputName('people.Csv')).toBe(true);
    expect(isBatchInputName('people.jsonl')).toBe(false);
  });

  it('limits each file to 100 MB, or to the plan’s larger limit', () => {
    const atLimit = fileOf('ok.json', BATCH_MAX_FILE_BYTES);
    const over = fileOf('big.json', BATCH_MAX_FILE_BYTES + 1);
    expect(addToSelection([], [atLimit, over], 'selected', SMALL_PLAN)).toEqual({
      ok: false,
      error: 'Files must be under 100 MB. Found 1 oversized files.',
    });
    expect(addToSelection([], [over], 'selected', PROFESSIONAL).ok).toBe(true);
    expect(addToSelection([], [fileOf('huge.json', 1024 ** 3 + 1)], 'selected', PROFESSIONAL)).toEqual({
      ok: false,
      error: 'Files must be under 1 GB. Found 1 oversized files.',
    });
    expect(perFileLimitBytes(ENTERPRISE)).toBeNull();
    expect(addToSelection([], [fileOf('any.json', 50 * 1024 ** 3)], 'selected', ENTERPRISE).ok).toBe(true);
  });

  it('does not list the same file twice, and keeps the earlier choice on a refusal', () => {
    const first = fileOf('a.json', 10, 5);
    const again = addToSelection([first], [fileOf('a.json', 10, 5), fileOf('b.csv')], 'selected', PROFESSIONAL);
    expect(again.ok && again.files.map((file) => file.name)).toEqual(['a.json', 'b.csv']);
  });

  it('accepts a selection exactly when every rule holds (property)', () => {
    const name = fc.tuple(
      fc.stringMatching(/^[a-z]{1,8}$/),
      fc.constantFrom('.json', '.csv', '.CSV', '.txt', '.xml', ''),
    );
    const offered = fc.array(fc.tuple(name, fc.integer({ min: 0, max: 2 * BATCH_MAX_FILE_BYTES })), { maxLength: 40 });
    fc.assert(
      fc.property(offered, fc.constantFrom(PROFESSIONAL, SMALL_PLAN, ENTERPRISE), (entries, allowance) => {
        const files = entries.map(([[stem, extension], size], index) => fileOf(`${stem}${extension}`, size, index));
        const outcome = addToSelection([], files, 'selected', allowance);
        const limit = perFileLimitBytes(allowance);
        const valid =
          (allowance.batchSize === -1 || files.length <= allowance.batchSize) &&
          files.every((file) => /\.(json|csv)$/i.test(file.name)) &&
          files.every((file) => limit === null || file.size <= limit);
        expect(outcome.ok).toBe(valid);
      }),
    );
  });

  it("says the plan's limits under the drop zone: files per batch and the size of each", () => {
    expect(limitsText(PROFESSIONAL)).toBe('Up to 25 files, 1 GB each');
    expect(limitsText(SMALL_PLAN)).toBe('Up to 25 files, 100 MB each');
    expect(limitsText(BUSINESS)).toBe('Up to 100 files, 10 GB each');
    expect(limitsText(ENTERPRISE)).toBe('Any number of files');
  });
});
