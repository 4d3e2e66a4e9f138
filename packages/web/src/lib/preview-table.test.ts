import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINE_WORK_MAX_SIZE, previewTable } from './preview-table';
import { FakeWorker, fakeWorkerClass } from './test-support/fake-worker';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the preview table of a result text', () => {
  it('is made on the page for a short text, and in a worker for a long one', async () => {
    vi.stubGlobal('Worker', fakeWorkerClass());
    const short = await previewTable({ text: 'a\n1\n', kind: 'csv', limit: 20 });
    expect(short).toEqual({ header: ['a'], rows: [['1']], totalRows: 1 });
    expect(FakeWorker.made).toHaveLength(0);

    const task = { text: `a\n${'1\n'.repeat(INLINE_WORK_MAX_SIZE / 2)}`, kind: 'csv' as const, limit: 20 };
    const long = previewTable(task);
    const [worker] = FakeWorker.made;
    expect(worker?.posted).toEqual([task]);
    const table = { header: ['a'], rows: [['1']], totalRows: INLINE_WORK_MAX_SIZE / 2 };
    worker?.answer({ ok: true, result: table });
    await expect(long).resolves.toEqual(table);
  });
});
