import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker } from './test-support/fake-worker';
import { offMainThread } from './worker-task';

afterEach(() => {
  vi.unstubAllGlobals();
});

const double = async (n: number) => n * 2;

describe('work off the page thread', () => {
  it('posts the task to a fresh worker, answers its result and ends it', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const result = offMainThread(() => worker as unknown as Worker, double, 21);
    expect(worker.posted).toEqual([21]);
    worker.answer({ ok: true, result: 42 });
    await expect(result).resolves.toBe(42);
    expect(worker.terminated).toBe(true);
  });

  it('fails with the message the worker sends, and stops the worker when aborted', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failing = new FakeWorker();
    const failed = offMainThread(() => failing as unknown as Worker, double, 1);
    failing.answer({ ok: false, message: 'Unexpected end of JSON at line 1' });
    await expect(failed).rejects.toThrow('Unexpected end of JSON at line 1');

    const stopped = new FakeWorker();
    const stop = new AbortController();
    const aborted = offMainThread(() => stopped as unknown as Worker, double, 1, stop.signal);
    stop.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(stopped.terminated).toBe(true);
  });

  it('runs the task here where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    await expect(offMainThread(() => new FakeWorker() as unknown as Worker, double, 4)).resolves.toBe(8);
  });
});
