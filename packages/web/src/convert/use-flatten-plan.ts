import type { FlattenPlanDocument, FlattenPlanResponse } from '@unnest/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ConversionChoices } from '../components/conversion-options';
import { errorText } from '../lib/api-error';
import { proposePlan } from './api/propose-plan';
import { LOCAL_PREVIEW_MAX_BYTES } from './local-preview';
import { planPreview } from './local-work';
import type { PlanPreview } from './plan-preview';

/**
 * `upFront`: proposed unasked, as soon as the input was chosen, because the plain table would be wider than
 * WIDE_TABLE_COLUMNS; the panel then asks whether to apply it or convert plainly.
 */
export type Proposal =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; response: FlattenPlanResponse; upFront: boolean };
export type PlanPreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: PlanPreview }
  | { status: 'failed'; message: string };

/** A plain table wider than this is hard to read: the proposal is shown up front, applied unless declined. */
export const WIDE_TABLE_COLUMNS = 60;
/** Pasted text is proposed for once typing has paused this long (a file at once). */
const TYPING_PAUSE_MS = 600;

/** The JSON text the preview reads: pasted text, or a file small enough to read in the browser. */
async function previewInput(input: File | string): Promise<string | null> {
  if (typeof input === 'string') return input;
  return input.size <= LOCAL_PREVIEW_MAX_BYTES ? input.text() : null;
}

/**
 * The flattening plan panel's state: the server's proposal for the input (unasked for a wide one, or when
 * asked), the plan as edited, whether to use it, and its preview on the input's first rows. `onPlan` (stable)
 * receives the plan the conversion should use, or null for none.
 */
export function useFlattenPlan(
  input: File | string,
  choices: Pick<ConversionChoices, 'arrays'>,
  onPlan: (plan: FlattenPlanDocument | null) => void,
) {
  const [proposal, setProposal] = useState<Proposal>({ status: 'idle' });
  const [plan, setPlan] = useState<FlattenPlanDocument | null>(null);
  const [used, setUsed] = useState(true);
  const [preview, setPreview] = useState<PlanPreviewState>({ status: 'loading' });
  const [sample, setSample] = useState<string | null>(null);
  const [recordsPath, setRecordsPath] = useState('');
  const [ownTables, setOwnTables] = useState(false);

  useEffect(() => {
    onPlan(plan !== null && used ? plan : null);
  }, [plan, used, onPlan]);

  useEffect(() => {
    let current = true;
    previewInput(input).then((text) => current && setSample(text));
    return () => {
      current = false;
    };
  }, [input]);

  useEffect(() => {
    if (plan === null || sample === null) return;
    // Up to 5 MB of JSON runs through the engine here: a big input is previewed in a worker, ended when
    // the plan changes again.
    const stop = new AbortController();
    setPreview({ status: 'loading' });
    planPreview({ json: sample, plan, arrays: choices.arrays }, stop.signal).then(
      (made) => !stop.signal.aborted && setPreview({ status: 'ready', preview: made }),
      (error: unknown) =>
        !stop.signal.aborted &&
        setPreview({ status: 'failed', message: error instanceof Error ? error.message : 'The preview failed' }),
    );
    return () => stop.abort();
  }, [plan, sample, choices.arrays]);

  // Whether the proposal shown came unasked (for this input) or by hand (then it stays until asked again).
  const shownUnasked = useRef(false);
  const askedByHand = useRef(false);

  // Every new input is profiled (a sample, on the server); a wide one gets its proposal shown at once.
  useEffect(() => {
    if (shownUnasked.current) {
      // Edited text: the proposal shown was for the text before.
      shownUnasked.current = false;
      setProposal({ status: 'idle' });
      setPlan(null);
    }
    const stop = new AbortController();
    const timer = setTimeout(
      () => {
        proposePlan(input, '', false, stop.signal).then(
          (response) => {
            if (stop.signal.aborted || askedByHand.current || response.columns.before <= WIDE_TABLE_COLUMNS) return;
            shownUnasked.current = true;
            setProposal({ status: 'ready', response, upFront: true });
            setPlan(response.plan);
            setUsed(true);
          },
          // Nothing to show unasked: the button still proposes, and the conversion says what is wrong with the input.
          () => {},
        );
      },
      typeof input === 'string' ? TYPING_PAUSE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [input]);

  async function propose() {
    askedByHand.current = true;
    shownUnasked.current = false;
    setProposal({ status: 'loading' });
    try {
      const response = await proposePlan(input, recordsPath, ownTables);
      setProposal({ status: 'ready', response, upFront: false });
      setPlan(response.plan);
      setUsed(true);
    } catch (error) {
      setProposal({ status: 'failed', message: errorText(error, 'The flattening plan could not be proposed') });
    }
  }

  return {
    proposal,
    plan,
    setPlan,
    used,
    setUsed,
    preview,
    sample,
    recordsPath,
    setRecordsPath,
    ownTables,
    setOwnTables,
    propose,
  };
}
