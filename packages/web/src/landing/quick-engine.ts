import { offMainThread } from '../lib/worker-task';
import type { QuickBrowserResult, QuickRequest } from './quick-conversion';

// Where there are no workers (a test's DOM) the engine is loaded here, and only then: the landing page's
// own chunk never carries it.
const onThisThread = (request: QuickRequest) =>
  import('./quick-conversion').then((conversion) => conversion.quickConversion(request));

/**
 * Converts in the browser, in a Web Worker, with the options of the server's quick convert: the landing page
 * loads the engine only once someone types or drops. `signal` ends a conversion no longer wanted.
 */
export function convertInBrowser(request: QuickRequest, signal?: AbortSignal): Promise<QuickBrowserResult> {
  return offMainThread(
    () => new Worker(new URL('./quick-convert.worker.ts', import.meta.url), { type: 'module', name: 'quick-convert' }),
    onThisThread,
    request,
    signal,
  );
}
