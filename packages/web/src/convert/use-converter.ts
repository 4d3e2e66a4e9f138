import type { FlattenPlanDocument } from '@unnest/contracts';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ConversionChoices, ConversionMode } from '../components/conversion-options';
import { useSettings } from '../lib/api/get-settings';
import { useSubscription } from '../lib/api/get-subscription';
import type { InputKind } from './conversion-toggles';
import {
  type ConverterAction,
  type ConverterState,
  compareBlockedReason,
  comparedConversion,
  conversionToRun,
  converterReducer,
  initialConverterState,
  liveRequestOf,
  offersAnalysisForCredit,
  planInputOf,
  planToConvertWith,
} from './converter-state';
import { useConversion } from './use-conversion';
import { useLiveConversion } from './use-live-conversion';

/** Refusals a conversion credit pays for (the server's text then says to buy credits). */
const CREDIT_PAYS_FOR = new Set(['FORMAT_NOT_IN_PLAN', 'FILE_TOO_LARGE', 'QUOTA_EXCEEDED', 'FORBIDDEN']);

/**
 * The converter page's state (`converterReducer`) with the conversion it runs, the one made as small pasted
 * text is typed, the saved settings its options start from and the plan's allowances; every change of input
 * clears the last result.
 */
export function useConverter() {
  const settings = useSettings();
  const subscription = useSubscription();
  const conversion = useConversion();
  const [state, dispatch] = useReducer(converterReducer, undefined, initialConverterState);
  const { mode, inputKind, text, choices, flattenPlan, convertedPlan } = state;
  const { outcome } = conversion;
  const liveRequest = useMemo(
    () => liveRequestOf({ mode, inputKind, text, choices, flattenPlan }),
    [mode, inputKind, text, choices, flattenPlan],
  );
  const live = useLiveConversion(liveRequest);

  // Options start from the saved settings once they arrive, and again on every mode change; settings saved
  // meanwhile (the theme switched in the top bar) leave the options chosen here as they are.
  const loadedSettings = settings.data;
  const settingsAppliedFor = useRef<ConversionMode | null>(null);
  useEffect(() => {
    if (!loadedSettings || settingsAppliedFor.current === mode) return;
    settingsAppliedFor.current = mode;
    dispatch({ type: 'settings', settings: loadedSettings, mode });
  }, [loadedSettings, mode]);

  const subscribed = subscription.data;
  const analysisForCredit = offersAnalysisForCredit(state, subscribed?.is_premium);
  const compared = useMemo(
    () => comparedConversion({ mode, text, convertedPlan }, outcome),
    [outcome, mode, text, convertedPlan],
  );

  // Stable: the flattening plan panel reports its plan from an effect that depends on it.
  const setFlattenPlan = useCallback((next: FlattenPlanDocument | null) => dispatch({ type: 'plan', plan: next }), []);

  const error = state.inputError ?? conversion.errorMessage;

  function changeInput(action: ConverterAction) {
    conversion.reset();
    dispatch(action);
  }

  // Text converted as it is typed follows the options at once: a result the server made with others goes.
  function changeOptions(action: ConverterAction) {
    if (liveRequest !== null) conversion.reset();
    dispatch(action);
  }

  return {
    state,
    conversion,
    /** The error to show: the input's, else the conversion's. */
    error,
    /** The error is a refusal a conversion credit pays for: offer to buy credits beside it. */
    creditPaysForError: conversion.errorCode !== null && CREDIT_PAYS_FOR.has(conversion.errorCode),
    isPremium: subscribed?.is_premium === true,
    /** A plan without the analysis gets it (for an uploaded file) and the comparison for one credit each. */
    creditPaysAnalysis: subscribed?.is_premium === false,
    analysisForCredit,
    allowedFormats: subscribed?.formats,
    creditsLeft: subscribed?.credits ?? 0,
    planInput: planInputOf(state),
    compared,
    /** What the page shows: the last conversion asked for, else the one made as the text is typed. */
    shown: outcome ?? (live.status === 'ready' ? live.outcome : null),
    /** What is wrong with the text being typed, as the engine read it (a conversion's own error says it instead). */
    liveError: outcome === null && error === null && live.status === 'failed' ? live.message : null,
    /** Why the quality analysis cannot open now (null: it can). */
    compareBlocked: compareBlockedReason(state, outcome, compared),
    changeMode: (next: ConversionMode) => changeInput({ type: 'mode', mode: next }),
    changeInputKind: (next: InputKind) => changeInput({ type: 'input-kind', inputKind: next }),
    chooseFile: (file: File | null) => changeInput({ type: 'file', file }),
    editText: (next: string) => changeInput({ type: 'text', text: next }),
    clearAll: () => changeInput({ type: 'clear' }),
    async pasteFromClipboard() {
      try {
        const pasted = await navigator.clipboard.readText();
        changeInput({ type: 'pasted', text: pasted });
      } catch {
        dispatch({ type: 'input-error', message: 'Failed to read from clipboard' });
      }
    },
    setChoices: (next: ConversionChoices) => changeOptions({ type: 'choices', choices: next }),
    setExcelSafe: (on: boolean) => changeOptions({ type: 'excel-safe', on }),
    setFlattenPlan,
    toggleAnalysis: () => dispatch({ type: 'toggle-analysis' }),
    setComparing: (open: boolean) => dispatch({ type: 'comparing', open }),
    convert: () => convert(state),
    /** Converts the file again with the records at `path` (see LeftOutNote). */
    convertRecordsAt(path: string) {
      const choices = { ...state.choices, recordsPath: path };
      dispatch({ type: 'choices', choices });
      convert({ ...state, choices });
    },
  };

  function convert(from: ConverterState) {
    conversion.reset();
    const run = conversionToRun(from, analysisForCredit);
    dispatch({ type: 'converting', plan: planToConvertWith(from) });
    if ('request' in run) conversion.convert(run.request);
    else dispatch({ type: 'input-error', message: run.missing });
  }
}
