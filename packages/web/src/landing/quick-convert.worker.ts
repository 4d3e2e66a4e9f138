import { type QuickRequest, quickConversion } from './quick-conversion';

/** A request to the worker, with the id its answer carries back. */
export interface QuickWorkerRequest {
  id: number;
  request: QuickRequest;
}

/** The worker's answer: the result, or the message of an unexpected failure (not the input's fault). */
export type QuickWorkerAnswer =
  | { id: number; result: Awaited<ReturnType<typeof quickConversion>> }
  | { id: number; failure: string };

// The engine runs here, so converting as you type never holds up the page.
addEventListener('message', async (event: MessageEvent<QuickWorkerRequest>) => {
  const { id, request } = event.data;
  let answer: QuickWorkerAnswer;
  try {
    answer = { id, result: await quickConversion(request) };
  } catch (error) {
    answer = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer);
});
