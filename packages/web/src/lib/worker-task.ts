/** What a worker posts back for one task: the result, or the message of what the task threw. */
type WorkerAnswer<Result> = { ok: true; result: Result } | { ok: false; message: string };

/**
 * Runs `handle(task)` in a fresh worker made by `create`, so the page stays responsive while it works, and
 * ends the worker once it answers or `signal` aborts (a superseded task is simply stopped). Where the
 * platform has no workers (a test's DOM), the task runs here.
 */
export function offMainThread<Task, Result>(
  create: () => Worker,
  handle: (task: Task) => Promise<Result>,
  task: Task,
  signal?: AbortSignal,
): Promise<Result> {
  if (typeof Worker === 'undefined') return handle(task);
  return new Promise<Result>((resolve, reject) => {
    const worker = create();
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The task was stopped', 'AbortError'));
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer<Result>>) => {
      settle();
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(event.data.message));
    });
    worker.addEventListener('error', (event) => {
      settle();
      reject(new Error(event.message || 'The background task failed'));
    });
    worker.postMessage(task);
  });
}

/** Inside a worker: answers each task posted to it with `handle`'s result, or the message of its failure. */
export function serveTasks<Task, Result>(handle: (task: Task) => Promise<Result>): void {
  self.addEventListener('message', (event: MessageEvent<Task>) => {
    handle(event.data).then(
      (result) => self.postMessage({ ok: true, result } satisfies WorkerAnswer<Result>),
      (error: unknown) =>
        self.postMessage({
          ok: false,
          message: error instanceof Error ? error.message : 'The background task failed',
        } satisfies WorkerAnswer<Result>),
    );
  });
}
