import { CONVERSION_TEXTS, QUICK_CONVERT_MAX_BYTES } from '@unnest/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api-error';
import { type QuickConvertStanding, standingFrom, useConvertSimple } from './api/convert-simple';
import { type QuickLocalCsv, quickJsonCheck } from './quick-json-check';

/**
 * The quick convert's state: the pasted JSON, checked in the browser before it is sent (a typo uses none of
 * the address's conversions), the server's answer, and the standing its headers state.
 */
export function useQuickConvert() {
  const [json, setJson] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [standing, setStanding] = useState<QuickConvertStanding>();
  // The browser's conversion of the JSON sent: its guarded cells are shown when its CSV is the server's.
  const [local, setLocal] = useState<QuickLocalCsv>();
  const convert = useConvertSimple();
  const size = new TextEncoder().encode(json).length;
  const tooBig = size > QUICK_CONVERT_MAX_BYTES;
  const limited = standing !== undefined && standing.remaining === 0;

  // The limit lifts when the next conversion comes back.
  useEffect(() => {
    if (!limited || standing === undefined) return;
    const timer = setTimeout(() => setStanding(undefined), Math.max(0, standing.nextAt.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [limited, standing]);

  function edit(value: string) {
    setJson(value);
    setValidation(null);
    setLocal(undefined);
    convert.reset();
  }

  async function submit() {
    if (!json.trim()) {
      setValidation(CONVERSION_TEXTS.emptyQuickConvert);
      return;
    }
    setChecking(true);
    // Should the check itself fail (not the JSON), the server decides, as it would without it.
    const checked = await quickJsonCheck(json)
      .catch(() => undefined)
      .finally(() => setChecking(false));
    if (checked !== undefined && 'problem' in checked) {
      setValidation(
        `This is not JSON the converter can read: ${checked.problem}. Nothing was sent, so no conversion was used.`,
      );
      return;
    }
    setLocal(checked);
    convert.mutate(json, {
      onSuccess: (result) => setStanding(result.standing),
      onError: (error) => {
        if (error instanceof ApiError) setStanding(standingFrom(error.headers, new Date()) ?? standing);
      },
    });
  }

  return {
    json,
    edit,
    submit,
    validation,
    standing,
    limited,
    local,
    convert,
    busy: checking || convert.isPending,
    size,
    tooBig,
  };
}
