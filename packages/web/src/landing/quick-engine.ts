import type { QuickBrowserResult, QuickRequest } from './quick-conversion';
import type { QuickWorkerAnswer, QuickWorkerRequest } from './quick-convert.worker';

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (result: QuickBrowserResult) => void; reject: (error: Error) => void }>();

/** The one worker, started on first use: the landing page loads the engine only once someone types or drops. */
function engineWorker(): Worker {
  if (worker !== undefined) return worker;
  worker = new Worker(new URL('./quick-convert.worker.ts', import.meta.url), { type: 'module', name: 'quick-convert' });
  worker.addEventListener('message', (event: MessageEvent<QuickWorkerAnswer>) => {
    const answer = event.data;
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('result' in answer) pending?.resolve(answer.result);
    else pending?.reject(new Error(answer.failure));
  });
  // A worker that cannot start (its script refused) fails what waits, rather than leaving it waiting.
  worker.addEventListener('error', (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'The converter could not start'));
    waiting.clear();
    worker = undefined;
  });
  return worker;
}

/** Converts in the browser, in a Web Worker, with the options of the server's quick convert. */
export function convertInBrowser(request: QuickRequest): Promise<QuickBrowserResult> {
  nextId += 1;
  const message: QuickWorkerRequest = { id: nextId, request };
  return new Promise((resolve, reject) => {
    waiting.set(message.id, { resolve, reject });
    engineWorker().postMessage(message);
  });
}
