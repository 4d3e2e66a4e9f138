import { useEffect, useState } from 'react';
import type { ConversionOutcome } from './conversion-outcome';
import { convertLive, type LiveRequest } from './live-conversion';

/** The text converts once typing has paused this long. */
export const TYPING_PAUSE_MS = 300;

/** The conversion made as the text is typed: its result, or what is wrong with the text as it stands. */
export type LiveConversion =
  | { status: 'idle' }
  | { status: 'ready'; outcome: ConversionOutcome & { kind: 'live' } }
  | { status: 'failed'; message: string };

/**
 * Converts `request` in the browser once typing pauses, again on every change (text, options, plan); the
 * last result stays shown until the next one is made. A null request (no text, or too much) shows nothing.
 */
export function useLiveConversion(request: LiveRequest | null): LiveConversion {
  const [live, setLive] = useState<LiveConversion>({ status: 'idle' });
  useEffect(() => {
    if (request === null) {
      setLive({ status: 'idle' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      convertLive(request).then(
        (outcome) => current && setLive({ status: 'ready', outcome }),
        (error: unknown) =>
          current &&
          setLive({ status: 'failed', message: error instanceof Error ? error.message : 'The text could not be read' }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request]);
  return live;
}
