import { CONVERSION_TEXTS, QUICK_CONVERT_MAX_BYTES } from '@unnest/contracts';
import { useEffect, useReducer } from 'react';
import { ApiError, errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import { convertSimple, standingFrom } from './api/convert-simple';
import { readDroppedFile } from './dropped-text';
import type { QuickDirection } from './quick-conversion';
import {
  emptyInputText,
  initialQuickState,
  LIVE_DELAY_MS,
  LIVE_MAX_BYTES,
  type QuickState,
  quickConvertReducer,
} from './quick-convert-state';
import { convertInBrowser } from './quick-engine';

/** The quick convert as the landing page uses it: its state, what a person can do, and what follows from it. */
export interface QuickConvertControls {
  state: QuickState;
  edit: (text: string) => void;
  drop: (file: File) => void;
  choose: (direction: QuickDirection) => void;
  /** Convert (the button, Ctrl/Cmd+Enter): checked in the browser, then converted and counted by the server. */
  convert: () => void;
  tooBig: boolean;
  /** The address has no conversion left until `standing.nextAt`. */
  limited: boolean;
}

/**
 * The quick convert's logic. Small inputs convert as you type in a Web Worker, which costs the server
 * nothing and so none of the address's 3 conversions a day; Convert sends the input to the server, which
 * counts it, after the browser's engine has read it (a typo is shown with its position and nothing is sent).
 */
export function useQuickConvert(): QuickConvertControls {
  const [state, dispatch] = useReducer(quickConvertReducer, initialQuickState);
  const { input, bytes, direction, revision, standing } = state;
  // Small enough to convert as you type (and something to convert).
  const live = bytes <= LIVE_MAX_BYTES && input.trim() !== '';
  const tooBig = bytes > QUICK_CONVERT_MAX_BYTES;
  const limited = standing !== undefined && standing.remaining === 0;

  // As you type: once typing pauses, the browser converts what is there.
  useEffect(() => {
    if (!live) return;
    // Typing again ends the conversion of the text before (its worker is stopped).
    const stop = new AbortController();
    const timer = setTimeout(() => {
      convertInBrowser({ direction, text: input }, stop.signal).then(
        (result) => dispatch({ type: 'converted', revision, result }),
        // Only the worker itself can fail here (or it was stopped); Convert still sends the input to the
        // server, which answers.
        () => undefined,
      );
    }, LIVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [live, direction, input, revision]);

  // The limit lifts when the next conversion comes back.
  useEffect(() => {
    if (!limited || standing === undefined) return;
    const timer = setTimeout(
      () => dispatch({ type: 'limit-lifted' }),
      Math.max(0, standing.nextAt.getTime() - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [limited, standing]);

  function drop(file: File) {
    if (file.size > QUICK_CONVERT_MAX_BYTES) {
      dispatch({
        type: 'notice',
        message: `${file.name} is ${formatBytes(file.size)}: quick convert takes up to ${formatBytes(QUICK_CONVERT_MAX_BYTES)}. Sign in to convert bigger files.`,
      });
      return;
    }
    readDroppedFile(file).then(
      ({ text, note }) => dispatch({ type: 'file', name: file.name, text, note }),
      () => dispatch({ type: 'notice', message: `${file.name} could not be read.` }),
    );
  }

  async function convert() {
    if (state.sending || tooBig || limited) return;
    if (input.trim() === '') {
      dispatch({ type: 'notice', message: emptyInputText(direction) });
      return;
    }
    dispatch({ type: 'sending' });
    // Should the check itself fail (not the input), the server decides, as it would without it.
    const checked = await convertInBrowser({ direction, text: input }).catch(() => undefined);
    if (checked !== undefined) dispatch({ type: 'converted', revision, result: checked, sending: true });
    if (checked !== undefined && 'problem' in checked) return;
    try {
      const sent = await convertSimple(input, direction === 'json-to-csv' ? 'json' : 'csv');
      dispatch({ type: 'sent', revision, text: sent.text, standing: sent.standing });
    } catch (error) {
      dispatch({
        type: 'send-failed',
        message: errorText(error, CONVERSION_TEXTS.conversionFailed),
        standing: error instanceof ApiError ? standingFrom(error.headers, new Date()) : undefined,
      });
    }
  }

  return {
    state,
    edit: (text) => dispatch({ type: 'edit', text }),
    drop,
    choose: (chosen) => dispatch({ type: 'direction', direction: chosen }),
    convert: () => void convert(),
    tooBig,
    limited,
  };
}
