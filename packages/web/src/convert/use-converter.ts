import type { FlattenPlanDocument } from '@unnest/contracts';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { ConversionChoices, ConversionMode } from '../components/conversion-options';
import { useSettings } from '../lib/api/get-settings';
import { useSubscription } from '../lib/api/get-subscription';
import type { InputKind } from './conversion-toggles';
import {
  type ConverterAction,
  type ConverterState,
  comparedConversion,
  conversionToRun,
  converterReducer,
  initialConverterState,
  offersAnalysisForCredit,
  planInputOf,
  planToConvertWith,
} from './converter-state';
import { useConversion } from './use-conversion';

/** Refusals a conversion credit pays for (the server's text then says to buy credits). */
const CREDIT_PAYS_FOR = new Set(['FORMAT_NOT_IN_PLAN', 'FILE_TOO_LARGE', 'QUOTA_EXCEEDED', 'FORBIDDEN']);

/**
 * The converter page's state (`converterReducer`) with the conversion it runs, the saved settings its
 * options start from and the plan's allowances; every change of input clears the last result.
 */
export function useConverter() {
  const settings = useSettings();
  const subscription = useSubscription();
  const conversion = useConversion();
  const [state, dispatch] = useReducer(converterReducer, undefined, initialConverterState);
  const { mode, text, convertedPlan } = state;
  const { outcome } = conversion;

  // Options start from the saved settings once they arrive, and again on every mode change.
  const loadedSettings = settings.data;
  useEffect(() => {
    if (loadedSettings) dispatch({ type: 'settings', settings: loadedSettings, mode });
  }, [loadedSettings, mode]);

  const subscribed = subscription.data;
  const analysisForCredit = offersAnalysisForCredit(state, subscribed?.is_premium);
  const compared = useMemo(
    () => comparedConversion({ mode, text, convertedPlan }, outcome),
    [outcome, mode, text, convertedPlan],
  );

  // Stable: the flattening plan panel reports its plan from an effect that depends on it.
  const setFlattenPlan = useCallback((next: FlattenPlanDocument | null) => dispatch({ type: 'plan', plan: next }), []);

  function changeInput(action: ConverterAction) {
    conversion.reset();
    dispatch(action);
  }

  return {
    state,
    conversion,
    /** The error to show: the input's, else the conversion's. */
    error: state.inputError ?? conversion.errorMessage,
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
    setChoices: (choices: ConversionChoices) => dispatch({ type: 'choices', choices }),
    setExcelSafe: (on: boolean) => dispatch({ type: 'excel-safe', on }),
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
