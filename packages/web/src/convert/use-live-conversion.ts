import { useEffect, useState } from 'react';
import type { ConversionOutcome } from './conversion-outcome';
import type { LiveRequest } from './live-conversion';
import { liveConversion } from './local-work';

/** The text converts once typing has paused this long. */
export const TYPING_PAUSE_MS = 300;

/** The conversion made as the text is typed: its result, or what is wrong with the text as it stands. */
export type LiveConversion =
  | { status: 'idle' }
  | { status: 'ready'; outcome: ConversionOutcome & { kind: 'live' } }
  | { status: 'failed'; message: string };

/**
 * Converts `request` in the browser (in a worker) once typing pauses, again on every change (text, options,
 * plan), stopping the one before; the last result stays shown until the next one is made. A null request (no
 * text, or too much) shows nothing.
 */
export function useLiveConversion(request: LiveRequest | null): LiveConversion {
  const [live, setLive] = useState<LiveConversion>({ status: 'idle' });
  useEffect(() => {
    if (request === null) {
      setLive({ status: 'idle' });
      return;
    }
    // Stopped when the text or the options change again: its worker ends with it.
    const stop = new AbortController();
    const timer = setTimeout(() => {
      liveConversion(request, stop.signal).then(
        (outcome) => !stop.signal.aborted && setLive({ status: 'ready', outcome }),
        (error: unknown) =>
          !stop.signal.aborted &&
          setLive({ status: 'failed', message: error instanceof Error ? error.message : 'The text could not be read' }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [request]);
  return live;
}
