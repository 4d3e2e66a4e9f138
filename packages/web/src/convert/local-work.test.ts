import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINE_WORK_MAX_SIZE } from '../lib/preview-table';
import { FakeWorker, fakeWorkerClass } from '../lib/test-support/fake-worker';
import { planPreview } from './local-work';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plan = { version: 1 as const, paths: [{ path: 'tags', strategy: 'join' as const }] };

describe('the preview under a plan', () => {
  it('is made on the page for a short input, and in a worker, ended when no longer wanted, for a long one', async () => {
    vi.stubGlobal('Worker', fakeWorkerClass());
    const short = await planPreview(
      { json: '[{"id":1,"tags":["a","b"]}]', plan, arrays: 'index' },
      new AbortController().signal,
    );
    expect(short).toMatchObject({ csv: 'id,tags\n1,"a; b"\n', columns: 2, rows: 1 });
    expect(FakeWorker.made).toHaveLength(0);

    const record = '{"id":1,"tags":["a","b"]}';
    const json = `[${Array.from({ length: INLINE_WORK_MAX_SIZE / record.length + 1 }, () => record).join(',')}]`;
    const task = { json, plan, arrays: 'index' as const };
    const answered = planPreview(task, new AbortController().signal);
    const [worker] = FakeWorker.made;
    expect(worker?.posted).toEqual([task]);
    const preview = { csv: 'id,tags\n', columns: 2, rows: 0, tables: [] };
    worker?.answer({ ok: true, result: preview });
    await expect(answered).resolves.toEqual(preview);

    const stop = new AbortController();
    const stopped = planPreview(task, stop.signal);
    stop.abort();
    await expect(stopped).rejects.toThrow('The task was stopped');
    expect(FakeWorker.made[1]?.terminated).toBe(true);
  });
});
